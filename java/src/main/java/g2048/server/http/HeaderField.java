package g2048.server.http;

/** One header field of a request or an answer: its name as sent and its value without surrounding white space. */
public record HeaderField(String name, String value) {
}
