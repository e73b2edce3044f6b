package dev.stackbench.core.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stackbench.testing.ChecksBehaviour;
import java.net.BindException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A port stackbench chose can be taken before the application binds it (another process's connection given it as its
 * ephemeral port: it failed a CI run once); the start then chooses again, and only then.
 */
@ChecksBehaviour
class PortChosenAgainTest {

    private static final AppSpec CHOSEN = AppSpec.of(new AppSource.ExecutableJar(Path.of("app.jar")));

    @Test
    void aChosenPortTakenInTheMeantimeIsChosenAgain() {
        var starts = new ArrayList<AppSpec>();

        String started = SpringBootApps.choosingThePortAgain(CHOSEN, spec -> {
            starts.add(spec);
            if (starts.size() == 1) {
                throw bindFailure();
            }
            return "ready";
        });

        assertThat(started).isEqualTo("ready");
        assertThat(starts).hasSize(2);
    }

    @Test
    void anApplicationInItsOwnProcessSaysSoInItsOutput() {
        var failure = new AppStartException(
                "application app.jar did not become ready: its process exited with code 1 before it was ready",
                List.of("Web server failed to start. Port 41234 was already in use."));

        assertThat(failure.portTaken()).isTrue();
    }

    @Test
    void aPortTakenTimeAfterTimeEndsTheStartAfterTheLastChoice() {
        var starts = new ArrayList<AppSpec>();

        assertThatThrownBy(() -> SpringBootApps.choosingThePortAgain(CHOSEN, spec -> {
                    starts.add(spec);
                    throw bindFailure();
                }))
                .isInstanceOf(AppStartException.class)
                .hasMessageContaining("Address already in use");
        assertThat(starts).hasSize(Ports.CHOICES);
    }

    @Test
    void aPortTheUserGaveIsNotChosenAgain() {
        var starts = new ArrayList<AppSpec>();
        AppSpec given = CHOSEN.withListen(AppSpec.DEFAULT_ADDRESS, 8080);

        assertThatThrownBy(() -> SpringBootApps.choosingThePortAgain(given, spec -> {
                    starts.add(spec);
                    throw bindFailure();
                }))
                .isInstanceOf(AppStartException.class);
        assertThat(starts).hasSize(1);
    }

    @Test
    void anyOtherFailureIsNotTriedAgain() {
        var starts = new ArrayList<AppSpec>();

        assertThatThrownBy(() -> SpringBootApps.choosingThePortAgain(CHOSEN, spec -> {
                    starts.add(spec);
                    throw new AppStartException(
                            "application app.jar failed to start: IllegalStateException: no datasource",
                            List.of(),
                            new IllegalStateException("no datasource"));
                }))
                .isInstanceOf(AppStartException.class);
        assertThat(starts).hasSize(1);
    }

    private static AppStartException bindFailure() {
        return new AppStartException(
                "application app.jar failed to start: BindException: Address already in use",
                List.of(),
                new IllegalStateException("Port 41234 is already in use", new BindException("Address already in use")));
    }
}
