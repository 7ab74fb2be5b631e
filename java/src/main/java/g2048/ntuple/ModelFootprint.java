package g2048.ntuple;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The memory a model file's tables take once loaded for play, read from its header alone, so that a
 * command can refuse models that cannot fit before it loads any (the kernel would otherwise kill the
 * process part-way, without a word).
 */
public final class ModelFootprint {

    private ModelFootprint() {
    }

    /**
     * The bytes of the tables {@code file} is loaded into for play from {@code table}: int16 tables for
     * a TD-afterstate model unless float32 ones are asked for, else float32. 0 when the header cannot
     * be read (the load then says why).
     */
    public static long playBytes(Path file, TablePrecision table) {
        try {
            if (!Files.isRegularFile(file)) {
                return 0;
            }
            ByteBuffer head = ByteBuffer.allocate(ModelHeader.HEADER_BYTES);
            long size;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                size = ch.size();
                while (head.hasRemaining() && ch.read(head) >= 0) {
                    // the whole header, or up to the end of a short file
                }
            }
            if (head.flip().limit() < ModelHeader.HEADER_BYTES) {
                return 0;
            }
            ModelHeader h = ModelHeader.decode(file, head, size);
            boolean int16 = h.method() == Method.TD_AFTERSTATE && table != TablePrecision.FLOAT32;
            return h.banks() * h.weights() * (int16 ? Short.BYTES : Float.BYTES);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * The memory this process may still take: the kernel's estimate of what can be allocated without
     * swapping ({@code MemAvailable}), or less when a control group limits the process; -1 when
     * unknown (not Linux).
     */
    public static long availableBytes() {
        long available = -1;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    available = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        try {
            String max = Files.readString(Path.of("/sys/fs/cgroup/memory.max")).strip();
            if (!max.equals("max")) {
                long used = Long.parseLong(Files.readString(Path.of("/sys/fs/cgroup/memory.current")).strip());
                long left = Math.max(0, Long.parseLong(max) - used);
                available = available < 0 ? left : Math.min(available, left);
            }
        } catch (IOException | RuntimeException e) {
            // no control group limit to read
        }
        return available;
    }
}
