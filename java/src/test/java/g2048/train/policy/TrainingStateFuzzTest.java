package g2048.train.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.files.BadFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code state.properties} read as every other file: special files, bad text, fields out of range, edits. */
class TrainingStateFuzzTest {

    private static final String SHA = "ab".repeat(32);
    private static final int EPOCHS = 3;
    private static final long TRAIN = 1000;

    @TempDir
    Path dir;

    private Path written() throws IOException {
        Path f = dir.resolve("state.properties");
        new TrainingState("checkpoint-000000000640.g2pn", "data=x;holdout=0.1", 1, 500, 12.5, SHA).write(f);
        return f;
    }

    private void assertRefused(Path f, String mention) {
        BadFileException e = assertThrows(BadFileException.class, () -> TrainingState.read(f, EPOCHS, TRAIN), mention);
        String m = e.getMessage();
        assertTrue(m.startsWith(f.toString()) && m.contains(mention), mention + ": " + m);
        assertFalse(m.contains("Exception") || m.contains("\n") || m.contains("For input string"), m);
    }

    @Test
    void aWrittenStateReadsBack() throws IOException {
        TrainingState s = TrainingState.read(written(), EPOCHS, TRAIN);
        assertEquals(new TrainingState("checkpoint-000000000640.g2pn", "data=x;holdout=0.1", 1, 500, 12.5, SHA), s);
    }

    @Test
    void specialFilesAreRefusedWithoutHangingOrGrowing() throws Exception {
        Path f = dir.resolve("state.properties");
        Files.createSymbolicLink(f, Path.of("/dev/zero"));
        Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertRefused(f, "character device"));
        Files.delete(f);
        if (new ProcessBuilder("mkfifo", f.toString()).start().waitFor() == 0) {
            Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertRefused(f, "FIFO"));
            Files.delete(f);
        }
        Files.write(f, new byte[TrainingState.MAX_BYTES + 1]);
        assertRefused(f, "bytes, more than");
        Files.write(f, new byte[] {'e', 'p', 'o', 'c', 'h', '=', (byte) 0xff, (byte) 0xfe});
        assertRefused(f, "not UTF-8");
        Files.delete(f);
        assertRefused(f, "missing");
    }

    /** Edits a field of an unsealed state (as an older run wrote it): the range checks alone must hold. */
    private Path unsealedWith(String key, String value) throws IOException {
        Path f = written();
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            if (line.startsWith("state-sha256=")) {
                continue;
            }
            out.add(line.startsWith(key + "=") ? key + "=" + value : line);
        }
        return Files.write(f, out, StandardCharsets.UTF_8);
    }

    @Test
    void everyFieldIsRangeChecked() throws IOException {
        assertRefused(unsealedWith("epoch", "abc"), "epoch: 'abc' is not an integer");
        assertRefused(unsealedWith("epoch", "-5"), "epoch: -5 is out of range");
        assertRefused(unsealedWith("epoch", "4"), "epoch: 4 is out of range, expected 0..3");
        assertRefused(unsealedWith("cursor", "-100"), "cursor: -100 is out of range");
        assertRefused(unsealedWith("cursor", "1001"), "cursor: 1001 is out of range");
        assertRefused(unsealedWith("seconds", "NaN"), "seconds");
        assertRefused(unsealedWith("seconds", "-1"), "seconds");
        assertRefused(unsealedWith("checkpoint", "../../etc/passwd"), "checkpoint");
        assertRefused(unsealedWith("checkpoint", "checkpoint-\u001b[31m.g2pn"), "checkpoint");
        assertRefused(unsealedWith("latest-sha256", "xyz"), "latest-sha256");
        TrainingState legacy = TrainingState.read(unsealedWith("cursor", "7"), EPOCHS, TRAIN);
        assertEquals(7, legacy.cursor());
    }

    @Test
    void anEditedSealedStateIsRefused() throws IOException {
        Path f = written();
        String text = Files.readString(f).replace("cursor=500", "cursor=501");
        Files.writeString(f, text);
        assertRefused(f, "state-sha256 does not match");
    }

    @Test
    void randomDamageIsRefusedOrReadInRange() throws IOException {
        byte[] ok = Files.readAllBytes(written());
        SplittableRandom r = new SplittableRandom(34);
        Path f = dir.resolve("state.properties");
        for (int i = 0; i < 300; i++) {
            byte[] b = ok.clone();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                b[r.nextInt(b.length)] = (byte) r.nextInt(256);
            }
            Files.write(f, b);
            try {
                TrainingState s = TrainingState.read(f, EPOCHS, TRAIN);
                assertTrue(s.epoch() >= 0 && s.epoch() <= EPOCHS && s.cursor() >= 0 && s.cursor() <= TRAIN, "case " + i);
            } catch (BadFileException e) {
                assertTrue(e.getMessage().startsWith(f.toString()) && !e.getMessage().contains("\n"), e.getMessage());
            }
        }
    }
}
