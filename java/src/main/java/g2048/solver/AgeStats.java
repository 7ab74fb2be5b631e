package g2048.solver;

import static g2048.solver.Layouts.DOUBLE;
import static g2048.solver.Layouts.LONG;

import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-age figures of a solution directory, read from the headers of its files (the checksums
 * are checked when a file's content is used, not here).
 */
public record AgeStats(int age, long states, long afterstates, long terminal, double bestAfterstateValue) {

    /** Every age the manifest marks as enumerated, with best values where the backward pass has been. */
    public static List<AgeStats> read(Path dir, Manifest m) throws IOException {
        List<AgeStats> out = new ArrayList<>();
        for (int age = Manifest.FIRST_AGE; age <= m.forwardComplete(); age += 2) {
            if (AgeTable.partitioned(dir, age)) {
                out.add(partitioned(dir, m, age));
                continue;
            }
            MemorySegment ids = header(AgeFiles.idsFile(dir, age));
            double best = Double.NaN;
            if (m.backwardComplete() != 0 && age >= m.backwardComplete()) {
                best = header(AgeFiles.valuesFile(dir, age)).get(DOUBLE, AgeFiles.BEST_OFFSET);
            }
            out.add(new AgeStats(age, ids.get(LONG, AgeFiles.STATES_OFFSET), ids.get(LONG, AgeFiles.AFTERS_OFFSET),
                    ids.get(LONG, AgeFiles.TERMINAL_OFFSET), best));
        }
        return out;
    }

    /** An age split in partitions: the counts from its index, the best value the best of its partitions'. */
    private static AgeStats partitioned(Path dir, Manifest m, int age) throws IOException {
        PartitionedAge index = PartitionedAge.read(dir, m.shape(), age);
        double best = Double.NaN;
        if (m.backwardComplete() != 0 && age >= m.backwardComplete()) {
            for (int p = 0; p < index.parts(); p++) {
                double b = header(dir.resolve(PartitionedAge.valuesName(age, p))).get(DOUBLE, AgeFiles.BEST_OFFSET);
                best = Double.isNaN(best) ? b : Double.isNaN(b) ? best : Math.max(best, b);
            }
        }
        return new AgeStats(age, index.totalStates(), index.totalAfters(), index.totalTerminal(), best);
    }

    private static MemorySegment header(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new BadFileException(file, "missing, though the manifest lists its age as complete");
        }
        RegularFile.check(file, "an age file of the solution");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocate((int) AgeFiles.HEADER_BYTES);
            while (buf.hasRemaining() && ch.read(buf) >= 0) {
                // keep reading until the header is in
            }
            if (buf.hasRemaining()) {
                throw new BadFileException(file, "shorter than its header");
            }
            return MemorySegment.ofArray(buf.array());
        }
    }

    /** Totals over ages. */
    public record Totals(long states, long afterstates, long terminal) {
        public static Totals of(List<AgeStats> ages) {
            long s = 0;
            long a = 0;
            long t = 0;
            for (AgeStats x : ages) {
                s += x.states();
                a += x.afterstates();
                t += x.terminal();
            }
            return new Totals(s, a, t);
        }
    }

}
