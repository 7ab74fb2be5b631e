package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.LockFile;
import g2048.nn.NetworkFile;
import g2048.nn.TrainedNetwork;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainCnnCommandTest {

    private static final String TINY = "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1";

    @TempDir
    Path dir;

    /** Runs the command; returns {exit code, stdout + stderr}. */
    private static Object[] run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream capture = new PrintStream(buf, true);
        System.setOut(capture);
        System.setErr(capture);
        int code;
        try {
            picocli.CommandLine cl = Main.commandLine();
            cl.setErr(new java.io.PrintWriter(capture, true));
            String[] full = new String[args.length + 2];
            full[0] = "train";
            full[1] = "cnn";
            System.arraycopy(args, 0, full, 2, args.length);
            code = cl.execute(full);
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        return new Object[] {code, buf.toString()};
    }

    @Test
    void generatorsPlayManyMoreGamesAtOnceOnTheGpu() {
        assertEquals(16, TrainCnnCommand.defaultLanes(null, new g2048.nn.CpuBackend()));
        assertEquals(512, TrainCnnCommand.defaultLanes(null, new g2048.cuda.CudaBackend()));
        assertTrue(g2048.cuda.CudaBackend.GENERATOR_LANES >= 256, "a GPU forward of a few boards is launch-bound");
        assertEquals(3, TrainCnnCommand.defaultLanes(3, new g2048.cuda.CudaBackend()), "--lanes wins");
        Object[] help = run("--help");
        assertTrue(((String) help[1]).contains("16 on the CPU, 512 on the GPU"), (String) help[1]);
    }

    @Test
    void trainsSnapshotsEvaluatesPlotsAndResumes() throws Exception {
        Path out = dir.resolve("run");
        Object[] r = run("--arch", TINY, "--device", "cpu", "--positions", "3000", "--snapshot-every", "1000",
                "--eval-games", "4", "--generators", "1", "--lanes", "8", "--batching", "batch128", "--out", out.toString());
        assertEquals(0, r[0], (String) r[1]);
        TrainedNetwork first = NetworkFile.load(out.resolve("latest.g2nn"));
        assertNotNull(first.adam(), "the resume point keeps the optimiser state");
        assertTrue(first.positions() >= 3000);
        List<String> csv = Files.readAllLines(out.resolve("curve.csv"));
        assertEquals("positions,steps,seconds,games,mean,sd,max,reach2048,reach4096,reach8192,reach16384,train_mean100", csv.get(0));
        assertEquals(4, csv.size(), "three snapshots evaluated (1,000, 2,000, final): " + csv);
        byte[] png = Files.readAllBytes(out.resolve("curve.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
        try (var files = Files.list(out.resolve("snapshots"))) {
            assertEquals(3, files.count());
        }
        try (var files = Files.list(out)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary files left");
        }
        assertTrue(((String) r[1]).contains("positions/s") && ((String) r[1]).contains("ETA"), "a progress line: " + r[1]);
        assertTrue(((String) r[1]).contains("time  generators: values "), "where the time went: " + r[1]);

        Object[] again = run("--resume", out.toString(), "--device", "cpu", "--positions", "4500", "--snapshot-every", "1000",
                "--eval-games", "2", "--generators", "1", "--lanes", "8", "--batching", "batch128");
        assertEquals(0, again[0], (String) again[1]);
        TrainedNetwork second = NetworkFile.load(out.resolve("latest.g2nn"));
        assertEquals(first.spec(), second.spec());
        assertTrue(second.positions() >= 4500);
        assertTrue(second.adam().steps() > first.adam().steps(), "Adam continues its step count");
        assertTrue(Files.readAllLines(out.resolve("curve.csv")).size() > csv.size(), "the curve continues");
    }

    @Test
    void withoutEvaluationGamesTheCurveFollowsTheTrainingGames() throws Exception {
        Path out = dir.resolve("noeval");
        Object[] r = run("--arch", TINY, "--device", "cpu", "--positions", "2000", "--snapshot-every", "1000",
                "--eval-games", "0", "--generators", "1", "--lanes", "8", "--batching", "batch128", "--out", out.toString());
        assertEquals(0, r[0], (String) r[1]);
        List<String> csv = Files.readAllLines(out.resolve("curve.csv"));
        assertEquals(3, csv.size(), "a row per snapshot: " + csv);
        for (String row : csv.subList(1, csv.size())) {
            assertTrue(row.matches("\\d+,\\d+,[0-9.]+,0,,,,,,,,[-0-9.NaN]+"), "no greedy columns: " + row);
        }
        byte[] png = Files.readAllBytes(out.resolve("curve.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
        assertTrue(!((String) r[1]).contains("eval at"), (String) r[1]);
        // a resumed run reads the empty columns back and goes on
        Object[] again = run("--resume", out.toString(), "--device", "cpu", "--positions", "3000", "--snapshot-every", "1000",
                "--eval-games", "1", "--generators", "1", "--lanes", "8", "--batching", "batch128");
        assertEquals(0, again[0], (String) again[1]);
        assertEquals(4, Files.readAllLines(out.resolve("curve.csv")).size());
    }

    @Test
    void aRunResumedFromElsewhereNeverReplacesAnotherRun() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        for (Path run : new Path[] {a, b}) {
            Object[] r = run("--arch", TINY, "--device", "cpu", "--positions", "500", "--eval-games", "0", "--generators", "1",
                    "--lanes", "4", "--out", run.toString());
            assertEquals(0, r[0], (String) r[1]);
        }
        byte[] latest = Files.readAllBytes(b.resolve("latest.g2nn"));
        Object[] r = run("--arch", TINY, "--device", "cpu", "--positions", "1000", "--eval-games", "0", "--generators", "1",
                "--lanes", "4", "--resume", a.toString(), "--out", b.toString());
        assertEquals(2, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("--out: " + b + " already holds a run; use --resume " + b), (String) r[1]);
        assertArrayEquals(latest, Files.readAllBytes(b.resolve("latest.g2nn")), "the other run is as it was");
    }

    @Test
    void aSecondRunInTheSameDirectoryIsRefused() throws Exception {
        Path busy = dir.resolve("busy");
        try (LockFile held = LockFile.inDirectory(busy)) {
            Object[] r = run("--arch", TINY, "--device", "cpu", "--positions", "10", "--generators", "1", "--out", busy.toString());
            assertEquals(2, r[0], (String) r[1]);
            assertTrue(((String) r[1]).contains("--out: " + busy + " is in use by another run (" + held.file() + " is locked)"),
                    (String) r[1]);
            assertTrue(Files.notExists(busy.resolve("latest.g2nn")), "nothing written");
        }
    }

    @Test
    void badInputGetsOneLineAndExitCode2() throws Exception {
        g2048.cuda.CudaProbe.Result probe = g2048.cuda.CudaProbe.probe();
        if (!probe.available()) {
            Object[] cuda = run("--device", "cuda", "--positions", "10", "--out", dir.resolve("a").toString());
            assertEquals(2, cuda[0]);
            assertTrue(((String) cuda[1]).contains("--device cuda: CUDA unavailable: " + probe.reason()), (String) cuda[1]);
        }

        Object[] batching = run("--device", "cpu", "--batching", "minibatch", "--positions", "10", "--out", dir.resolve("b").toString());
        assertEquals(2, batching[0]);
        assertTrue(((String) batching[1]).contains("--batching"), (String) batching[1]);

        Object[] gemm = run("--device", "cpu", "--gemm", "cudnn", "--positions", "10", "--out", dir.resolve("g").toString());
        assertEquals(2, gemm[0]);
        assertTrue(((String) gemm[1]).contains("--gemm cudnn: expected kernels, cublas or tf32"), (String) gemm[1]);
        Object[] library = run("--device", "cpu", "--gemm", "cublas", "--positions", "10", "--out", dir.resolve("h").toString());
        assertEquals(2, library[0]);
        assertTrue(((String) library[1]).contains("--gemm cublas: --device cpu does not take it; it needs --device cuda"),
                (String) library[1]);
        assertTrue(Files.notExists(dir.resolve("h")), "nothing written for bad input");

        Object[] arch = run("--device", "cpu", "--arch", "CNN99", "--positions", "10", "--out", dir.resolve("c").toString());
        assertEquals(2, arch[0]);
        assertTrue(((String) arch[1]).contains("unknown architecture 'CNN99'"), (String) arch[1]);

        Object[] missing = run("--device", "cpu", "--positions", "10", "--resume", dir.resolve("nothing").toString());
        assertEquals(2, missing[0]);
        assertTrue(((String) missing[1]).contains("latest.g2nn does not exist"), (String) missing[1]);

        Path bad = dir.resolve("bad");
        Files.createDirectories(bad);
        Files.write(bad.resolve("latest.g2nn"), new byte[10]);
        Object[] truncated = run("--device", "cpu", "--positions", "10", "--resume", bad.toString());
        assertEquals(2, truncated[0]);
        assertTrue(((String) truncated[1]).contains("latest.g2nn: truncated"), (String) truncated[1]);
        assertEquals(1, ((String) truncated[1]).strip().lines().count(), "one line: " + truncated[1]);
    }
}
