/**
 * Concurrency helpers shared by training, play and search: {@link g2048.concurrent.Published}
 * (versions of a buffer handed from one writer to many readers without tearing) and
 * {@link g2048.concurrent.Workers} (N threads on one task, the first failure kept and rethrown,
 * their CPU time summed).
 *
 * <p>A bottom package: it depends on nothing but the JDK.
 */
package g2048.concurrent;
