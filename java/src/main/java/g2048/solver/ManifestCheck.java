package g2048.solver;

import g2048.files.BadFileException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;

/**
 * Checks a manifest written by an earlier release (no checksum line) against the age files, so
 * that {@code solve} can add the checksum without solving again. Each age file carries its own
 * SHA-256, header and counts; the manifest's numbers are then only trusted where the files bear
 * them out:
 * <ul>
 *   <li>every ids file up to {@code forwardComplete} is intact;</li>
 *   <li>once the forward pass is finished, {@code lastAge} is where it stops: the first age past 8
 *       whose two previous ages have no afterstates is {@code lastAge + 2}, not earlier;</li>
 *   <li>every values file from {@code backwardComplete} to {@code lastAge} is intact and counts the
 *       states and afterstates of its ids file; an unfinished backward pass has its checkpoints.</li>
 * </ul>
 * This reads every file once (the cost of computing their checksums), far less than solving.
 */
final class ManifestCheck {

    private ManifestCheck() {
    }

    /** Throws a {@link BadFileException} naming the manifest (or the damaged file) when {@code m} disagrees with the files. */
    static void againstFiles(Path dir, Manifest m) throws IOException {
        Path file = dir.resolve(Manifest.FILE);
        int forward = m.forwardComplete();
        long[] states = new long[forward + 1];
        long[] afters = new long[forward + 1];
        try (Arena arena = Arena.ofConfined()) {
            for (int age = Manifest.FIRST_AGE; age <= forward; age += 2) {
                AgeFiles.Ids ids = AgeFiles.readIds(dir, m.shape(), age, arena);
                states[age] = ids.states();
                afters[age] = ids.afters();
            }
        }
        if (m.forwardFinished()) {
            int last = m.lastAge();
            if (last < 8) {
                // the pass never stops before age 10, whose parents are ages 8 and 6
                throw new BadFileException(file, "says the forward pass ends at age " + last + ", before age 8 where none can end");
            }
            for (int age = 10; age <= last + 2; age += 2) {
                boolean stops = afters[age - 2] == 0 && afters[age - 4] == 0;
                if (stops != (age == last + 2)) {
                    throw new BadFileException(file, "says the forward pass ends at age " + last + ", the ids files say it "
                            + (stops ? "ends at age " + (age - 2) : "goes on past it") + "; solve again into a new directory");
                }
            }
        }
        if (m.backwardComplete() == 0) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            for (int age = m.backwardComplete(); age <= m.lastAge(); age += 2) {
                AgeFiles.Values v = AgeFiles.readValues(dir, m.shape(), age, arena);
                if (v.stateValues().size() != states[age] || v.afterValues().size() != afters[age]) {
                    throw new BadFileException(AgeFiles.valuesFile(dir, age), "holds " + v.stateValues().size() + " state and "
                            + v.afterValues().size() + " afterstate values, expected " + states[age] + " and " + afters[age]);
                }
            }
            if (!m.done()) {
                // a resumed backward pass starts from the exact values of the two youngest finished ages
                for (int age = m.backwardComplete(); age <= Math.min(m.backwardComplete() + 2, m.lastAge()); age += 2) {
                    AgeFiles.readDoubles(dir, m.shape(), age, states[age], arena);
                }
            }
        }
    }
}
