package g2048.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Clients holding kept-alive connections (asking now and then, as a health check every 25 s does)
 * leave room for others: a client holds at most its share, and a full server makes room for a
 * newcomer by closing a waiting connection of the client holding the most.
 */
class FairAdmissionTest {

    private static final int MAX = 16;
    private static final int PER_CLIENT = 4;

    private static Response ok(Request r) {
        return Response.of(200, "text/plain; charset=utf-8", "ok".getBytes(StandardCharsets.UTF_8));
    }

    /** A kept-alive connection from {@code from} (a loopback address) that has had one request answered. */
    private static Socket keptAlive(String from, int port) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress("127.0.0.1", port));
        s.setSoTimeout(5000);
        return ask(s, false) == 200 ? s : null;
    }

    /** Sends one GET /health on {@code s}; its status, or -1 when the connection was closed instead. */
    private static int ask(Socket s, boolean close) throws IOException {
        try {
            s.getOutputStream().write(("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (close ? "Connection: close\r\n" : "")
                    + "\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            StringBuilder head = new StringBuilder();
            for (int c; !head.toString().endsWith("\r\n\r\n") && (c = in.read()) >= 0; ) {
                head.append((char) c);
            }
            if (head.isEmpty()) {
                return -1;
            }
            int length = Integer.parseInt(head.toString().replaceAll("(?s).*\r\nContent-Length: (\\d+).*", "$1"));
            in.readNBytes(length);
            return Integer.parseInt(head.substring(9, 12));
        } catch (java.net.SocketException e) {
            return -1; // reset: closed by the server
        }
    }

    /** Whether the server has closed {@code s} (it waits for nothing more from it). */
    private static boolean closedByServer(Socket s) throws IOException {
        s.setSoTimeout(200);
        try {
            return s.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException e) {
            return true;
        }
    }

    @Test
    void aClientHoldingKeptAliveConnectionsLeavesRoomForOthersOnTheSameAddress() throws Exception {
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, MAX, PER_CLIENT, FairAdmissionTest::ok)) {
            List<Socket> hog = new ArrayList<>();
            try {
                for (int i = 0; i < 3 * MAX; i++) {
                    hog.add(keptAlive("127.0.0.1", l.port()));
                }
                int open = 0;
                for (Socket s : hog) {
                    open += s != null && !closedByServer(s) ? 1 : 0;
                }
                assertTrue(open <= PER_CLIENT, open + " connections held by one client");
                // another client on the same address still gets in
                try (Socket other = new Socket("127.0.0.1", l.port())) {
                    other.setSoTimeout(5000);
                    assertEquals(200, ask(other, true));
                }
            } finally {
                for (Socket s : hog) {
                    if (s != null) {
                        s.close();
                    }
                }
            }
        }
    }

    @Test
    void aFullServerMakesRoomForANewClient() throws Exception {
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, MAX, PER_CLIENT, FairAdmissionTest::ok)) {
            List<Socket> hogs = new ArrayList<>();
            try {
                // four addresses fill the server with connections that wait, each within its share
                for (int a = 2; a < 2 + MAX / PER_CLIENT; a++) {
                    for (int i = 0; i < PER_CLIENT; i++) {
                        Socket s = keptAlive("127.0.0." + a, l.port());
                        assertTrue(s != null, "a connection within the share is admitted");
                        hogs.add(s);
                    }
                }
                for (int n = 0; n < 3; n++) {
                    try (Socket other = new Socket("127.0.0.1", l.port())) {
                        other.setSoTimeout(5000);
                        assertEquals(200, ask(other, true), "a newcomer on a full server");
                    }
                }
                int closed = 0;
                for (Socket s : hogs) {
                    closed += closedByServer(s) ? 1 : 0;
                }
                assertTrue(closed >= 1 && closed <= 3, closed + " waiting connections closed to make room");
            } finally {
                for (Socket s : hogs) {
                    s.close();
                }
            }
        }
    }

    @Test
    void connectionsBusyWithARequestAreNeverClosedToMakeRoom() throws Exception {
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, 2, 2, FairAdmissionTest::ok)) {
            List<Socket> busy = new ArrayList<>();
            try {
                for (int i = 0; i < 2; i++) {
                    Socket s = new Socket("127.0.0.1", l.port());
                    s.setSoTimeout(5000);
                    s.getOutputStream().write("GET /health HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII)); // half a request
                    busy.add(s);
                }
                Thread.sleep(300);
                try (Socket other = new Socket("127.0.0.1", l.port())) {
                    other.setSoTimeout(5000);
                    String answer = new String(other.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertTrue(answer.startsWith("HTTP/1.1 503"), answer);
                }
                for (Socket s : busy) {
                    s.getOutputStream().write("Host: 127.0.0.1\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
                    assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
                }
            } finally {
                for (Socket s : busy) {
                    s.close();
                }
            }
        }
    }
}
