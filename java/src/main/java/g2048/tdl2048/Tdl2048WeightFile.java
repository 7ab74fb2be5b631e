package g2048.tdl2048;

import g2048.files.BadFileException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The layout of a TDL2048+ weight file ({@code .w}), as its writer lays it out, little-endian:
 * <pre>
 *   ['w']  (files not named .w begin with their type)
 *   u8 0   (the serial of the list), u32 count, then count tables:
 *     u8 4                     the serial of a table
 *     name, 8 bytes            u32 sign, u16 its hex width, u16 0 when the name is a hex number;
 *                              else 8 characters padded with spaces
 *     u16 bytes per value (2, 4 or 8: half, single, double), u64 entries, the values
 *     blocks u16 size, u64 count, data ... until a u16 0 (the temporal-coherence accumulators)
 * </pre>
 * Several lists may follow one another. The file is mapped read-only; {@link #close()} unmaps it.
 */
final class Tdl2048WeightFile implements AutoCloseable {

    private static final ValueLayout.OfShort U16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt U32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** More tables than any network has: a count above it means the file is something else. */
    private static final long MAX_TABLES = 4096;

    /**
     * One table as stored.
     *
     * @param name    its name as TDL2048 prints it
     * @param sign    the name read as a hex number, or −1 when it is not one
     * @param width   bytes per value
     * @param entries its number of values
     * @param offset  where its values start
     */
    record Stored(String name, long sign, int width, long entries, long offset) {
    }

    private final Path file;
    private final Arena arena;
    private final MemorySegment data;
    private final List<Stored> tables;

    private Tdl2048WeightFile(Path file, Arena arena, MemorySegment data, List<Stored> tables) {
        this.file = file;
        this.arena = arena;
        this.data = data;
        this.tables = tables;
    }

    /** Maps and checks {@code file}: a missing, truncated or foreign file is a {@link BadFileException}. */
    static Tdl2048WeightFile open(Path file) throws BadFileException {
        if (!Files.isRegularFile(file)) {
            throw new BadFileException(file, Files.exists(file) ? "not a regular file" : "no such file");
        }
        Arena arena = Arena.ofConfined();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            return new Tdl2048WeightFile(file, arena, data, index(file, data));
        } catch (NoSuchFileException e) {
            arena.close();
            throw new BadFileException(file, "no such file");
        } catch (BadFileException e) {
            arena.close();
            throw e;
        } catch (IOException e) {
            arena.close();
            throw new BadFileException(file, "cannot read: " + e.getMessage(), e);
        }
    }

    private static List<Stored> index(Path file, MemorySegment d) throws BadFileException {
        long size = d.byteSize();
        if (size == 0) {
            throw new BadFileException(file, "empty, not a TDL2048 weight file");
        }
        List<Stored> tables = new ArrayList<>();
        long p = 0;
        while (p < size) {
            int type = d.get(ValueLayout.JAVA_BYTE, p) & 0xFF;
            if (type == 'w') {
                p++;
            } else if (type != 0) {
                throw new BadFileException(file, "not a TDL2048 weight file (byte " + p + " is " + type
                        + ", a list of weights begins with 0 or 'w')");
            }
            need(file, d, p, 5, "the list header at byte " + p);
            if (d.get(ValueLayout.JAVA_BYTE, p) != 0) {
                throw new BadFileException(file, "not a TDL2048 weight file (list serial " + (d.get(ValueLayout.JAVA_BYTE, p) & 0xFF)
                        + " at byte " + p + ", TDL2048 writes 0)");
            }
            long count = d.get(U32, p + 1) & 0xFFFF_FFFFL;
            p += 5;
            if (count == 0 || count > MAX_TABLES) {
                throw new BadFileException(file, "not a TDL2048 weight file (" + count + " tables in the list at byte " + (p - 5) + ")");
            }
            for (long i = 0; i < count; i++) {
                String what = "table " + (tables.size() + 1);
                need(file, d, p, 1 + 8 + 2 + 8, what + "'s header at byte " + p);
                int serial = d.get(ValueLayout.JAVA_BYTE, p) & 0xFF;
                if (serial != 4) {
                    throw new BadFileException(file, what + " at byte " + p + ": serial " + serial + ", TDL2048 writes 4");
                }
                long namePos = p + 1;
                String name;
                long sign;
                if (d.get(U16, namePos + 6) == 0) {
                    sign = d.get(U32, namePos) & 0xFFFF_FFFFL;
                    int width = d.get(U16, namePos + 4) & 0xFFFF;
                    String hex = Long.toHexString(sign);
                    name = width > hex.length() && width <= 8 ? "0".repeat(width - hex.length()) + hex : hex;
                } else {
                    byte[] raw = d.asSlice(namePos, 8).toArray(ValueLayout.JAVA_BYTE);
                    name = new String(raw, StandardCharsets.ISO_8859_1);
                    name = name.indexOf(' ') >= 0 ? name.substring(0, name.indexOf(' ')) : name;
                    sign = name.matches("[0-9a-f]{1,8}") ? Long.parseLong(name, 16) : -1;
                }
                int width = d.get(U16, p + 9) & 0xFFFF;
                long entries = d.get(U64, p + 11);
                p += 19;
                if (width != 2 && width != 4 && width != 8) {
                    throw new BadFileException(file, what + " (" + name + "): " + width
                            + " bytes per value, TDL2048 writes 2, 4 or 8");
                }
                if (entries < 0 || entries > (1L << 40)) {
                    throw new BadFileException(file, what + " (" + name + "): " + Long.toUnsignedString(entries) + " entries");
                }
                need(file, d, p, entries * width, what + " (" + name + ", " + entries + " values)");
                tables.add(new Stored(name, sign, width, entries, p));
                p += entries * width;
                for (int block = 1; ; block++) {
                    need(file, d, p, 2, what + " (" + name + ")'s end mark");
                    int blockWidth = d.get(U16, p) & 0xFFFF;
                    p += 2;
                    if (blockWidth == 0) {
                        break;
                    }
                    need(file, d, p, 8, what + " (" + name + ")'s extra block " + block);
                    long n = d.get(U64, p);
                    p += 8;
                    if (n < 0 || n > (1L << 40)) {
                        throw new BadFileException(file, what + " (" + name + ")'s extra block " + block + ": "
                                + Long.toUnsignedString(n) + " values");
                    }
                    need(file, d, p, n * blockWidth, what + " (" + name + ")'s extra block " + block);
                    p += n * blockWidth;
                }
            }
        }
        return List.copyOf(tables);
    }

    private static void need(Path file, MemorySegment d, long p, long bytes, String what) throws BadFileException {
        if (p + bytes > d.byteSize()) {
            throw new BadFileException(file, "truncated: " + what + " ends at byte " + (p + bytes) + ", the file has "
                    + d.byteSize());
        }
    }

    Path file() {
        return file;
    }

    List<Stored> tables() {
        return tables;
    }

    /** Value {@code i} of table {@code t}, as TDL2048 reads it into its single-precision weights. */
    float value(Stored t, long i) {
        long at = t.offset() + i * t.width();
        return switch (t.width()) {
            case 2 -> Float.float16ToFloat(data.get(U16, at));
            case 4 -> data.get(F32, at);
            default -> (float) data.get(F64, at);
        };
    }

    /** The values of a single-precision table, for a bulk copy. */
    MemorySegment floats(Stored t) {
        return data.asSlice(t.offset(), t.entries() * Float.BYTES);
    }

    @Override
    public void close() {
        arena.close();
    }
}
