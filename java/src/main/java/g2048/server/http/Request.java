package g2048.server.http;

import java.nio.charset.StandardCharsets;

/** A whole request: its checked head and its body (empty when it has none). */
public record Request(RequestHead head, byte[] body) {

    public String method() {
        return head.method();
    }

    /** The path, percent-decoded. */
    public String path() {
        return head.path();
    }

    /** The query as sent (percent-encoded), null when the target has no '?'. */
    public String rawQuery() {
        return head.query();
    }

    /** The body as UTF-8 text. */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
