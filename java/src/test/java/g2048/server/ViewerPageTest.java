package g2048.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.TupleSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.solver.Solver;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer page played in a real headless Chromium by {@code bench/viewer-check.py}: arrow keys,
 * a swipe, the editor, each player the server serves (policy and value networks too) and a live game to
 * game over, the DOM checked against the server's answers.
 * Skipped, saying so, where no Chromium or python3 is installed.
 */
class ViewerPageTest {

    @TempDir
    static Path dir;
    private static MoveService service;
    private static MoveServer server;

    @BeforeAll
    static void start() throws IOException {
        // a small 4x4 model: its games are short, so live play reaches game over in seconds
        Path model = dir.resolve("small.g2n");
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567,0145,1256:sym"), Shape.S4x4,
                Method.TD_AFTERSTATE, 7, 0.01)) {
            new SelfPlay(m, 0.01, 1).train(100, null);
            NtupleModels.save(m, model);
        }
        Path db = dir.resolve("db23");
        new Solver(Shape.S2x3, db, 2).run(new Solver.Progress() {
            @Override
            public void forwardAge(int age, long states, long afterstates, long terminal, double seconds) {
            }

            @Override
            public void backwardAge(int age, double bestAfterstateValue, double seconds) {
            }
        });
        // tiny networks with random weights: the page offers the policy and cnn players too
        Path policyFile = dir.resolve("p.g2pn");
        g2048.nn.NetSpec policy = g2048.nn.NetSpec.policy("tiny", 1, 3);
        g2048.policy.PolicyFile.save(policyFile, new g2048.policy.PolicyModel(policy,
                g2048.nn.PolicyNetworkTest.randomWeights(policy, new g2048.game.Rng(5)), null, 0));
        Path cnnFile = dir.resolve("v.g2nn");
        g2048.nn.NetSpec cnn = g2048.nn.NetSpec.parse(g2048.nn.Head.VALUE, "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1");
        g2048.nn.NetworkFile.save(cnnFile, new g2048.nn.TrainedNetwork(cnn,
                g2048.nn.Initializer.truncatedNormal(new g2048.nn.Network(cnn), 3), null, 0));
        service = MoveService.open(MoveService.Sources.of(model, db).withPolicy(policyFile)
                .withCnn(cnnFile, "cpu", g2048.nn.BackendOptions.NONE));
        server = MoveServer.start(service, new MoveServer.Settings("127.0.0.1", 0, 2, 64, 60_000));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (service != null) {
            service.close();
        }
    }

    @Test
    void healthNamesTheDeepestDepthTheViewerOffers() {
        MoveServerTest.Answer h = MoveServerTest.get(server, "/health");
        assertEquals(200, h.status());
        assertEquals(java.util.List.of("ntuple", "lines", "heuristic", "random", "optimal", "policy", "cnn"), h.json().get("players"));
        assertEquals((long) MoveService.MAX_DEPTH, ((Number) h.json().get("max_depth")).longValue(), h.body());
        assertEquals(400, MoveServerTest.get(server, "/move?board=2,2/0,0&depth=" + (MoveService.MAX_DEPTH + 1)).status());
    }

    @Test
    void thePagePlaysInHeadlessChromium() throws Exception {
        String browser = onPath("chromium", "chromium-browser", "google-chrome");
        assumeTrue(browser != null, "no chromium on this machine (apt-get install chromium): the viewer is not checked in a browser");
        assumeTrue(onPath("python3") != null, "no python3 on this machine: the viewer is not checked in a browser");
        Path script = repositoryFile("bench/viewer-check.py");
        Path out = dir.resolve("out");
        ProcessBuilder pb = new ProcessBuilder("python3", script.toString(), "http://127.0.0.1:" + server.port(), out.toString(),
                "--browser", browser, "--presses", "12", "--live-player", "lines", "--live-shape", "3x3", "--live-depth", "2",
                "--live-seed", "5", "--live-timeout", "240", "--screenshot-moves", "20")
                .redirectErrorStream(true).redirectOutput(dir.resolve("viewer-check.log").toFile());
        Process p = pb.start();
        boolean ended = p.waitFor(300, TimeUnit.SECONDS);
        if (!ended) {
            // the script closes its browser on SIGTERM; what is left of its own children goes after it
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
            }
        }
        String text = Files.readString(dir.resolve("viewer-check.log"));
        assertTrue(ended, "viewer-check.py did not end within 300 s:\n" + text);
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.contains("viewer-check: all checks hold"), text);
        assertTrue(text.lines().noneMatch(l -> l.startsWith("FAIL")), text);
        assertTrue(Files.size(out.resolve("viewer.png")) > 10_000, "a screenshot");
    }

    private static String onPath(String... names) {
        for (String dirName : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String n : names) {
                Path f = Path.of(dirName, n);
                if (Files.isExecutable(f)) {
                    return f.toString();
                }
            }
        }
        return null;
    }

    /** A file of the repository: the tests run in the module's directory, below the root. */
    private static Path repositoryFile(String relative) {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.exists(d.resolve(relative))) {
                return d.resolve(relative);
            }
        }
        throw new IllegalStateException(relative + " not found above " + Path.of("").toAbsolutePath());
    }
}
