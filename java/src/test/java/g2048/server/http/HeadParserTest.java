package g2048.server.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The request-head parser against {@link ReferenceHead} on seeded random heads, and its messages. */
class HeadParserTest {

    private static ReferenceHead.Outcome parse(byte[] bytes) throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        try {
            RequestHead h = HeadParser.read(in);
            return h == null ? new ReferenceHead.Outcome(null, -1, 0, null)
                    : new ReferenceHead.Outcome(h, bytes.length - in.available(), 0, null);
        } catch (HttpError e) {
            return ReferenceHead.Outcome.error(e.status(), ReferenceHead.subject(e.getMessage()));
        }
    }

    @Test
    void readsEveryHeadAsTheReferenceDoes() throws IOException {
        Map<Integer, Integer> byStatus = new TreeMap<>();
        Map<String, Integer> bySubject = new TreeMap<>();
        int cases = 30_000;
        for (int seed = 0; seed < cases; seed++) {
            // half of them well-formed, in a variety a parser must take; half anything
            byte[] b = seed % 2 == 0 ? HostileHeads.wellFormed(new Random(seed)) : HostileHeads.any(new Random(seed));
            ReferenceHead.Outcome want = ReferenceHead.read(b);
            ReferenceHead.Outcome got = parse(b);
            String shown = "seed " + seed + ": " + ClientText.shorten(new String(b, StandardCharsets.ISO_8859_1)
                    .replace("\r", "\\r").replace("\n", "\\n"));
            // the head, and where the next request begins: a parser that read too far would lose pipelined bytes
            assertEquals(want, got, shown);
            byStatus.merge(want.status(), 1, Integer::sum);
            if (want.subject() != null) {
                bySubject.merge(want.subject(), 1, Integer::sum);
            }
        }
        for (int status : new int[] {0, 400, 413, 414, 417, 431, 501, 505}) {
            assertTrue(byStatus.getOrDefault(status, 0) >= 20, "too few cases of " + status + ": " + byStatus);
        }
        assertTrue(byStatus.get(0) > cases / 2, "too few well-formed heads: " + byStatus);
        assertTrue(bySubject.size() >= 25, "kinds of refusal met: " + bySubject);
    }

    @Test
    void aHeadIsReadUpToItsBlankLineAndNoFurther() throws IOException {
        byte[] two = ("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /move?board=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayInputStream in = new ByteArrayInputStream(two);
        RequestHead first = HeadParser.read(in);
        RequestHead second = HeadParser.read(in);
        assertEquals("/health", first.path());
        assertTrue(first.keepAlive());
        assertEquals("/move", second.path());
        assertEquals("board=2", second.query());
        assertTrue(!second.keepAlive());
        assertNull(HeadParser.read(in));
    }

    @Test
    void messagesNameWhatWasWrong() throws IOException {
        String[][] cases = {
            {"GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", "400", "request line: malformed URI \"/%zz\" (a '%' not followed by two hex digits)"},
            {"GET /move?board=% HTTP/1.1\r\nHost: x\r\n\r\n", "400", "request line: malformed URI \"/move?board=%\" (a '%' not followed by two hex digits)"},
            {"GET /a\u0001b HTTP/1.1\r\nHost: x\r\n\r\n", "400", "request line: malformed URI \"/a\\x01b\" (byte 0x01 is not allowed in a URI)"},
            {"GET /a b HTTP/1.1\r\nHost: x\r\n\r\n", "400", "request line: \"GET /a b HTTP/1.1\" is not METHOD SP TARGET SP HTTP/1.1"},
            {"GET / HTTP/2.0\r\nHost: x\r\n\r\n", "505", "request line: HTTP version \"HTTP/2.0\" is not supported, expected HTTP/1.1 or HTTP/1.0"},
            {"GET / HTTP/1.1\r\n\r\n", "400", "header Host: missing (an HTTP/1.1 request names its host)"},
            {"GET / HTTP/1.1\nHost: x\n\n", "400", "request line: a line ends in a bare LF, expected CRLF"},
            {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", "400", "header Content-Length: \"abc\" is not a number of bytes"},
            {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", "400", "header Content-Length: \"-5\" is not a number of bytes"},
            {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", "400", "header Content-Length: given 2 times"},
            {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", "413", "body: larger than 65536 bytes"},
            {"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", "400",
                "header Transfer-Encoding: sent with Content-Length (a request has one or the other)"},
            {"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", "501", "header Transfer-Encoding: \"gzip\" is not supported, expected chunked"},
            {"GET / HTTP/1.1\r\nHost: x\r\nExpect: magic\r\n\r\n", "417", "header Expect: \"magic\" is not supported, expected 100-continue"},
            {"GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n", "400", "header: \"Bad Header\" is not NAME: VALUE"},
            {"GET / HTTP/1.1\r\nHost : x\r\n\r\n", "400", "header: malformed name \"Host \" (white space before the colon)"},
            {"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", "400", "header: a line beginning with white space (obsolete line folding is not accepted)"},
            {"GET / HTTP/1.1\r\nHost: x\r\nX: a\u0000b\r\n\r\n", "400", "header X: a control character in its value (0x00)"},
            {"GET /" + "a".repeat(9000) + " HTTP/1.1\r\n\r\n", "414", "request line: longer than 8192 bytes"},
            {"GET / HTTP/1.1\r\nHost: x\r\n" + "X: y\r\n".repeat(101) + "\r\n", "431", "header fields: more than 100"},
            {"GET / HTTP/1.1\r\nHost: x\r\nX: " + "y".repeat(70_000) + "\r\n\r\n", "431", "header fields: more than 65536 bytes"},
            {"GET / HTTP/1.1\r\nHost: x\r\n", "400", "request head: incomplete (the connection ended before the blank line that ends it)"},
            {"GET /\u00c3\u00a9\u001b[31m HTTP/1.1\r\nHost: x\r\n\r\n", "400", "request line: malformed URI \"/é\\x1b[31m\" (byte 0xc3 is not allowed in a URI)"},
            {"GET /" + "\u0007".repeat(50) + " HTTP/1.1\r\n\r\n", "400",
                "request line: malformed URI \"/" + "\\x07".repeat(36) + "...\" (byte 0x07 is not allowed in a URI)"},
        };
        for (String[] c : cases) {
            HttpError e = assertThrows(HttpError.class, () -> HeadParser.read(new ByteArrayInputStream(c[0].getBytes(StandardCharsets.ISO_8859_1)))
                    , c[2]);
            assertEquals(Integer.parseInt(c[1]), e.status(), c[2]);
            assertEquals(c[2], e.getMessage());
        }
    }

    @Test
    void targetsDecodeTheirPathAndKeepTheirQueryAsSent() throws IOException {
        String[][] cases = {
            {"/%6dove?board=2%2C4", "/move", "board=2%2C4"},
            {"http://127.0.0.1:8048/move?x=1", "/move", "x=1"},
            {"HTTP://h", "/", null},
            {"http://h?q", "/", "q"},
            {"/a%C3%A9", "/a\u00e9", null},
            {"/%c3%28", "/\ufffd(", null},
            {"/x?", "/x", ""},
        };
        for (String[] c : cases) {
            RequestHead h = HeadParser.read(new ByteArrayInputStream(("GET " + c[0] + " HTTP/1.1\r\nHost: h\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1)));
            assertEquals(c[1], h.path(), c[0]);
            assertEquals(c[2], h.query(), c[0]);
        }
        RequestHead options = HeadParser.read(new ByteArrayInputStream("OPTIONS * HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1)));
        assertEquals("*", options.path());
        assertTrue(!options.keepAlive());
    }

    @Test
    void chunkedBodiesAreJoinedWithinTheLimit() throws IOException {
        byte[] ok = "6;ext=1\r\nboard=\r\n3\r\n2,2\r\n0\r\nTrailer: x\r\n\r\nNEXT".getBytes(StandardCharsets.ISO_8859_1);
        ByteArrayInputStream in = new ByteArrayInputStream(ok);
        assertArrayEquals("board=2,2".getBytes(StandardCharsets.ISO_8859_1), ChunkedBody.read(in, 100));
        assertEquals(4, in.available(), "reads up to the end of the body, no further");
        String[][] bad = {
            {"zz\r\nab\r\n0\r\n\r\n", "400", "body: malformed chunk size \"zz\", expected hex digits"},
            {"2\r\nabc\r\n0\r\n\r\n", "400", "body: a chunk's data is not followed by CRLF"},
            {"65\r\n", "413", "body: larger than 100 bytes"},
            {"ffffffffffffffffffff\r\n", "413", "body: larger than 100 bytes"},
            {"5\r\nab", "400", "body: incomplete (the connection ended inside the chunks)"},
            {"2\nab\r\n0\r\n\r\n", "400", "body: a line ends in a bare LF, expected CRLF"},
        };
        for (String[] c : bad) {
            HttpError e = assertThrows(HttpError.class, () -> ChunkedBody.read(new ByteArrayInputStream(c[0].getBytes(StandardCharsets.ISO_8859_1)), 100));
            assertEquals(Integer.parseInt(c[1]), e.status(), c[2]);
            assertEquals(c[2], e.getMessage());
        }
    }

    @Test
    void clientTextIsCutAndItsControlCharactersEscaped() {
        assertEquals("a\\x1b[31m\\x0a\\x7f\\x9b\u00e9", ClientText.shorten("a\u001b[31m\n\u007f\u009b\u00e9"));
        assertEquals("x".repeat(37) + "...", ClientText.shorten("x".repeat(300)));
        assertEquals("\"\u00e9\ufffd\"", ClientText.quote("\u00c3\u00a9\u00ff"));
    }
}
