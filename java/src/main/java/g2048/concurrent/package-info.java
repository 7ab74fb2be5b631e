/**
 * Concurrency helpers shared by training, play and search: {@link g2048.concurrent.Published}
 * (versions of a buffer handed from one writer to many readers without tearing).
 *
 * <p>A bottom package: it depends on nothing but the JDK.
 */
package g2048.concurrent;
