package g2048.tdl2048;

import static g2048.settings.BadSetting.field;

import g2048.ntuple.TupleSpec;
import g2048.ntuple.Stages;
import g2048.settings.BadSetting;
import g2048.settings.Numbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A network written as TDL2048+ (Hung Guei and I-Chen Wu) takes it with {@code -n}, and its
 * {@code -@} stage thresholds, mapped onto a g2048 {@link TupleSpec} and {@link Stages}.
 *
 * <p><b>Patterns.</b> A hex pattern such as {@code 012345} is one weight table read by the
 * pattern's eight images under the square's rotations and reflections; {@code 0123:0123} (the
 * legacy 8x4patt and 9x4patt) reads its table on its own cells only. A table's index has the
 * pattern's first cell in its lowest four bits, as written: g2048 keeps a tuple's cells in
 * ascending order, so a pattern written otherwise is imported with its index digits permuted
 * ({@link Table#order}). Summing a table over the pattern's eight images equals summing it over
 * the eight images of the board, which is what a symmetric g2048 spec does.
 *
 * <p><b>Stages.</b> {@code NAME@N} makes N copies of the alias's tables, copy {@code s} named
 * by the pattern with its top bits ORed with {@code s} written as eight hex digits reversed
 * ({@code 012345} in stage 1 is {@code 10012345}); {@code -@ T0,T1,...} splits the features into
 * as many equal groups, and a board takes the last group whose threshold its tile set reaches
 * (TDL2048 never reads {@code T0}). That is g2048's rule with thresholds {@code T1,...}, as long as
 * they are even (TDL2048's tile set counts empty cells as a 1, g2048's does not).
 *
 * @param spec   the g2048 network: the patterns as tuples, symmetric when they take their images
 * @param stages the g2048 stages
 * @param tables every weight table the file must hold, stage by stage, tuple by tuple
 */
public record Tdl2048Network(String text, TupleSpec spec, Stages stages, List<Table> tables) {

    /**
     * One weight table of the file.
     *
     * @param stage the stage it serves
     * @param tuple the g2048 tuple it fills
     * @param sign  its name in the file, read as a hex number
     * @param order the pattern's cells as TDL2048 indexes them (first cell in the lowest digit)
     * @param name  its name as TDL2048 prints it, e.g. {@code 012345} or, in stage 1, {@code 10012345}
     */
    public record Table(int stage, int tuple, long sign, int[] order, String name) {

        /** The number of entries: 16 per cell. */
        public long entries() {
            return 1L << (4 * order.length);
        }
    }

    /** TDL2048's aliases made of patterns (its {@code mono} and {@code num} features are not n-tuples). */
    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("4x6patt/khyeh", "012345 456789 012456 45689a"),
            Map.entry("5x6patt/42-33", "012345 456789 89abcd 012456 45689a"),
            Map.entry("4x5patt/41-32", "01234 45678 01245 45689"),
            Map.entry("2x4patt/4", "0123 4567"),
            Map.entry("5x4patt/4-22", "0123 4567 0145 1256 569a"),
            Map.entry("8x4patt/legacy", "0123:0123 4567:4567 89ab:89ab cdef:cdef 048c:048c 159d:159d 26ae:26ae 37bf:37bf"),
            Map.entry("9x4patt/legacy", "0145:0145 1256:1256 2367:2367 4589:4589 569a:569a 67ab:67ab 89cd:89cd 9ade:9ade abef:abef"),
            Map.entry("2x7patt/43", "0123456 456789a"),
            Map.entry("3x7patt/43", "0123456 456789a 89abcde"),
            Map.entry("1x8patt/44", "01234567"),
            Map.entry("2x8patt/44", "01234567 456789ab"),
            Map.entry("3x8patt/44-332", "01234567 456789ab 01245689"),
            Map.entry("3x8patt/44-4211", "01234567 456789ab 0123458c"),
            Map.entry("4x8patt/44-332-4211", "01234567 456789ab 01245689 0123458c"),
            Map.entry("4x6patt/k.matsuzaki", "012456 456789 012345 234569"),
            Map.entry("5x6patt/k.matsuzaki", "012456 456789 012345 234569 01259a"),
            Map.entry("6x6patt/k.matsuzaki", "012456 456789 012345 234569 01259a 345678"),
            Map.entry("7x6patt/k.matsuzaki", "012456 456789 012345 234569 01259a 345678 134567"),
            Map.entry("8x6patt/k.matsuzaki", "012456 456789 012345 234569 01259a 345678 134567 01489a"));

    /** TDL2048's short names and the variant each stands for. */
    private static final Map<String, String> SHORT = Map.ofEntries(
            Map.entry("default", "4x6patt/khyeh"), Map.entry("4x6patt", "4x6patt/khyeh"),
            Map.entry("5x6patt", "5x6patt/42-33"), Map.entry("4x5patt", "4x5patt/41-32"),
            Map.entry("2x4patt", "2x4patt/4"), Map.entry("5x4patt", "5x4patt/4-22"),
            Map.entry("8x4patt", "8x4patt/legacy"), Map.entry("9x4patt", "9x4patt/legacy"),
            Map.entry("1x8patt", "1x8patt/44"), Map.entry("2x8patt", "2x8patt/44"),
            Map.entry("3x8patt", "3x8patt/44-4211"), Map.entry("4x8patt", "4x8patt/44-332-4211"),
            Map.entry("2x7patt", "2x7patt/43"), Map.entry("3x7patt", "3x7patt/43"),
            Map.entry("6x6patt", "6x6patt/k.matsuzaki"), Map.entry("7x6patt", "7x6patt/k.matsuzaki"),
            Map.entry("8x6patt", "8x6patt/k.matsuzaki"));

    public Tdl2048Network {
        tables = List.copyOf(tables);
    }

    /**
     * Parses {@code net} (TDL2048's {@code -n}: an alias such as {@code 4x6patt}, {@code 8x6patt@3},
     * or hex patterns {@code "0123 4567"}, {@code 0123:0123} for a pattern without its images) and
     * {@code thresholds} (its {@code -@}, e.g. {@code 0,16384}; null or empty for one stage).
     * Anything it cannot map exactly is an {@link IllegalArgumentException} saying why.
     */
    public static Tdl2048Network parse(String net, String thresholds) {
        String text = net == null ? "" : net.trim().toLowerCase(Locale.ROOT);
        if (text.isEmpty()) {
            throw new BadSetting(field("net"), " is empty: give an alias such as 4x6patt or hex patterns such as \"0123 4567\"");
        }
        String[] tokens = text.split("\\s+");
        int count = 1;
        List<String> patterns = new ArrayList<>();
        for (String token : tokens) {
            String name = token;
            int at = token.indexOf('@');
            if (at >= 0) {
                name = token.substring(0, at);
                String n = token.substring(at + 1);
                if (!n.matches("[1-9][0-9]?")) {
                    throw new BadSetting(field("net"), ": '" + token + "': expected NAME@N with N stages, e.g. 4x6patt@2");
                }
                if (tokens.length > 1 || !name.contains("patt")) {
                    throw new BadSetting(field("net"), ": '" + token
                            + "': @N stages apply to one alias on its own (TDL2048 splits aliases only), e.g. 4x6patt@2");
                }
                count = Integer.parseInt(n);
            }
            String alias = ALIASES.get(SHORT.getOrDefault(name, name));
            if (alias != null) {
                patterns.addAll(Arrays.asList(alias.split(" ")));
            } else if (at >= 0) {
                throw new BadSetting(field("net"), ": unknown alias '" + name + "' (known: " + knownAliases() + ")");
            } else {
                patterns.add(token);
            }
        }
        Stages stages = stages(thresholds, count, text);
        int[][] tuples = new int[patterns.size()][];
        int[][] orders = new int[patterns.size()][];
        long[] signs = new long[patterns.size()];
        Boolean symmetric = null;
        for (int t = 0; t < patterns.size(); t++) {
            String p = patterns.get(t);
            boolean images = !p.contains(":");
            String cells = images ? p : p.substring(0, p.indexOf(':'));
            if (!cells.matches("[0-9a-f]{1,8}") || (!images && !p.equals(cells + ":" + cells))) {
                throw new BadSetting(field("net"), ": '" + p + "' is neither a TDL2048 alias of patterns (" + knownAliases()
                        + ") nor a hex pattern such as 012345 (with its 8 images) or 0123:0123 (without)");
            }
            if (symmetric != null && symmetric != images) {
                throw new BadSetting(field("net"), ": '" + text
                        + "' mixes patterns with their 8 images and patterns without (PATT:PATT); a g2048 network takes one or the other");
            }
            symmetric = images;
            orders[t] = new int[cells.length()];
            for (int j = 0; j < cells.length(); j++) {
                orders[t][j] = Character.digit(cells.charAt(j), 16);
            }
            tuples[t] = orders[t].clone();
            signs[t] = Long.parseLong(cells, 16);
        }
        TupleSpec spec;
        try {
            spec = new TupleSpec(tuples, 16, symmetric);
        } catch (IllegalArgumentException e) {
            throw BadSetting.causedBy(e, field("net"), ": '" + text + "' cannot be a g2048 network: " + e.getMessage());
        }
        List<Table> tables = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            long mask = count == 1 ? 0 : reversedHex(s);
            for (int t = 0; t < tuples.length; t++) {
                long sign = signs[t] | mask;
                String name = count == 1 ? patterns.get(t).split(":")[0] : String.format(Locale.ROOT, "%08x", sign);
                tables.add(new Table(s, t, sign, orders[t], name));
            }
        }
        return new Tdl2048Network(text, spec, stages, tables);
    }

    /** {@code s} written as eight hex digits, read back reversed: the OR mask of TDL2048's stage copies. */
    static long reversedHex(int s) {
        String hex = new StringBuilder(String.format(Locale.ROOT, "%08x", s)).reverse().toString();
        return Long.parseLong(hex, 16);
    }

    private static Stages stages(String thresholds, int count, String net) {
        String t = thresholds == null ? "" : thresholds.trim();
        if (t.isEmpty()) {
            if (count > 1) {
                throw new BadSetting(field("stages"), ": network '" + net + "' has " + count
                        + " stages: give their thresholds as TDL2048's -@ takes them, e.g. " + example(count));
            }
            return Stages.SINGLE;
        }
        String[] parts = t.split(",", -1);
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Numbers.parseLong(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new BadSetting(field("stages"), ": '" + parts[i].trim() + "' is not a number (expected e.g. "
                        + example(Math.max(count, 2)) + ")");
            }
        }
        if (parts.length != count) {
            throw new BadSetting(field("stages"), ": " + parts.length + " threshold(s) make " + parts.length
                    + " stage(s), network '" + net + "' has " + count + (count == 1 ? " (add @N to the alias)" : ""));
        }
        int[] g = new int[count - 1];
        for (int i = 0; i < parts.length; i++) {
            if (values[i] < 0 || values[i] > 65534 || (i > 0 && values[i] <= values[i - 1])) {
                throw new BadSetting(field("stages"), ": thresholds must increase within 0..65534, got " + t);
            }
            if (i > 0 && values[i] % 2 != 0) {
                throw new BadSetting(field("stages"), ": threshold " + values[i]
                        + " is odd: TDL2048's tile set counts empty cells as 1 and g2048's does not, so only even thresholds map exactly");
            }
            if (i > 0) {
                g[i - 1] = (int) values[i];
            }
        }
        return new Stages(g);
    }

    private static String example(int count) {
        StringBuilder sb = new StringBuilder("0");
        for (int i = 1; i < count; i++) {
            sb.append(',').append(16384 * i);
        }
        return sb.toString();
    }

    private static String knownAliases() {
        return String.join(", ", SHORT.keySet().stream().filter(k -> !k.equals("default")).sorted().toList());
    }
}
