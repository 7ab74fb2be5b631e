package g2048.tables;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A formation of a 4×4 board: its fixed cells hold the big tiles, which an endgame table treats as
 * placeholders that never merge and must stay in place ({@link RegionGame}), and its free cells
 * play the game. Cell {@code 4r + c}
 * is bit {@code 4r + c} of {@link #fixedCells}, as nibble {@code 4r + c} of a board.
 *
 * <p>Formations are data: a picture of four rows, {@code x} for a fixed cell and {@code .} for a
 * free one, rows separated by {@code /}, e.g. L3 is {@code xxx./xxx./..../....}. The named ones:
 * <ul>
 *   <li>{@code L3}: six big tiles in a 2×3 corner block, 10 free cells;</li>
 *   <li>{@code 442}: a full row and two cells below its corner, 10 free cells;</li>
 *   <li>{@code 41}: a full row and the cell below its corner, 11 free cells;</li>
 *   <li>{@code 44}: two full rows, 8 free cells (the bottom half); {@code 441}: with one cell
 *       more fixed, 7 free; {@code 442x}: with two more, 6 free — cheap tables, and the exactness
 *       tests' formations.</li>
 * </ul>
 */
public record Formation(String name, int fixedCells) {

    /**
     * The formations {@code tables build} builds by default, comma-separated: by {@code tables survey}
     * of the shipped model's games (1-ply, 200 games), of the positions whose big tiles all differ,
     * about 90% of those with six big tiles are {@code 442} and the five-tile {@code 41} is met at
     * 15% of moves at target 128, while {@code L3} is met at under 0.05%.
     */
    public static final String DEFAULT_FORMATIONS = "442,41";
    /**
     * The targets {@code tables build} builds by default, comma-separated: 512 makes 32768 from a chain
     * down to 512, and {@code 41} at 1024 plays the last stage before 32768 (16384 down to 1024 held)
     * whole. With 1024 added the shipped model's 3-ply games made 32768 more often on all three seeds
     * measured, 200 games each (47.0% against 44.5%, 32.5% against 30.5%, 42.5% against 37.5%);
     * {@code 442} at 1024 is met only once 32768 is made.
     */
    public static final String DEFAULT_TARGETS = "128,256,512,1024";

    /** The named formations, by name. */
    public static final Map<String, Formation> NAMED = named();

    public Formation {
        int free = 16 - Integer.bitCount(fixedCells & 0xFFFF);
        if ((fixedCells & ~0xFFFF) != 0 || free < 2 || free > 14) {
            throw new IllegalArgumentException("formation " + name + ": expected 2..14 free cells of 16, got " + free);
        }
        if (!name.matches("[A-Za-z0-9_]{1,24}")) {
            throw new IllegalArgumentException("formation name '" + name + "': expected 1..24 letters, digits or _");
        }
    }

    private static Map<String, Formation> named() {
        Map<String, Formation> m = new LinkedHashMap<>();
        for (Formation f : List.of(
                of("L3", "xxx./xxx./..../...."),
                of("442", "xxxx/xx../..../...."),
                of("41", "xxxx/x.../..../...."),
                of("44", "xxxx/xxxx/..../...."),
                of("441", "xxxx/xxxx/x.../...."),
                of("442x", "xxxx/xxxx/xx../...."))) {
            m.put(f.name(), f);
        }
        return Map.copyOf(m);
    }

    /** A formation from its picture (see the class comment). */
    public static Formation of(String name, String picture) {
        String[] rows = picture.split("/", -1);
        if (rows.length != 4) {
            throw new IllegalArgumentException("formation " + name + ": picture '" + picture + "' has " + rows.length
                    + " rows, expected 4 separated by /");
        }
        int mask = 0;
        for (int r = 0; r < 4; r++) {
            if (!rows[r].matches("[x.]{4}")) {
                throw new IllegalArgumentException("formation " + name + ": row '" + rows[r] + "', expected 4 of x (fixed) or . (free)");
            }
            for (int c = 0; c < 4; c++) {
                if (rows[r].charAt(c) == 'x') {
                    mask |= 1 << (4 * r + c);
                }
            }
        }
        return new Formation(name, mask);
    }

    /** The named formation, refused naming the known ones. */
    public static Formation named(String name) {
        Formation f = NAMED.get(name);
        if (f == null) {
            throw new IllegalArgumentException("formation '" + name + "': expected one of " + String.join(", ", NAMED.keySet().stream().sorted().toList()));
        }
        return f;
    }

    /** A formation as the command line names it: a named one, or {@code NAME=PICTURE} ({@link #of}). */
    public static Formation parse(String text) {
        int eq = text.indexOf('=');
        return eq < 0 ? named(text) : of(text.substring(0, eq), text.substring(eq + 1));
    }

    /** The number of free cells. */
    public int freeCount() {
        return 16 - Integer.bitCount(fixedCells);
    }

    /** The board mask with {@code 0xF} in every free cell's nibble. */
    public long freeNibbles() {
        return ~fixedNibbles();
    }

    /** The board mask with {@code 0xF} in every fixed cell's nibble. */
    public long fixedNibbles() {
        long m = 0;
        for (int c = 0; c < 16; c++) {
            if ((fixedCells >>> c & 1) != 0) {
                m |= 0xFL << (4 * c);
            }
        }
        return m;
    }

    /** The picture, as {@link #of} reads it. */
    public String picture() {
        return picture(fixedCells);
    }

    /** The picture of the cells {@code fixedCells} (bit {@code 4r + c} for cell {@code (r, c)}), as {@link #of} reads it. */
    public static String picture(int fixedCells) {
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < 4; r++) {
            if (r > 0) {
                sb.append('/');
            }
            for (int c = 0; c < 4; c++) {
                sb.append((fixedCells >>> (4 * r + c) & 1) != 0 ? 'x' : '.');
            }
        }
        return sb.toString();
    }
}
