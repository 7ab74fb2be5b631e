package g2048.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The symmetry group of every shape: its size, identity, closure and inverses; each symmetry is a
 * permutation of the shape's cells equal to a reference written on grids; normalisation; and moves
 * commute with symmetries once the direction is mapped.
 */
class SymmetriesTest {

    static final int BOARDS = 20_000;

    static java.util.stream.Stream<Shape> shapes() {
        return Shapes.all();
    }

    /** The reference: symmetry s on a grid, as mirror columns (bit 0), flip rows (bit 1), transpose (bit 2). */
    static int[][] referenceApply(int s, int[][] grid) {
        int[][] g = grid;
        if ((s & 1) != 0) {
            int[][] m = new int[g.length][g[0].length];
            for (int r = 0; r < g.length; r++) {
                for (int c = 0; c < g[0].length; c++) {
                    m[r][c] = g[r][g[0].length - 1 - c];
                }
            }
            g = m;
        }
        if ((s & 2) != 0) {
            int[][] m = new int[g.length][];
            for (int r = 0; r < g.length; r++) {
                m[r] = g[g.length - 1 - r].clone();
            }
            g = m;
        }
        if ((s & 4) != 0) {
            int[][] m = new int[g[0].length][g.length];
            for (int r = 0; r < g.length; r++) {
                for (int c = 0; c < g[0].length; c++) {
                    m[c][r] = g[r][c];
                }
            }
            g = m;
        }
        return g;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void groupLaws(Shape shape) {
        Symmetries sym = new Symmetries(shape);
        int n = sym.count();
        assertEquals(shape.isSquare() ? 8 : 4, n);
        RandomBoards random = new RandomBoards(shape, 77);
        long[] boards = new long[BOARDS];
        for (int i = 0; i < BOARDS; i++) {
            boards[i] = random.next();
        }
        // composition table: for every pair, exactly one member of the group does both in one step
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                int found = -1;
                for (int c = 0; c < n && found < 0; c++) {
                    boolean all = true;
                    for (long x : boards) {
                        if (sym.apply(a, sym.apply(b, x)) != sym.apply(c, x)) {
                            all = false;
                            break;
                        }
                    }
                    if (all) {
                        found = c;
                    }
                }
                assertTrue(found >= 0, shape + ": " + a + " after " + b + " is not in the group");
            }
        }
        for (long x : boards) {
            assertEquals(x, sym.apply(0, x), "identity");
            Set<Long> images = new HashSet<>();
            for (int s = 0; s < n; s++) {
                long image = sym.apply(s, x);
                assertEquals(x, sym.apply(sym.inverse(s), image), "inverse of " + s);
                assertTrue(Board.fits(image, shape), "the image stays inside the shape");
                images.add(image);
            }
            assertTrue(images.size() <= n);
        }
        // the members are distinct: on some board every symmetry gives a different image
        boolean distinct = false;
        for (long x : boards) {
            Set<Long> images = new HashSet<>();
            for (int s = 0; s < n; s++) {
                images.add(sym.apply(s, x));
            }
            distinct |= images.size() == n;
        }
        assertTrue(distinct, shape + ": some symmetries coincide on every board");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void eachSymmetryIsTheReferenceCellPermutation(Shape shape) {
        Symmetries sym = new Symmetries(shape);
        RandomBoards random = new RandomBoards(shape, 78);
        for (int i = 0; i < BOARDS; i++) {
            long x = random.next();
            int[][] grid = ReferenceGame.toGrid(x, shape);
            for (int s = 0; s < sym.count(); s++) {
                int[][] expected = referenceApply(s, grid);
                long actual = sym.apply(s, x);
                if (!Arrays.deepEquals(expected, ReferenceGame.toGrid(actual, shape))) {
                    fail(shape + " symmetry " + s + " of " + BoardText.format(x, shape) + ": expected "
                            + Arrays.deepToString(expected) + ", got " + BoardText.format(actual, shape));
                }
                assertEquals(Long.bitCount(Board.emptyCells(x, shape)), Long.bitCount(Board.emptyCells(actual, shape)));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void normalizeIsTheLeastImageAndInvariant(Shape shape) {
        Symmetries sym = new Symmetries(shape);
        RandomBoards random = new RandomBoards(shape, 79);
        for (int i = 0; i < BOARDS; i++) {
            long x = random.next();
            long norm = sym.normalize(x);
            assertEquals(norm, sym.normalize(norm), "idempotent");
            boolean isImage = false;
            for (int s = 0; s < sym.count(); s++) {
                long image = sym.apply(s, x);
                assertEquals(norm, sym.normalize(image), "the same normal form for every image");
                assertTrue(Long.compareUnsigned(norm, image) <= 0, "no image is smaller");
                isImage |= image == norm;
            }
            assertTrue(isImage, "the normal form is one of the images");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shapes")
    void movesCommuteWithSymmetries(Shape shape) {
        Symmetries sym = new Symmetries(shape);
        Moves moves = Moves.of(shape);
        RandomBoards random = new RandomBoards(shape, 80);
        for (int i = 0; i < BOARDS; i++) {
            long x = random.next();
            for (int s = 0; s < sym.count(); s++) {
                long image = sym.apply(s, x);
                for (int d = 0; d < 4; d++) {
                    int md = sym.mapDirection(s, d);
                    if (sym.apply(s, moves.move(x, d)) != moves.move(image, md)
                            || moves.reward(x, d) != moves.reward(image, md)) {
                        fail(shape + " symmetry " + s + " direction " + d + " mapped to " + md + " on "
                                + BoardText.format(x, shape));
                    }
                }
                assertEquals(Integer.bitCount(moves.legalMask(x)), Integer.bitCount(moves.legalMask(image)));
            }
        }
    }
}
