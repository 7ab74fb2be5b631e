package g2048.server.http;

import static g2048.server.http.HttpLimits.MAX_CHUNK_LINE;
import static g2048.server.http.HttpLimits.MAX_HEADER_FIELDS;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request body sent with {@code Transfer-Encoding: chunked} (RFC 9112, section 7.1): chunks of
 * a hex size (extensions after ';' are ignored), the last of size 0, then trailer fields (read,
 * not used) and a blank line. More than {@code max} bytes of data is a 413; anything malformed a 400.
 */
final class ChunkedBody {

    private ChunkedBody() {
    }

    static byte[] read(InputStream in, int max) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            String line = line(in);
            int semi = line.indexOf(';');
            String size = semi < 0 ? line : line.substring(0, semi);
            if (size.isEmpty() || !size.chars().allMatch(ChunkedBody::hex)) {
                throw new HttpError(400, "body: malformed chunk size " + ClientText.quote(line) + ", expected hex digits");
            }
            String digits = size.replaceFirst("^0+(?=.)", "");
            if (digits.length() > 7 || out.size() + Integer.parseInt(digits, 16) > max) {
                throw new HttpError(413, "body: larger than " + max + " bytes");
            }
            int n = Integer.parseInt(digits, 16);
            if (n == 0) {
                for (int trailers = 0; !line(in).isEmpty(); trailers++) {
                    if (trailers == MAX_HEADER_FIELDS) {
                        throw new HttpError(431, "body: more than " + MAX_HEADER_FIELDS + " trailer fields");
                    }
                }
                return out.toByteArray();
            }
            byte[] data = in.readNBytes(n);
            if (data.length < n) {
                throw incomplete();
            }
            out.write(data);
            if (!line(in).isEmpty()) {
                throw new HttpError(400, "body: a chunk's data is not followed by CRLF");
            }
        }
    }

    private static String line(InputStream in) throws IOException {
        String line = Lines.read(in, MAX_CHUNK_LINE, 400, "body: a chunk line longer than " + MAX_CHUNK_LINE + " bytes", "body");
        if (line == null) {
            throw incomplete();
        }
        return line;
    }

    private static HttpError incomplete() {
        return new HttpError(400, "body: incomplete (the connection ended inside the chunks)");
    }

    private static boolean hex(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
