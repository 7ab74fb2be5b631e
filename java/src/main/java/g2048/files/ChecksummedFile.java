package g2048.files;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Files that end in the SHA-256 of everything before them ({@link #TRAILER_BYTES} bytes), written
 * with {@link AtomicFile}, so a file under its final name is always complete for every process
 * that reads it, and damage found when it is read back. Content of any size: it is written and
 * hashed from a {@link MemorySegment} in chunks.
 */
public final class ChecksummedFile {

    public static final int TRAILER_BYTES = 32;
    private static final int CHUNK = 1 << 28;

    private ChecksummedFile() {
    }

    /**
     * Writes {@code content}, whose last {@link #TRAILER_BYTES} bytes are filled here with the
     * checksum of the rest, to {@code target} atomically; returns the checksum in hex.
     */
    public static String write(Path target, MemorySegment content, AtomicFile.Durability durability) throws IOException {
        if (content.byteSize() < TRAILER_BYTES) {
            throw new IllegalArgumentException(target + ": " + content.byteSize() + " bytes leave no room for the checksum");
        }
        byte[] digest = seal(content);
        AtomicFile.write(target, durability, ch -> {
            for (long off = 0; off < content.byteSize(); off += CHUNK) {
                AtomicFile.writeFully(ch, content.asSlice(off, Math.min(CHUNK, content.byteSize() - off)).asByteBuffer());
            }
        });
        return HexFormat.of().formatHex(digest);
    }

    /**
     * Fills the last {@link #TRAILER_BYTES} bytes of {@code content} with the checksum of the rest,
     * for content kept elsewhere than in a local file; returns the checksum.
     */
    public static byte[] seal(MemorySegment content) {
        if (content.byteSize() < TRAILER_BYTES) {
            throw new IllegalArgumentException(content.byteSize() + " bytes leave no room for the checksum");
        }
        long body = content.byteSize() - TRAILER_BYTES;
        byte[] digest = sha256(content.asSlice(0, body));
        MemorySegment.copy(MemorySegment.ofArray(digest), 0, content, body, TRAILER_BYTES);
        return digest;
    }

    /**
     * Maps {@code file} read-only in {@code arena}, checks its trailer and returns the content
     * before it; a file that is missing, not a regular file, truncated or damaged is a
     * {@link BadFileException} naming it.
     */
    public static MemorySegment mapVerified(Path file, Arena arena) throws IOException {
        return mapVerified(file, "a checksummed file", arena);
    }

    /** As {@link #mapVerified(Path, Arena)}; {@code what} names the file's kind in errors (see {@link RegularFile}). */
    public static MemorySegment mapVerified(Path file, String what, Arena arena) throws IOException {
        return verify(file, map(file, what, arena));
    }

    /**
     * Maps the whole of {@code file} (content and trailer) without reading it, once it is known to be
     * a regular file at least as long as the trailer: a reader can check a header against the size
     * before it pays for the checksum ({@link #verify}).
     */
    public static MemorySegment map(Path file, String what, Arena arena) throws IOException {
        long size = RegularFile.check(file, what);
        if (size < TRAILER_BYTES) {
            throw new BadFileException(file, "too short for a checksummed file (" + size + " bytes), expected " + what);
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
        }
    }

    /** Checks the trailer of a whole file {@code all} (from {@link #map}) and returns the content before it. */
    public static MemorySegment verify(Path file, MemorySegment all) throws BadFileException {
        if (all.byteSize() < TRAILER_BYTES) {
            throw new BadFileException(file, "too short for a checksummed file (" + all.byteSize() + " bytes)");
        }
        long body = all.byteSize() - TRAILER_BYTES;
        byte[] want = all.asSlice(body, TRAILER_BYTES).toArray(ValueLayout.JAVA_BYTE);
        if (!MessageDigest.isEqual(want, sha256(all.asSlice(0, body)))) {
            throw new BadFileException(file, "SHA-256 checksum mismatch (the file is damaged)");
        }
        return all.asSlice(0, body);
    }

    public static byte[] sha256(MemorySegment data) {
        MessageDigest md = digest();
        for (long off = 0; off < data.byteSize(); off += CHUNK) {
            md.update(data.asSlice(off, Math.min(CHUNK, data.byteSize() - off)).asByteBuffer());
        }
        return md.digest();
    }

    /** A fresh SHA-256 digest, for content that is streamed rather than held whole (its digest is the trailer). */
    public static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
