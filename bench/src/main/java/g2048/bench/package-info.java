/**
 * JMH benchmarks of the engine, one thread each unless a benchmark says otherwise. Run them with
 * {@code bench/run-jmh.sh [regex]} (see bench/README.md), which writes dated results under
 * {@code bench/results/}.
 */
package g2048.bench;
