package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.train.ntuple.NtupleCurve;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A training run stopped by SIGTERM (as Ctrl-C stops it) still saves its model and writes its curve to where it stopped. */
class TrainStopTest {

    @Test
    void trainNtupleStoppedBySigtermWritesItsCurveAndSummary(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("m.g2n");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the test JVM's module flags (native access, the Unsafe export), not its debugging agents
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--enable-native-access") || arg.startsWith("--add-exports") || arg.startsWith("java.base/")) {
                cmd.add(arg);
            }
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "train", "ntuple", "--net",
                "012,456:sym:c12", "--shape", "3x3", "--threads", "1", "--games", "100000000", "--eval-every", "300",
                "--eval-games", "5", "--checkpoint-every", "0", "--json", "--quiet", "--out", model.toString()));
        Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("err.txt").toFile()).start();
        List<Map<String, Object>> events = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                events.add(MiniJson.object(line));
                if (events.size() == 3) {
                    // start and two evaluations: stop it as Ctrl-C would
                    p.toHandle().destroy();
                }
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run ends after SIGTERM");
        String err = Files.readString(dir.resolve("err.txt"));
        assertTrue(events.size() >= 4, events + " " + err);
        Map<String, Object> summary = events.getLast();
        assertEquals("summary", summary.get("event"), events + " " + err);
        assertEquals(Boolean.TRUE, summary.get("stopped"));
        long games = ((Double) summary.get("games")).longValue();
        // at least the two evaluations' 600 games; exactly 600 when the signal lands while the second one's
        // curve is written, before the next game starts
        assertTrue(games >= 600 && games < 100_000_000, "stopped part-way: " + games);
        assertTrue(Files.size(model) > 0, "the model is saved");
        // the curve: a row per evaluation, then the training state where the run stopped (no greedy games there)
        List<String> curve = Files.readAllLines(dir.resolve("m.curve.csv"));
        assertEquals(String.join(",", NtupleCurve.COLUMNS.names()), curve.getFirst());
        int progressEvents = (int) events.stream().filter(e -> "progress".equals(e.get("event"))).count();
        assertEquals(progressEvents + 1, curve.size() - 1, curve.toString());
        String[] last = curve.getLast().split(",", -1);
        assertEquals(Long.toString(games), last[1], "the last row is where it stopped: " + curve.getLast());
        assertEquals("0", last[3], "no greedy games in the last row: " + curve.getLast());
        assertTrue(Files.size(dir.resolve("m.curve.png")) > 1000);
    }
}
