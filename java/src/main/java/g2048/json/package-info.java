/**
 * JSON text, depending on nothing: {@link g2048.json.JsonWriter}, the one writer of the commands'
 * {@code --json} output and the server's answers, and {@link g2048.json.FlatJsonReader}, the one
 * reader of the flat objects that the session's requests and the server's JSON bodies are.
 */
package g2048.json;
