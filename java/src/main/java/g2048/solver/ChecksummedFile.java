package g2048.solver;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Files that end in the SHA-256 of everything before them ({@link #TRAILER_BYTES} bytes), written
 * to a temporary file in the same directory and renamed into place, so a file under its final name
 * is always complete for every process that reads it. Forcing to disk is left to the caller's
 * checkpoints ({@link #force}), so that a solve of a thousand small ages does not wait on a
 * thousand disk flushes; the manifest only ever names files that were forced.
 */
final class ChecksummedFile {

    static final int TRAILER_BYTES = 32;
    private static final int CHUNK = 1 << 28;

    private ChecksummedFile() {
    }

    /**
     * Writes {@code content} (whose last {@link #TRAILER_BYTES} bytes are filled here with the
     * checksum) to {@code target} atomically; returns the checksum in hex.
     */
    static String write(Path target, MemorySegment content) throws IOException {
        long body = content.byteSize() - TRAILER_BYTES;
        byte[] digest = sha256(content.asSlice(0, body));
        MemorySegment.copy(MemorySegment.ofArray(digest), 0, content, body, TRAILER_BYTES);
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long off = 0; off < content.byteSize(); off += CHUNK) {
                ByteBuffer buf = content.asSlice(off, Math.min(CHUNK, content.byteSize() - off)).asByteBuffer();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }
        }
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return HexFormat.of().formatHex(digest);
    }

    /** Forces a written file's content to the disk. */
    static void force(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /** Maps {@code file} read-only, checks its trailer and returns the content before it. */
    static MemorySegment mapVerified(Path file, Arena arena) throws IOException {
        MemorySegment all;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            all = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        }
        if (all.byteSize() < TRAILER_BYTES) {
            throw new IOException(file + ": too short for a solver file (" + all.byteSize() + " bytes)");
        }
        long body = all.byteSize() - TRAILER_BYTES;
        byte[] want = all.asSlice(body, TRAILER_BYTES).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        if (!MessageDigest.isEqual(want, sha256(all.asSlice(0, body)))) {
            throw new IOException(file + ": SHA-256 checksum mismatch (the file is damaged)");
        }
        return all.asSlice(0, body);
    }

    static byte[] sha256(MemorySegment data) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
        for (long off = 0; off < data.byteSize(); off += CHUNK) {
            md.update(data.asSlice(off, Math.min(CHUNK, data.byteSize() - off)).asByteBuffer());
        }
        return md.digest();
    }
}
