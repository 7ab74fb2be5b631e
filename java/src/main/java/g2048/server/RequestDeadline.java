package g2048.server;

/**
 * The instant (a {@link System#nanoTime()}) by which the request on this search thread must be
 * answered: its admission plus the request timeout. Searches are abandoned at it and a game stops
 * at it, so no request holds a search thread longer than its timeout, whatever depth it asked for.
 */
final class RequestDeadline {

    private static final ThreadLocal<long[]> AT = ThreadLocal.withInitial(() -> new long[] {Long.MAX_VALUE, 0});

    private RequestDeadline() {
    }

    /** Sets the calling thread's deadline and the timeout it came from (for messages). */
    static void set(long deadline, long timeoutMs) {
        long[] a = AT.get();
        a[0] = deadline;
        a[1] = timeoutMs;
    }

    static void clear() {
        AT.get()[0] = Long.MAX_VALUE;
    }

    /** True when the calling thread has a deadline. */
    static boolean isSet() {
        return AT.get()[0] != Long.MAX_VALUE;
    }

    static long get() {
        return AT.get()[0];
    }

    /** Throws the 503 of a request out of time when the deadline has passed. */
    static void check() {
        long[] a = AT.get();
        if (a[0] != Long.MAX_VALUE && System.nanoTime() - a[0] > 0) {
            throw outOfTime();
        }
    }

    /** The 503 of a request whose work did not finish within its timeout. */
    static BadRequest outOfTime() {
        return new BadRequest(503, "timed out: the work asked for did not finish within the request timeout ("
                + AT.get()[1] + " ms); ask for a smaller depth or fewer moves");
    }
}
