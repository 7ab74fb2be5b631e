package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Mistyped options and commands: one line, exit 2, the nearest names suggested; never the help with exit 0. */
class UnknownArgumentsTest {

    private static void assertRefused(String line, String... args) {
        CommandRun r = CommandRun.of(args);
        String what = String.join(" ", args) + " -> " + r.err();
        assertEquals(2, r.exit(), what);
        assertEquals(1, r.errLines().length, what);
        assertEquals(line, r.err().strip(), what);
        assertEquals("", r.out(), "no help printed: " + what);
    }

    @Test
    void aMistypedOptionGetsTheNearestNames() {
        assertRefused("g2048 play: unknown option '--gmaes' (did you mean --games?) (see 'g2048 play --help')",
                "play", "--gmaes", "3");
        assertRefused("g2048 play: unknown option '--thread' (did you mean --threads?) (see 'g2048 play --help')",
                "play", "--thread=2");
        assertRefused("g2048 play: unknown option '--frobnicate' (see 'g2048 play --help')", "play", "--frobnicate");
    }

    @Test
    void anUnknownCommandIsAnErrorEvenBesideHelp() {
        assertRefused("g2048: unknown command 'frobnicate' (see 'g2048 --help')", "frobnicate", "build", "--help");
        assertRefused("g2048: unknown command 'frobnicate' (see 'g2048 --help')", "frobnicate", "build");
        assertRefused("g2048 tables: unknown command 'bulid' (did you mean build?) (see 'g2048 tables --help')",
                "tables", "bulid", "--help");
        assertRefused("g2048: unknown command 'mvoe' (did you mean move?) (see 'g2048 --help')", "mvoe");
        assertRefused("g2048 train: unknown command 'polcy' (did you mean policy?) (see 'g2048 train --help')",
                "train", "polcy", "--help");
        assertRefused("g2048 play: unexpected argument 'extra' (see 'g2048 play --help')", "play", "--games", "1", "extra");
    }

    /** The slow reference: the distance's recursion as written, without a table. */
    private static int reference(String a, String b) {
        if (a.isEmpty() || b.isEmpty()) {
            return a.length() + b.length();
        }
        int i = a.length();
        int j = b.length();
        String a1 = a.substring(0, i - 1);
        String b1 = b.substring(0, j - 1);
        int d = Math.min(Math.min(reference(a1, b) + 1, reference(a, b1) + 1),
                reference(a1, b1) + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
            d = Math.min(d, reference(a.substring(0, i - 2), b.substring(0, j - 2)) + 1);
        }
        return d;
    }

    @Test
    void theDistanceIsTheRecursionsOnRandomWords() {
        Random rnd = new Random(2048);
        for (int k = 0; k < 3000; k++) {
            String a = word(rnd);
            String b = word(rnd);
            assertEquals(reference(a, b), UnknownArguments.distance(a, b), a + " / " + b);
        }
        assertEquals(1, UnknownArguments.distance("--gmaes", "--games"));
    }

    private static String word(Random rnd) {
        StringBuilder sb = new StringBuilder();
        for (int n = rnd.nextInt(7); n > 0; n--) {
            sb.append("abc-".charAt(rnd.nextInt(4)));
        }
        return sb.toString();
    }

    @Test
    void onlyNearNamesAreSuggested() {
        List<String> names = List.of("--games", "--gamma", "--seed", "--threads");
        assertEquals(List.of("--games"), UnknownArguments.nearest("--gmaes", names));
        assertEquals(List.of(), UnknownArguments.nearest("--frobnicate", names));
        assertTrue(UnknownArguments.nearest("--gam", names).isEmpty(), "two away from a 3-letter word is far");
    }
}
