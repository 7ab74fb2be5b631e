/**
 * Durable files, one way for every package: {@link g2048.files.AtomicFile} (a whole file written
 * beside its target, forced and renamed over it, so a reader sees the old file or the new one),
 * {@link g2048.files.ChecksummedFile} (content ending in its SHA-256, checked when mapped back) and
 * {@link g2048.files.LockFile} (one run at a time in a directory).
 *
 * <p>A bottom package: it depends on nothing but the JDK.
 */
package g2048.files;
