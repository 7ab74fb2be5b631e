package g2048.solver;

import static g2048.solver.Layouts.DOUBLE;

import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.game.Spawns;
import java.lang.foreign.MemorySegment;

/**
 * The per-position loops of {@link Solver}'s passes over one shape, run on its threads: the spawns and
 * moves of the forward pass, every ID normalised over the shape's symmetries, and the afterstate and
 * state values of the backward pass. The threads append to their own buffers, which are then sorted
 * and merged by union into an off-heap {@link IdSet}.
 */
final class SolverKernels {

    private final Shape shape;
    private final int threads;
    private final Moves moves;
    private final Normalizer normalizer;
    private final long cellMask;
    private final IdBuffer[] buffers;
    int threads() {
        return threads;
    }

    /** Nanoseconds spent sorting and merging the spawns' buffers. */
    long mergeNanos;

    SolverKernels(Shape shape, int threads) {
        this.shape = shape;
        this.threads = threads;
        this.moves = Moves.of(shape);
        this.normalizer = new Normalizer(shape);
        this.cellMask = shape.cellMask();
        this.buffers = new IdBuffer[threads];
        for (int i = 0; i < threads; i++) {
            buffers[i] = new IdBuffer();
        }
    }

    /** The states of {@code age}: 2-spawns of {@code after2}, 4-spawns of {@code after4}, initial states. */
    IdSet spawnAll(IdSet after2, IdSet after4, int age) {
        for (IdBuffer b : buffers) {
            b.clear();
        }
        long n2 = after2.size();
        long total = n2 + after4.size();
        Parallel.forRange(threads, total, 4096, (w, from, to) -> {
            IdBuffer out = buffers[w];
            for (long i = from; i < to; i++) {
                long x;
                long tile;
                if (i < n2) {
                    x = after2.get(i);
                    tile = 1;
                } else {
                    x = after4.get(i - n2);
                    tile = 2;
                }
                long empty = Board.emptyCells(x, cellMask);
                while (empty != 0) {
                    int shift = Long.numberOfTrailingZeros(empty);
                    empty &= empty - 1;
                    out.add(normalizer.normalize(x | (tile << shift)));
                }
            }
        });
        if (age <= 8) {
            addInitialStates(age, buffers[0]);
        }
        long tu = System.nanoTime();
        IdSet u = IdSet.union(buffers);
        mergeNanos += System.nanoTime() - tu;
        return u;
    }

    private void addInitialStates(int age, IdBuffer out) {
        int[] cells = cellsOf(shape);
        for (int i = 0; i < cells.length; i++) {
            for (int j = 0; j < cells.length; j++) {
                if (i == j) {
                    continue;
                }
                for (int ci = 1; ci <= 2; ci++) {
                    for (int cj = 1; cj <= 2; cj++) {
                        if ((1 << ci) + (1 << cj) == age) {
                            long b = ((long) ci << (4 * cells[i])) | ((long) cj << (4 * cells[j]));
                            out.add(normalizer.normalize(b));
                        }
                    }
                }
            }
        }
    }

    /** The nibble index of every cell of the shape, row-major. */
    static int[] cellsOf(Shape shape) {
        int[] cells = new int[shape.cells()];
        int k = 0;
        for (int r = 0; r < shape.rows(); r++) {
            for (int c = 0; c < shape.cols(); c++) {
                cells[k++] = Shape.nibble(r, c);
            }
        }
        return cells;
    }

    IdSet movesOf(IdSet states, long[] terminal) {
        for (IdBuffer b : buffers) {
            b.clear();
        }
        Parallel.forRange(threads, states.size(), 4096, (w, from, to) -> {
            IdBuffer out = buffers[w];
            long term = 0;
            for (long i = from; i < to; i++) {
                long s = states.get(i);
                boolean any = false;
                for (int d = 0; d < 4; d++) {
                    long a = moves.move(s, d);
                    if (a != s) {
                        out.add(normalizer.normalize(a));
                        any = true;
                    }
                }
                if (!any) {
                    term++;
                }
            }
            synchronized (terminal) {
                terminal[w] += term;
            }
        });
        return IdSet.union(buffers);
    }


    void afterValuesOf(IdSet afters, MemorySegment out, SolvedAge s2, SolvedAge s4) {
        IdSet ids2 = s2.ids();
        IdSet ids4 = s4.ids();
        MemorySegment v2 = s2.values();
        MemorySegment v4 = s4.values();
        double pTwo = Spawns.P_TWO;
        double pFour = 1 - Spawns.P_TWO;
        Parallel.forRange(threads, afters.size(), 4096, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                long x = afters.get(i);
                long empty = Board.emptyCells(x, cellMask);
                int k = Long.bitCount(empty);
                double sum2 = 0;
                double sum4 = 0;
                while (empty != 0) {
                    int shift = Long.numberOfTrailingZeros(empty);
                    empty &= empty - 1;
                    sum2 += v2.getAtIndex(DOUBLE, lookup(ids2, normalizer.normalize(x | (1L << shift)), x));
                    sum4 += v4.getAtIndex(DOUBLE, lookup(ids4, normalizer.normalize(x | (2L << shift)), x));
                }
                out.setAtIndex(DOUBLE, i, (pTwo * sum2 + pFour * sum4) / k);
            }
        });
    }

    private static long lookup(IdSet set, long id, long from) {
        long r = set.rank(id);
        if (r < 0) {
            throw new IllegalStateException("board " + Long.toHexString(id) + " (from " + Long.toHexString(from)
                    + ") is missing from the forward pass's output; the solution directory is inconsistent");
        }
        return r;
    }

    void stateValuesOf(IdSet states, MemorySegment out, IdSet afters, MemorySegment afterValues) {
        Parallel.forRange(threads, states.size(), 4096, (w, from, to) -> {
            for (long i = from; i < to; i++) {
                long s = states.get(i);
                double best = 0;
                // The four moves spelled out: each afterstate is computed once and its reward only when legal.
                long a = moves.up(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 0) + afterValue(afters, afterValues, a, s));
                }
                a = moves.right(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 1) + afterValue(afters, afterValues, a, s));
                }
                a = moves.down(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 2) + afterValue(afters, afterValues, a, s));
                }
                a = moves.left(s);
                if (a != s) {
                    best = Math.max(best, moves.reward(s, 3) + afterValue(afters, afterValues, a, s));
                }
                out.setAtIndex(DOUBLE, i, best);
            }
        });
    }

    private double afterValue(IdSet afters, MemorySegment afterValues, long after, long from) {
        return afterValues.getAtIndex(DOUBLE, lookup(afters, normalizer.normalize(after), from));
    }
}
