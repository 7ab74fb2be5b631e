package g2048.policy;

import g2048.files.BadFileException;
import g2048.files.LockFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends games to a dataset file ({@link DatasetFile}) in game order, each chunk forced to disk
 * before the next; holds {@code .FILE.lock} beside it ({@link LockFile#beside}) so that one writer at a time appends. Opening an
 * existing file resumes it: its metadata must be the same (same teacher, depth and seed), the
 * intact games are kept and a chunk torn by a killed writer is cut off, so a run killed at any
 * moment and rerun gives the same file as one that ran through. Not thread-safe.
 */
public final class DatasetWriter implements AutoCloseable {

    private final Path file;
    private final LockFile lock;
    private final FileChannel ch;
    private long nextGame;
    private long positions;

    private DatasetWriter(Path file, LockFile lock, FileChannel ch, long nextGame, long positions) {
        this.file = file;
        this.lock = lock;
        this.ch = ch;
        this.nextGame = nextGame;
        this.positions = positions;
    }

    /** Creates {@code file} with {@code meta}, or resumes it when it exists with the same metadata. */
    public static DatasetWriter openOrResume(Path file, String meta) throws IOException {
        g2048.files.RegularFile.checkOutput(file);
        LockFile lock = LockFile.beside(file);
        try {
            if (Files.exists(file) && Files.size(file) > 0) {
                long games = 0;
                long positions = 0;
                long end;
                try (DatasetFile.Reader r = DatasetFile.Reader.openStoppingAtDamage(file)) {
                    if (!r.meta().equals(meta)) {
                        throw new BadFileException(file, "was made by '" + r.meta() + "', not '" + meta
                                + "' (choose another --out, or the same teacher, depth and seed to continue it)");
                    }
                    for (DatasetFile.Game g = r.next(); g != null; g = r.next()) {
                        games++;
                        positions += g.size();
                    }
                    end = r.offset();
                }
                FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE);
                ch.truncate(end);
                ch.position(end);
                ch.force(true);
                return new DatasetWriter(file, lock, ch, games, positions);
            }
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
            writeFully(ch, DatasetFile.header(meta));
            ch.force(true);
            return new DatasetWriter(file, lock, ch, 0, 0);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** The index of the next game to append (the number of games in the file). */
    public long nextGame() {
        return nextGame;
    }

    /** Positions in the file. */
    public long positions() {
        return positions;
    }

    /** Appends game {@link #nextGame()} and forces it to disk. */
    public void append(DatasetFile.Game g) throws IOException {
        if (g.index() != nextGame) {
            throw new IllegalStateException("game " + g.index() + " appended where game " + nextGame + " belongs");
        }
        writeFully(ch, DatasetFile.chunk(g));
        ch.force(false);
        nextGame++;
        positions += g.size();
    }

    private static void writeFully(FileChannel ch, byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        try {
            ch.close();
        } finally {
            lock.close();
        }
    }
}
