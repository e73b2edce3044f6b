package dev.stackbench.core.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stackbench.testing.ChecksBehaviour;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every call of {@link ProgressListener}, those added later too, reaches the delegate: each listener that extends it
 * then forwards what it does not override.
 */
@ChecksBehaviour
class ForwardingProgressListenerTest {

    @Test
    void everyCallOfTheListenerReachesTheDelegate() throws Exception {
        var heard = new ArrayList<String>();
        var delegate = (ProgressListener) Proxy.newProxyInstance(
                ProgressListener.class.getClassLoader(),
                new Class<?>[] {ProgressListener.class},
                (proxy, method, args) -> {
                    heard.add(method.getName());
                    return null;
                });
        ProgressListener forwarding = new ForwardingProgressListener(delegate) {};
        List<Method> calls = Arrays.stream(ProgressListener.class.getMethods())
                .filter(method -> !Modifier.isStatic(method.getModifiers()))
                .toList();

        for (Method call : calls) {
            call.invoke(forwarding, new Object[call.getParameterCount()]);
        }

        assertThat(calls).isNotEmpty();
        assertThat(heard)
                .containsExactlyInAnyOrderElementsOf(
                        calls.stream().map(Method::getName).toList());
    }
}
