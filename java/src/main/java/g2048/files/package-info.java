/**
 * Durable files, one way for every package: {@link g2048.files.AtomicFile} (a whole file written
 * beside its target, forced and renamed over it, so a reader sees the old file or the new one),
 * {@link g2048.files.ChecksummedFile} (content ending in its SHA-256, checked when mapped back),
 * {@link g2048.files.LockFile} (one run at a time in a directory) and {@link g2048.files.RegularFile}
 * (a file checked to be a regular file of a sane size before it is opened: no directory, device or
 * FIFO). A file unfit to read is a {@link g2048.files.BadFileException}, one line naming it.
 *
 * <p>A bottom package: it depends on nothing but the JDK.
 */
package g2048.files;
