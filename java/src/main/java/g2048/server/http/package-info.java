/**
 * A small HTTP/1.1 server for {@code g2048 serve}: {@link g2048.server.http.HttpListener} accepts
 * connections, {@link g2048.server.http.HeadParser} reads each request's head strictly within
 * {@link g2048.server.http.HttpLimits}, and every answer, a refusal of a malformed request
 * included, is the handler's or a one-line JSON {@code {"error": "..."}} naming what was wrong.
 * Keep-alive, pipelining (answers in request order), HEAD, {@code Expect: 100-continue} and
 * chunked request bodies. Depends on {@code json} only.
 */
package g2048.server.http;
