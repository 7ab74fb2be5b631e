package g2048.train.policy;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.nn.BoardOrientation;
import g2048.policy.DatasetFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The positions of one or more datasets in memory, split by game into a training part and a
 * held-out part: game i of file f is held out when {@code mix(f, i)} falls below the held-out
 * fraction, so a position and its successors are never on both sides and the split does not
 * depend on the order games were read. Targets are the teacher's move (one-hot), or with a
 * temperature T > 0 the softmax of the teacher's move values divided by T over the legal moves.
 * Positions are as recorded until {@link #orient} turns them as a network sees them.
 */
public final class TrainingData {

    private final long[] boards;
    private final int[] legal;
    private final byte[] moves;
    private final float[] values;
    private final int[] train;
    private final int[] heldOut;
    private final long games;
    private final long heldOutGames;
    private final double meanScore;
    private BoardOrientation orientation = BoardOrientation.AS_IS;

    private TrainingData(long[] boards, int[] legal, byte[] moves, float[] values, int[] train, int[] heldOut, long games,
            long heldOutGames, double meanScore) {
        this.boards = boards;
        this.legal = legal;
        this.moves = moves;
        this.values = values;
        this.train = train;
        this.heldOut = heldOut;
        this.games = games;
        this.heldOutGames = heldOutGames;
        this.meanScore = meanScore;
    }

    /**
     * What names the data of a run: each file (absolute path and size) and the held-out fraction; a
     * resumed run must name the same.
     */
    public static String key(List<Path> files, double holdout) throws IOException {
        StringBuilder key = new StringBuilder();
        for (Path p : files) {
            key.append(p.toAbsolutePath().normalize()).append('@').append(java.nio.file.Files.size(p)).append(',');
        }
        return key.append("holdout=").append(holdout).toString();
    }

    /** Reads every game of {@code files}; {@code holdout} is the fraction of games held out (0 ≤ h < 1). */
    public static TrainingData load(List<Path> files, double holdout, long seed) throws IOException {
        if (!(holdout >= 0 && holdout < 1)) {
            throw new IllegalArgumentException("--holdout: expected a fraction in [0, 1), got " + holdout);
        }
        Moves mv = Moves.of(Shape.S4x4);
        int n = 0;
        long[] boards = new long[1 << 16];
        byte[] moves = new byte[1 << 16];
        float[] values = new float[1 << 18];
        boolean[] held = new boolean[1 << 16];
        long games = 0;
        long heldGames = 0;
        double scoreSum = 0;
        for (int f = 0; f < files.size(); f++) {
            try (DatasetFile.Reader r = DatasetFile.Reader.open(files.get(f))) {
                for (DatasetFile.Game g = r.next(); g != null; g = r.next()) {
                    boolean h = heldOut(seed, f, g.index(), holdout);
                    games++;
                    heldGames += h ? 1 : 0;
                    scoreSum += g.score();
                    int k = g.size();
                    if (n + k > boards.length) {
                        int cap = Math.max(n + k, boards.length * 2);
                        boards = Arrays.copyOf(boards, cap);
                        moves = Arrays.copyOf(moves, cap);
                        held = Arrays.copyOf(held, cap);
                        values = Arrays.copyOf(values, 4 * cap);
                    }
                    System.arraycopy(g.boards(), 0, boards, n, k);
                    System.arraycopy(g.moves(), 0, moves, n, k);
                    System.arraycopy(g.values(), 0, values, 4 * n, 4 * k);
                    Arrays.fill(held, n, n + k, h);
                    n += k;
                }
            }
        }
        if (n == 0) {
            throw new IllegalArgumentException("--data: the datasets hold no positions");
        }
        int[] legal = new int[n];
        int nh = 0;
        for (int i = 0; i < n; i++) {
            legal[i] = mv.legalMask(boards[i]);
            if ((legal[i] >> moves[i] & 1) == 0) {
                throw new IllegalArgumentException("--data: position " + i + " records an illegal move " + moves[i]);
            }
            nh += held[i] ? 1 : 0;
        }
        int[] train = new int[n - nh];
        int[] heldOut = new int[nh];
        int a = 0;
        int b = 0;
        for (int i = 0; i < n; i++) {
            if (held[i]) {
                heldOut[b++] = i;
            } else {
                train[a++] = i;
            }
        }
        if (train.length == 0) {
            throw new IllegalArgumentException("--holdout " + holdout + " leaves no game to train on");
        }
        return new TrainingData(Arrays.copyOf(boards, n), legal, Arrays.copyOf(moves, n), Arrays.copyOf(values, 4 * n), train,
                heldOut, games, heldGames, scoreSum / games);
    }

    private static boolean heldOut(long seed, int file, long game, double holdout) {
        long h = Rng.mix(Rng.mix(seed ^ 0x5EEDL) + 31L * file + game);
        return (h >>> 11) * 0x1.0p-53 < holdout;
    }

    public int trainSize() {
        return train.length;
    }

    public int heldOutSize() {
        return heldOut.length;
    }

    public long games() {
        return games;
    }

    public long heldOutGames() {
        return heldOutGames;
    }

    /** The mean final score of the games read: the teacher's, or a behaviour player's where the games followed one. */
    public double meanScore() {
        return meanScore;
    }

    /** Training position {@code i} (in a fixed order) as an index into the arrays. */
    int trainIndex(int i) {
        return train[i];
    }

    /**
     * Turns every position as a network of orientation {@code o} sees it: the board into its image,
     * the legal moves, the teacher's move and its move values onto the image's directions. Once
     * turned, the data stays so (turning it again the same way changes nothing).
     */
    public void orient(BoardOrientation o) {
        if (o == orientation) {
            return;
        }
        if (orientation != BoardOrientation.AS_IS) {
            throw new IllegalStateException("the positions are turned " + orientation.text() + " already");
        }
        Moves mv = Moves.of(Shape.S4x4);
        float[] v = new float[4];
        for (int i = 0; i < boards.length; i++) {
            int s = o.symmetry(boards[i]);
            if (s == 0) {
                continue;
            }
            boards[i] = BoardOrientation.apply(s, boards[i]);
            legal[i] = mv.legalMask(boards[i]);
            moves[i] = (byte) BoardOrientation.toImage(s, moves[i]);
            for (int m = 0; m < 4; m++) {
                v[BoardOrientation.toImage(s, m)] = values[4 * i + m];
            }
            System.arraycopy(v, 0, values, 4 * i, 4);
        }
        orientation = o;
    }

    public BoardOrientation orientation() {
        return orientation;
    }

    int heldOutIndex(int i) {
        return heldOut[i];
    }

    long board(int index) {
        return boards[index];
    }

    int legal(int index) {
        return legal[index];
    }

    int move(int index) {
        return moves[index];
    }

    /** Writes position {@code index}'s target distribution into {@code y[off..off+4)}. */
    void target(int index, double temperature, float[] y, int off) {
        Arrays.fill(y, off, off + 4, 0f);
        if (temperature <= 0) {
            y[off + moves[index]] = 1f;
            return;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < 4; m++) {
            if ((legal[index] >> m & 1) != 0) {
                max = Math.max(max, values[4 * index + m]);
            }
        }
        double sum = 0;
        double[] e = new double[4];
        for (int m = 0; m < 4; m++) {
            if ((legal[index] >> m & 1) != 0) {
                e[m] = Math.exp((values[4 * index + m] - max) / temperature);
                sum += e[m];
            }
        }
        for (int m = 0; m < 4; m++) {
            y[off + m] = (float) (e[m] / sum);
        }
    }
}
