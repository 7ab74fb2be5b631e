package g2048.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A socket's input, buffered, that fails with {@link SocketTimeoutException} once its deadline
 * has passed: a socket's own read timeout bounds each read, not a request, so a client sending a
 * byte now and then would otherwise hold its connection forever.
 */
final class DeadlineInput extends InputStream {

    private final Socket socket;
    private final InputStream in;
    private final byte[] buf = new byte[8192];
    private int pos;
    private int end;
    private long deadline;

    DeadlineInput(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    /** Reads from now on fail after {@code millis} milliseconds. */
    void deadlineIn(long millis) {
        deadline = System.nanoTime() + millis * 1_000_000;
    }

    /** Waits for the next byte without taking it: false when the stream ended first. */
    boolean await() throws IOException {
        return pos < end || fill();
    }

    @Override
    public int read() throws IOException {
        return pos < end || fill() ? buf[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (pos == end && !fill()) {
            return -1;
        }
        int n = Math.min(len, end - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    private boolean fill() throws IOException {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
        int n = in.read(buf);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        end = n;
        return true;
    }
}
