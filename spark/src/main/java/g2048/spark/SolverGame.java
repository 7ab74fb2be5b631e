package g2048.spark;

import g2048.files.BadFileException;
import g2048.game.Board;
import g2048.game.Moves;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.solver.AgeBytes;
import g2048.solver.InitialStates;
import g2048.solver.Normalizer;
import java.nio.file.Path;

/**
 * The exact solver's game ({@link g2048.solver.Solver}) on a small board: boards normalised under
 * the shape's symmetries, a move's reward its merges, the initial states as seeds, and the
 * single-machine files ({@link AgeBytes}).
 */
final class SolverGame implements AgeGame {

    private static final long serialVersionUID = 1L;
    private static final double P_FOUR = 1 - Spawns.P_TWO;

    private final String shapeName;
    private transient Tables tables;

    /** What a task builds once from the shape's name. */
    private record Tables(Shape shape, Moves moves, Normalizer normalizer, long cellMask) {
    }

    SolverGame(Shape shape) {
        this.shapeName = shape.name();
    }

    private Tables tables() {
        Tables t = tables;
        if (t == null) {
            Shape s = Shape.parse(shapeName);
            t = new Tables(s, Moves.of(s), new Normalizer(s), s.cellMask());
            tables = t;
        }
        return t;
    }

    private Shape shape() {
        return tables().shape();
    }

    @Override
    public int cells() {
        return shape().cells();
    }

    @Override
    public long emptyCells(long position) {
        return Board.emptyCells(position, tables().cellMask());
    }

    @Override
    public long normalize(long position) {
        return tables().normalizer().normalize(position);
    }

    @Override
    public long move(long state, int dir) {
        Tables t = tables();
        long a = t.moves().move(state, dir);
        return a == state ? NO_MOVE : t.normalizer().normalize(a);
    }

    @Override
    public boolean stuck(long state) {
        return tables().moves().legalMask(state) == 0;
    }

    @Override
    public double reward(long state, int dir) {
        return tables().moves().reward(state, dir);
    }

    @Override
    public boolean wins() {
        return false;
    }

    @Override
    public double spawnMean(double sum2, double sum4, int empty) {
        return (Spawns.P_TWO * sum2 + P_FOUR * sum4) / empty;
    }

    @Override
    public long[] stateSeeds(int age) {
        return InitialStates.of(shape()).stream().filter(s -> s.age() == age).mapToLong(s -> normalize(s.board())).toArray();
    }

    @Override
    public long[] afterSeeds(int age) {
        return new long[0];
    }

    @Override
    public byte[] ids(int age, long[] states, long[] afters, long terminal) {
        return AgeBytes.ids(shape(), age, states, afters, terminal);
    }

    @Override
    public Ids readIds(Path file, byte[] bytes, int age) throws BadFileException {
        AgeBytes.Ids ids = AgeBytes.readIds(file, bytes, shape(), age);
        return new Ids(ids.states(), ids.afters());
    }

    @Override
    public byte[] doubles(int age, double[] stateValues) {
        return AgeBytes.doubles(shape(), age, stateValues);
    }

    @Override
    public double[] readDoubles(Path file, byte[] bytes, int age, int n) throws BadFileException {
        return AgeBytes.readDoubles(file, bytes, shape(), age, n);
    }

    @Override
    public byte[] values(int age, double[] stateValues, double[] afterValues, double best) {
        return AgeBytes.values(shape(), age, stateValues, afterValues, best);
    }
}
