package g2048.policy;

import g2048.files.BadFileException;
import g2048.files.RegularFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * A dataset of a teacher's games ({@code .g2pd}): every position with the move the teacher chose
 * and the teacher's value of each move. Little-endian; a header, then one chunk per game, in game
 * order, each checked by its own CRC32C, so the file can be read as a stream, appended to, and a
 * chunk torn by a killed writer found and cut off:
 * <pre>
 *   header
 *   0       8     MAGIC      "G2048PD" then a zero byte
 *   8       4     VERSION    1
 *   12      4     META_LENGTH L
 *   16      L     metadata, UTF-8: teacher=...;depth=D;seed=S (what made the games)
 *   16+L    4     CRC32C of the bytes before it
 *
 *   chunk (one game)
 *   0       4     CHUNK_MAGIC "PCHK"
 *   4       8     GAME        the game's index i (its spawns come from Rng.gameSeed(seed, i))
 *   12      4     N           positions
 *   16      8     SCORE       the game's final score
 *   24      25·N  records: board (8, the engine's long), move (1, 0..3), the four move values
 *                 (4 × float32; NaN for an illegal move)
 *   24+25N  4     CRC32C of the chunk's bytes before it
 * </pre>
 */
public final class DatasetFile {

    public static final byte[] MAGIC = {'G', '2', '0', '4', '8', 'P', 'D', 0};
    public static final int VERSION = 1;
    public static final int CHUNK_MAGIC = 0x4B484350;
    public static final int RECORD_BYTES = 25;
    static final int CHUNK_HEADER = 24;
    /** A game longer than this is not a game of 2048 on 4×4 (it cannot last beyond ~131,000 moves). */
    static final int MAX_POSITIONS = 1 << 18;
    /** Above any score a 4×4 game can reach (about 3.9 million). */
    static final float MAX_VALUE = 1e8f;
    private static final g2048.game.Moves MOVES = g2048.game.Moves.of(g2048.game.Shape.S4x4);

    private DatasetFile() {
    }

    /** One game of a dataset. */
    public record Game(long index, long score, long[] boards, byte[] moves, float[] values) {
        public int size() {
            return boards.length;
        }
    }

    /** The header's bytes for {@code meta}. */
    static byte[] header(String meta) {
        byte[] m = meta.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(16 + m.length + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.put(MAGIC).putInt(VERSION).putInt(m.length).put(m);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, 16 + m.length);
        b.putInt((int) crc.getValue());
        return b.array();
    }

    /** A game's chunk bytes. */
    static byte[] chunk(Game g) {
        int n = g.size();
        ByteBuffer b = ByteBuffer.allocate(CHUNK_HEADER + RECORD_BYTES * n + 4).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(CHUNK_MAGIC).putLong(g.index()).putInt(n).putLong(g.score());
        for (int i = 0; i < n; i++) {
            b.putLong(g.boards()[i]).put(g.moves()[i]);
            for (int m = 0; m < 4; m++) {
                b.putFloat(g.values()[4 * i + m]);
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, b.position());
        b.putInt((int) crc.getValue());
        return b.array();
    }

    /**
     * Reads a dataset as a stream of games. Not thread-safe. Every chunk is checked as it is read: a
     * damaged or torn chunk is a {@link BadFileException} naming the file and the offset (unless the
     * reader was opened to stop at a torn end, as a resuming writer does).
     */
    public static final class Reader implements AutoCloseable {
        private final Path file;
        private final FileChannel ch;
        private final String meta;
        private final boolean stopAtDamage;
        private long offset;
        private long expectedGame;

        private Reader(Path file, boolean stopAtDamage) throws IOException {
            this.file = file;
            this.stopAtDamage = stopAtDamage;
            RegularFile.check(file, "a dataset file (.g2pd)");
            try {
                this.ch = FileChannel.open(file, StandardOpenOption.READ);
            } catch (java.nio.file.AccessDeniedException e) {
                throw new BadFileException(file, "permission denied, expected a dataset file (.g2pd) to read");
            }
            try {
                ByteBuffer h = readAt(0, 16);
                if (h == null) {
                    throw new BadFileException(file, "too short for a dataset file");
                }
                byte[] magic = new byte[8];
                h.get(magic);
                if (!Arrays.equals(magic, MAGIC)) {
                    throw new BadFileException(file, "not a dataset file (bad magic)");
                }
                int version = h.getInt();
                if (version != VERSION) {
                    throw new BadFileException(file, "dataset version " + version + ", this engine reads " + VERSION);
                }
                int len = h.getInt();
                if (len < 0 || len > 1 << 16) {
                    throw new BadFileException(file, "bad metadata length " + len);
                }
                ByteBuffer m = readAt(16, len + 4);
                if (m == null) {
                    throw new BadFileException(file, "truncated header");
                }
                byte[] text = new byte[len];
                m.get(text);
                CRC32C crc = new CRC32C();
                crc.update(h.array(), 0, 16);
                crc.update(text);
                if ((int) crc.getValue() != m.getInt()) {
                    throw new BadFileException(file, "header checksum mismatch (the file is damaged)");
                }
                this.meta = new String(text, StandardCharsets.UTF_8);
                if (meta.codePoints().anyMatch(c -> Character.isISOControl(c) || c == 0xFFFD)) {
                    throw new BadFileException(file, "metadata holds control characters or bytes that are not UTF-8");
                }
                this.offset = 16 + len + 4;
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        }

        /** Opens {@code file} for reading; every damage is an error. */
        public static Reader open(Path file) throws IOException {
            return new Reader(file, false);
        }

        /** Opens {@code file} to find where its intact games end ({@link #next} returns null at the first damage). */
        static Reader openStoppingAtDamage(Path file) throws IOException {
            return new Reader(file, true);
        }

        public String meta() {
            return meta;
        }

        /** The offset just past the last game read. */
        public long offset() {
            return offset;
        }

        /** The next game, or null at the end of the file. */
        public Game next() throws IOException {
            long at = offset;
            ByteBuffer h = readAt(at, CHUNK_HEADER);
            if (h == null) {
                return ch.size() == at ? null : damaged(at, "truncated chunk");
            }
            int magic = h.getInt();
            long game = h.getLong();
            int n = h.getInt();
            long score = h.getLong();
            if (magic != CHUNK_MAGIC || n < 0 || n > MAX_POSITIONS || game != expectedGame) {
                return damaged(at, magic != CHUNK_MAGIC ? "no chunk marker" : game != expectedGame
                        ? "game " + game + " where game " + expectedGame + " was expected" : "bad position count " + n);
            }
            ByteBuffer body = readAt(at + CHUNK_HEADER, RECORD_BYTES * n + 4);
            if (body == null) {
                return damaged(at, "truncated chunk of game " + game);
            }
            CRC32C crc = new CRC32C();
            crc.update(h.array(), 0, CHUNK_HEADER);
            crc.update(body.array(), 0, RECORD_BYTES * n);
            body.position(RECORD_BYTES * n);
            if ((int) crc.getValue() != body.getInt()) {
                return damaged(at, "checksum mismatch in the chunk of game " + game);
            }
            body.position(0);
            if (score < 0) {
                return damaged(at, "score " + score + " of game " + game);
            }
            long[] boards = new long[n];
            byte[] moves = new byte[n];
            float[] values = new float[4 * n];
            for (int i = 0; i < n; i++) {
                boards[i] = body.getLong();
                moves[i] = body.get();
                if (moves[i] < 0 || moves[i] > 3) {
                    return damaged(at, "move " + moves[i] + " in game " + game);
                }
                if (MOVES.move(boards[i], moves[i]) == boards[i]) {
                    return damaged(at, "an illegal move " + moves[i] + " at position " + i + " of game " + game);
                }
                for (int m = 0; m < 4; m++) {
                    float v = body.getFloat();
                    values[4 * i + m] = v;
                    // a move value is NaN (illegal) or an expected score: never infinite, never beyond any game's
                    if (Float.isInfinite(v) || Math.abs(v) > MAX_VALUE) {
                        return damaged(at, "move value " + v + " at position " + i + " of game " + game);
                    }
                    // a legal move's value is the teacher's: soft targets are made of them, so none may be missing
                    if (Float.isNaN(v) && MOVES.move(boards[i], m) != boards[i]) {
                        return damaged(at, "move value NaN for the legal move " + m + " at position " + i + " of game " + game
                                + " (a legal move's value is the teacher's expected score)");
                    }
                }
            }
            offset += CHUNK_HEADER + RECORD_BYTES * (long) n + 4;
            expectedGame++;
            return new Game(game, score, boards, moves, values);
        }

        private Game damaged(long at, String what) throws BadFileException {
            if (stopAtDamage) {
                return null;
            }
            throw new BadFileException(file, what + " at byte " + at + " (a damaged or unfinished file; rerunning"
                    + " 'g2048 dataset' with the same options repairs an unfinished one)");
        }

        /** Exactly {@code n} bytes at {@code pos}, or null if the file ends before. */
        private ByteBuffer readAt(long pos, int n) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining()) {
                int r = ch.read(b, pos + b.position());
                if (r < 0) {
                    return null;
                }
            }
            b.flip();
            return b;
        }

        @Override
        public void close() throws IOException {
            ch.close();
        }
    }
}
