package g2048.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The HTTP/1.1 server over loopback with a handler that echoes its request: keep-alive, pipelined
 * requests answered in order, HEAD, 100-continue, chunked bodies, HTTP/1.0, the handler's errors,
 * the connection limit.
 */
class HttpListenerTest {

    private static Response echo(Request r) {
        if (r.path().equals("/refuse")) {
            throw new HttpError(409, "refused: as asked");
        }
        if (r.path().equals("/fault")) {
            throw new IllegalStateException("a fault");
        }
        return Response.of(200, "text/plain; charset=utf-8", (r.method() + " " + r.path() + " " + r.rawQuery() + " "
                + r.bodyText()).getBytes(StandardCharsets.UTF_8)).with("X-Echo", "1");
    }

    /** Sends {@code request}, half-closes, and returns everything the server sent until it closed. */
    private static String exchange(int port, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.shutdownOutput();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** The answers in {@code stream}, each split as its status line, its header lines and its body by Content-Length. */
    private static List<String[]> answers(String stream) {
        List<String[]> out = new ArrayList<>();
        int at = 0;
        while (at < stream.length()) {
            int end = stream.indexOf("\r\n\r\n", at);
            String head = stream.substring(at, end);
            Matcher m = Pattern.compile("\r\nContent-Length: (\\d+)").matcher(head);
            int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
            out.add(new String[] {head, stream.substring(end + 4, end + 4 + length)});
            at = end + 4 + length;
        }
        return out;
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrderOnOneConnection() throws IOException {
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, 16, HttpListenerTest::echo)) {
            String h = "Host: x\r\n";
            String stream = exchange(l.port(), "GET /a?1 HTTP/1.1\r\n" + h + "\r\n"
                    + "POST /b HTTP/1.1\r\n" + h + "Content-Length: 3\r\n\r\nxyz"
                    + "HEAD /c HTTP/1.1\r\n" + h + "\r\n"
                    + "POST /d HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\n\r\n2\r\nab\r\n1;x=y\r\nc\r\n0\r\n\r\n"
                    + "POST /e HTTP/1.1\r\n" + h + "Expect: 100-continue\r\nContent-Length: 2\r\n\r\nhi"
                    + "GET /f HTTP/1.1\r\n" + h + "Connection: close\r\n\r\n"
                    + "GET /never HTTP/1.1\r\n" + h + "\r\n");
            List<String[]> a = answers(stream);
            assertEquals(7, a.size(), stream);
            assertEquals("GET /a 1 ", a.get(0)[1]);
            assertEquals("POST /b null xyz", a.get(1)[1]);
            assertTrue(a.get(2)[0].startsWith("HTTP/1.1 200 OK") && !a.get(2)[0].contains("Content-Length"), a.get(2)[0]);
            assertEquals("", a.get(2)[1], "HEAD: no body");
            assertEquals("POST /d null abc", a.get(3)[1]);
            assertTrue(a.get(4)[0].startsWith("HTTP/1.1 100 Continue"), a.get(4)[0]);
            assertEquals("POST /e null hi", a.get(5)[1]);
            assertEquals("GET /f null ", a.get(6)[1]);
            assertTrue(a.get(6)[0].contains("\r\nConnection: close"), "the last answer closes: " + a.get(6)[0]);
            for (String[] x : List.of(a.get(0), a.get(1), a.get(3), a.get(5))) {
                assertFalse(x[0].contains("Connection:"), x[0]);
                assertTrue(x[0].contains("\r\nX-Echo: 1\r\n") && x[0].contains("\r\nCache-Control: no-store")
                        && x[0].contains("\r\nDate: "), x[0]);
            }
        }
    }

    @Test
    void http10ClosesUnlessAskedToKeepAlive() throws IOException {
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, 16, HttpListenerTest::echo)) {
            List<String[]> one = answers(exchange(l.port(), "GET /a HTTP/1.0\r\n\r\nGET /b HTTP/1.0\r\n\r\n"));
            assertEquals(1, one.size());
            assertTrue(one.get(0)[0].contains("\r\nConnection: close"), one.get(0)[0]);
            List<String[]> two = answers(exchange(l.port(), "GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /b HTTP/1.0\r\n\r\n"));
            assertEquals(2, two.size());
            assertTrue(two.get(0)[0].contains("\r\nConnection: keep-alive\r\nKeep-Alive: timeout=30"), two.get(0)[0]);
        }
    }

    @Test
    void theHandlersErrorsAreJsonAndAFaultNamesNoClass() throws IOException {
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, 16, HttpListenerTest::echo)) {
            List<String[]> a = answers(exchange(l.port(), "GET /refuse HTTP/1.1\r\nHost: x\r\n\r\nGET /fault HTTP/1.1\r\nHost: x\r\n\r\n"));
            assertTrue(a.get(0)[0].startsWith("HTTP/1.1 409 "), a.get(0)[0]);
            assertEquals("{\"error\":\"refused: as asked\"}", a.get(0)[1]);
            assertTrue(a.get(1)[0].startsWith("HTTP/1.1 500 Internal Server Error"), a.get(1)[0]);
            assertEquals("{\"error\":\"internal error (the server's log says more)\"}", a.get(1)[1]);
        }
    }

    @Test
    void aConnectionBeyondTheLimitIsAnswered503() throws IOException, InterruptedException {
        // connections busy with a request (half sent): none may be closed to make room (FairAdmissionTest: those that wait)
        try (HttpListener l = HttpListener.start("127.0.0.1", 0, 3, 4, HttpListenerTest::echo)) {
            List<Socket> held = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                Socket s = new Socket("127.0.0.1", l.port());
                s.getOutputStream().write("GET /held HTTP/1.1\r\n".getBytes(StandardCharsets.ISO_8859_1));
                held.add(s);
            }
            Thread.sleep(200); // the server reads each one's first bytes
            String busy = exchange(l.port(), "GET /x HTTP/1.1\r\nHost: x\r\n\r\n");
            assertTrue(busy.startsWith("HTTP/1.1 503 Service Unavailable\r\n"), busy);
            assertTrue(busy.contains("\r\nConnection: close\r\n") && busy.contains("\r\nRetry-After: 1\r\n"), busy);
            assertTrue(busy.endsWith("{\"error\":\"busy: 3 connections open, the most this server takes; retry later\"}"), busy);
            held.get(0).close();
            String served = "";
            for (int i = 0; i < 100 && !served.startsWith("HTTP/1.1 200"); i++) {
                Thread.sleep(20); // the server notices the close on its connection's thread
                served = exchange(l.port(), "GET /x HTTP/1.1\r\nHost: x\r\n\r\n");
            }
            assertTrue(served.startsWith("HTTP/1.1 200"), served);
            for (Socket s : held) {
                s.close();
            }
        }
    }
}
