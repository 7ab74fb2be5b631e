package g2048.ziap;

import g2048.settings.Named;
import g2048.tdl2048.Tdl2048Import;
import g2048.tdl2048.Tdl2048Network;

/**
 * The networks 2048-tdl compiles in (its {@code STRUCTURE}), each the hex patterns its source
 * writes. 2048-tdl numbers cell {@code T} from the board's top nibble down and reads a pattern's
 * index with {@code pext}, so the cell written last lands in the index's lowest digit: read as
 * TDL2048's notation (first cell in the lowest digit), the hex literal {@code 0x543210} is the
 * pattern {@code 543210}. Its cell numbering is the square's 180° turn of g2048's, which a sum
 * over the eight images does not see.
 */
public enum ZiapStructure implements Named {
    NW5X4("3210 7654 5410 6521 a965"),
    NW4X5("43210 87654 54210 98654"),
    NW6X5("43210 87654 cba98 54210 98654 dca98"),
    NW4X6("543210 987654 654210 a98654"),
    NW5X6("543210 987654 dcba98 654210 a98654"),
    NW8X6("654210 d96521 543210 a76510 a95210 ed9510 d98510 a64210");

    private final String patterns;

    ZiapStructure(String patterns) {
        this.patterns = patterns;
    }

    /** E.g. {@code nw4x6}, as 2048-tdl's makefile names it. */
    public static ZiapStructure parse(String s) {
        return Named.parse(ZiapStructure.class, "structure", s);
    }

    /** The patterns in TDL2048's notation, each with its eight images. */
    public String patterns() {
        return patterns;
    }

    /** The network as g2048 reads it: one single-stage table per pattern. */
    public Tdl2048Network network() {
        return Tdl2048Network.parse(patterns, null);
    }

    /** The size of a weight file: the tables one after another, single precision, no header. */
    public long fileBytes() {
        long entries = 0;
        for (Tdl2048Network.Table t : network().tables()) {
            entries += t.entries();
        }
        return entries * Float.BYTES;
    }

    /** What each pair of a file entry and g2048's entry of the same weight is given to. */
    interface EntryPair {
        void accept(long fileEntry, long g2048Entry);
    }

    /**
     * Every entry of this structure's files (its tables one after another) with g2048's entry of the same
     * weight, in a network of {@code weightsPerBank} weights per bank.
     */
    void forEachEntry(long weightsPerBank, EntryPair pair) {
        Tdl2048Network net = network();
        long offset = 0;
        for (Tdl2048Network.Table t : net.tables()) {
            Tdl2048Import.EntryMap map = Tdl2048Import.EntryMap.of(t, net, weightsPerBank);
            for (long i = 0; i < t.entries(); i++) {
                pair.accept(offset + map.fileEntry(i), map.first() + i);
            }
            offset += t.entries();
        }
    }
}
