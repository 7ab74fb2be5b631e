package g2048.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many moves the tables checked (a table matched the board and cleared the threshold) and how
 * many of those they decided (overruled the other player), by table, among all the moves chosen;
 * shared by every thread of a run.
 */
public final class Coverage {

    private final LongAdder moves = new LongAdder();
    private final Map<String, LongAdder[]> byTable = new ConcurrentHashMap<>();

    /** One move: {@code table} the table that checked it (null for none), {@code overruled} whether it changed the choice. */
    void count(EndgameTable table, boolean overruled) {
        moves.increment();
        if (table != null) {
            LongAdder[] a = byTable.computeIfAbsent(name(table), k -> new LongAdder[] {new LongAdder(), new LongAdder()});
            a[0].increment();
            if (overruled) {
                a[1].increment();
            }
        }
    }

    /** A table as reports name it: its file name without the extension, e.g. {@code L3-512}. */
    public static String name(EndgameTable t) {
        return t.formation().name() + "-" + t.target();
    }

    /** The moves chosen, tables or not. */
    public long moves() {
        return moves.sum();
    }

    /** One table's moves: those it checked and those it decided, each with its share of all moves. */
    public record Share(String table, long checked, long decided, double checkedShare, double decidedShare) {
    }

    /** Each table's moves, by name. */
    public List<Share> byTable() {
        long all = moves();
        List<Share> out = new ArrayList<>();
        for (Map.Entry<String, LongAdder[]> e : new TreeMap<>(byTable).entrySet()) {
            long c = e.getValue()[0].sum();
            long d = e.getValue()[1].sum();
            out.add(new Share(e.getKey(), c, d, all == 0 ? 0 : (double) c / all, all == 0 ? 0 : (double) d / all));
        }
        return out;
    }

    /** The moves any table checked. */
    public long checked() {
        return byTable.values().stream().mapToLong(a -> a[0].sum()).sum();
    }

    /** The moves any table decided (overruled the other player). */
    public long decided() {
        return byTable.values().stream().mapToLong(a -> a[1].sum()).sum();
    }
}
