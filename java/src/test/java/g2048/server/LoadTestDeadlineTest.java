package g2048.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The load test's deadline covers a whole answer: a server that stalls in the middle of a body does not hold it. */
class LoadTestDeadlineTest {

    @Test
    void aBodyThatStallsEndsTheRunWithinTheDeadline() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        try (ServerSocket server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            Thread t = Thread.ofVirtual().start(() -> {
                try (Socket s = server.accept()) {
                    InputStream in = s.getInputStream();
                    byte[] head = new byte[4096];
                    in.read(head); // the request, whatever it is
                    OutputStream out = s.getOutputStream();
                    out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                            + "{\"start\":\"2,2,0,0").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    done.await(); // and nothing more
                } catch (IOException | InterruptedException e) {
                    // the test is over
                }
            });
            LoadTest load = new LoadTest(URI.create("http://127.0.0.1:" + server.getLocalPort()), "lines", 1, Duration.ofSeconds(1));
            IOException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                    () -> assertThrows(IOException.class, () -> load.boards("lines", 1, 10)));
            assertTrue(e.getMessage().contains("no whole answer within 1 s"), e.getMessage());
            done.countDown();
            t.join(5000);
        }
    }
}
