/**
 * JSON text, depending on nothing: {@link g2048.json.JsonWriter}, the one writer of the commands'
 * {@code --json} output and the server's answers.
 */
package g2048.json;
