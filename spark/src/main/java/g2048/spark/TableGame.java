package g2048.spark;

import g2048.files.BadFileException;
import g2048.tables.Formation;
import g2048.tables.RegionGame;
import g2048.tables.TableParts;
import java.nio.file.Path;

/**
 * An endgame table's game ({@link RegionGame}): the free cells of a formation played until a tile of
 * the target is made in one (a move that makes it wins, worth 1), positions filed as they are (no
 * symmetries), the seeds of ages 0 to 4 as afterstates, and the table build's files ({@link TableParts}).
 */
final class TableGame implements AgeGame {

    private static final long serialVersionUID = 1L;

    private final String formationName;
    private final int fixedCells;
    private final int target;
    private transient RegionGame game;

    TableGame(RegionGame game) {
        this.formationName = game.formation().name();
        this.fixedCells = game.formation().fixedCells();
        this.target = game.target();
    }

    RegionGame game() {
        RegionGame g = game;
        if (g == null) {
            g = new RegionGame(new Formation(formationName, fixedCells), target);
            game = g;
        }
        return g;
    }

    @Override
    public int cells() {
        return game().freeCount();
    }

    @Override
    public long emptyCells(long position) {
        return game().emptyCells(position);
    }

    @Override
    public long normalize(long position) {
        return position;
    }

    @Override
    public long move(long state, int dir) {
        long a = game().after(state, dir);
        return a == RegionGame.SUCCESS ? WON : a == RegionGame.ILLEGAL ? NO_MOVE : a;
    }

    @Override
    public boolean stuck(long state) {
        RegionGame g = game();
        for (int d = 0; d < 4; d++) {
            if (g.moved(state, d) != RegionGame.ILLEGAL) {
                return false;
            }
        }
        return true;
    }

    @Override
    public double reward(long state, int dir) {
        return 0;
    }

    @Override
    public boolean wins() {
        return true;
    }

    @Override
    public double spawnMean(double sum2, double sum4, int empty) {
        return RegionGame.spawnMean(sum2, sum4, empty);
    }

    @Override
    public long[] stateSeeds(int age) {
        return new long[0];
    }

    @Override
    public long[] afterSeeds(int age) {
        return game().seeds(age);
    }

    @Override
    public byte[] ids(int age, long[] states, long[] afters, long terminal) {
        return TableParts.ids(game(), age, states, afters);
    }

    @Override
    public Ids readIds(Path file, byte[] bytes, int age) throws BadFileException {
        TableParts.Ids ids = TableParts.readIds(file, bytes, game(), age);
        return new Ids(ids.states(), ids.afters());
    }

    @Override
    public byte[] doubles(int age, double[] stateValues) {
        return TableParts.doubles(game(), age, stateValues);
    }

    @Override
    public double[] readDoubles(Path file, byte[] bytes, int age, int n) throws BadFileException {
        return TableParts.readDoubles(file, bytes, game(), age, n);
    }

    @Override
    public byte[] values(int age, double[] stateValues, double[] afterValues, double best) {
        return TableParts.values(game(), age, afterValues);
    }
}
