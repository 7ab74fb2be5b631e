package g2048.server;

/**
 * Read timeouts of the JDK's HTTP server, which it takes from system properties when its first
 * server starts: without them a client that never finishes its headers (or its body) holds its
 * connection forever. A property already set (on the command line) is left as it is.
 */
final class HttpLimits {

    /** Seconds a client has to send a request's headers and body, and a new connection its first byte. */
    static final int REQUEST_SECONDS = 5;
    /** Seconds a client has to take a response. */
    static final int RESPONSE_SECONDS = 60;

    private HttpLimits() {
    }

    /** Sets the limits unless set already; call before the first {@code HttpServer} is created. */
    static void apply() {
        setIfAbsent("sun.net.httpserver.maxReqTime", Integer.toString(REQUEST_SECONDS));
        setIfAbsent("sun.net.httpserver.maxRspTime", Integer.toString(RESPONSE_SECONDS));
        // how often the timeouts are checked, in milliseconds: the default (1 s; idle: 10 s) lets a
        // slow client stay up to that much longer
        setIfAbsent("sun.net.httpserver.timerMillis", "250");
        setIfAbsent("sun.net.httpserver.clockTick", "1000");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
