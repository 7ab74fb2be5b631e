package g2048.cli;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a text stream, each held only up to a limit: a line without an end (or a very long
 * one) costs at most {@code max} characters of memory, not the whole stream. A line ends at
 * {@code \n}, {@code \r} or {@code \r\n}; the last may end at the end of the stream.
 */
final class BoundedLines {

    /** A line longer than the limit: its rest is read and dropped by the next {@link #next}, up to its end. */
    static final class TooLong extends IllegalArgumentException {
        TooLong(int max) {
            super("request: longer than " + max + " characters (the rest of the line is skipped)");
        }
    }

    private final Reader in;
    private final int max;
    private final char[] buffer = new char[8192];
    private int at;
    private int end;
    /** After a {@code \r}: a {@code \n} right after it ends no second line. */
    private boolean afterCr;
    /** After a {@link TooLong}: the rest of that line is still to be dropped. */
    private boolean skipping;

    BoundedLines(Reader in, int max) {
        this.in = in;
        this.max = max;
    }

    /**
     * The next line without its end; null at the end of the stream. Throws {@link TooLong} as soon
     * as a line passes {@code max} characters, so that it is answered without waiting for its end.
     */
    String next() throws IOException {
        if (skipping) {
            skipping = false;
            while (true) {
                int c = read();
                if (c < 0) {
                    return null;
                }
                if (c == '\n' || c == '\r') {
                    break;
                }
            }
        }
        StringBuilder line = new StringBuilder();
        while (true) {
            int c = read();
            if (c < 0) {
                return line.isEmpty() ? null : line.toString(); // a last line without its end is a line
            }
            if (c == '\n' || c == '\r') {
                return line.toString();
            }
            if (line.length() == max) {
                skipping = true;
                throw new TooLong(max);
            }
            line.append((char) c);
        }
    }

    /** The next character, a {@code \n} that completes a {@code \r\n} skipped; -1 at the end. */
    private int read() throws IOException {
        while (true) {
            if (at == end) {
                end = in.read(buffer, 0, buffer.length);
                at = 0;
                if (end <= 0) {
                    end = 0;
                    return -1;
                }
            }
            char c = buffer[at++];
            boolean lf = c == '\n' && afterCr;
            afterCr = c == '\r';
            if (!lf) {
                return c;
            }
        }
    }
}
