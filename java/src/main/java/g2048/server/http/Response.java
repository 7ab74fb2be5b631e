package g2048.server.http;

import g2048.json.JsonWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** An answer: its status, the type and bytes of its body, and header fields besides those every answer has. */
public record Response(int status, String contentType, byte[] body, List<HeaderField> fields) {

    private static final String JSON = "application/json; charset=utf-8";

    public Response {
        fields = List.copyOf(fields);
    }

    public static Response of(int status, String contentType, byte[] body) {
        return new Response(status, contentType, body, List.of());
    }

    public static Response json(int status, String json) {
        return of(status, JSON, json.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code {"error": "message"}}: every error the server answers has this form. */
    public static Response error(int status, String message) {
        return json(status, new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("error", message).end().toString());
    }

    /** This answer with one more header field. */
    public Response with(String name, String value) {
        List<HeaderField> more = new ArrayList<>(fields);
        more.add(new HeaderField(name, value));
        return new Response(status, contentType, body, more);
    }
}
