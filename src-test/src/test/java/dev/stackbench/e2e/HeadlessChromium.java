package dev.stackbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.stackbench.core.result.ResultFiles;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** A report page as a reader sees it, in Debian's headless Chromium: what it loaded, drew and fetched. */
final class HeadlessChromium {

    private HeadlessChromium() {}

    /**
     * Renders a copy of the page with a probe script (the page itself has none) that records, once
     * everything has loaded, how many images there are and which loaded with a size; for each flame graph (an iframe
     * running async-profiler's page), how many pixels its canvas drew and what share its own search finds for
     * 'Thread'. Chromium writes its net log meanwhile, and resolves no host name: nothing can leave the machine, and
     * {@link #pageRequests} tells whether the page tried; the net log and the DOM go to {@code temp}.
     */
    static String render(String chromium, Path report, Path temp) throws Exception {
        String page = Files.readString(report.resolve("index.html"));
        String probe = """
                <script>window.addEventListener('load', () => {
                  const images = [...document.images];
                  document.body.setAttribute('data-images', images.length);
                  document.body.setAttribute('data-images-loaded', images.filter(i => i.complete && i.naturalWidth > 0)
                      .map(i => i.getAttribute('src') + ':' + i.naturalWidth + 'x' + i.naturalHeight).join(' '));
                  const frames = [...document.querySelectorAll('iframe.flame')];
                  document.body.setAttribute('data-flames', frames.map(f => {
                    const canvas = f.contentDocument.getElementById('canvas');
                    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
                    let drawn = 0;
                    for (let i = 0; i < pixels.length; i += 4) {
                      if (pixels[i + 3] > 0 && (pixels[i] < 250 || pixels[i + 1] < 250 || pixels[i + 2] < 250)) drawn++;
                    }
                    f.contentWindow.search('Thread');
                    return f.id + ':' + drawn + ':' + f.contentDocument.getElementById('matchval').textContent;
                  }).join(' '));
                });</script>
                """;
        Path probed = Files.writeString(report.resolve("probe.html"), page.replace("</body>", probe + "</body>"));
        Path dom = temp.resolve("dom.html");
        Process process = new ProcessBuilder(
                        chromium,
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-background-networking",
                        "--host-resolver-rules=MAP * ~NOTFOUND",
                        "--log-net-log=" + temp.resolve("net.json"),
                        "--user-data-dir=" + temp.resolve("chromium-profile"),
                        "--virtual-time-budget=10000",
                        "--dump-dom",
                        probed.toUri().toString())
                .redirectOutput(dom.toFile())
                .redirectError(temp.resolve("chromium.log").toFile())
                .start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("chromium did not render the page within 120 s; its log: "
                    + Files.readString(temp.resolve("chromium.log")));
        }
        String html = Files.readString(dom, StandardCharsets.UTF_8);
        assertThat(html)
                .as("chromium's DOM (log: %s)", temp.resolve("chromium.log"))
                .contains("data-images-loaded");
        return html;
    }

    /**
     * The URLs of the network requests a page made, from Chromium's net log: requests started with a page's origin as
     * initiator (a file page's is "null"); the browser's own (component updates, time) have "not an origin". Files the
     * page loads from disk are not network requests and are not in the log.
     */
    static List<String> pageRequests(Path temp) throws Exception {
        JsonNode log = ResultFiles.json().readTree(temp.resolve("net.json").toFile());
        String startJob = null;
        for (var type : log.get("constants").get("logEventTypes").properties()) {
            if (type.getKey().equals("URL_REQUEST_START_JOB")) {
                startJob = type.getValue().asString();
            }
        }
        assertThat(startJob)
                .as("URL_REQUEST_START_JOB in the net log's constants")
                .isNotNull();
        var urls = new ArrayList<String>();
        for (JsonNode event : log.get("events")) {
            JsonNode params = event.get("params");
            if (event.get("type").asString().equals(startJob)
                    && params != null
                    && params.has("url")
                    && !"not an origin".equals(params.path("initiator").asString())) {
                urls.add(params.get("url").asString() + " (initiator "
                        + params.path("initiator").asString() + ")");
            }
        }
        return urls;
    }

    /** Debian's chromium; a missing browser fails the test, saying how to install it. */
    static String path() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (Files.isExecutable(Path.of(dir, name))) {
                    return Path.of(dir, name).toString();
                }
            }
        }
        return fail("headless Chromium is needed to check the report page and is not on the PATH:"
                + " install it with `apt-get install -y chromium` (Debian; .ci/run does this)");
    }

    /** An attribute the probe set on the page's body. */
    static String attribute(String dom, String name) {
        var matcher = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(dom);
        assertThat(matcher.find()).as("attribute %s in the rendered DOM", name).isTrue();
        return matcher.group(1);
    }
}
