package g2048.tables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** How many moves the tables decided, by table, among all the moves chosen; shared by every thread of a run. */
public final class Coverage {

    private final LongAdder moves = new LongAdder();
    private final Map<String, LongAdder> byTable = new ConcurrentHashMap<>();

    void count(EndgameTable decided) {
        moves.increment();
        if (decided != null) {
            byTable.computeIfAbsent(name(decided), k -> new LongAdder()).increment();
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

    /** One table's moves. */
    public record Share(String table, long moves, double share) {
    }

    /** The moves each table decided, by name, with their share of all moves. */
    public List<Share> byTable() {
        long all = moves();
        List<Share> out = new ArrayList<>();
        for (Map.Entry<String, LongAdder> e : new TreeMap<>(byTable).entrySet()) {
            long n = e.getValue().sum();
            out.add(new Share(e.getKey(), n, all == 0 ? 0 : (double) n / all));
        }
        return out;
    }

    /** The moves any table decided. */
    public long decided() {
        long n = 0;
        for (LongAdder a : byTable.values()) {
            n += a.sum();
        }
        return n;
    }
}
