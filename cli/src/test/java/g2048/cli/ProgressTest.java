package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {

    /** A clock the test moves by hand. */
    private static final class Clock {
        long nanos = 1_000_000_000L;

        void advance(double seconds) {
            nanos += (long) (seconds * 1e9);
        }
    }

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final Clock clock = new Clock();

    private Progress progress(long total, boolean terminal, boolean quiet) {
        return new Progress("play", "games", total, err, terminal, quiet, () -> clock.nanos, 10);
    }

    private String shown() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void lineShowsDoneTotalPercentRateElapsedAndEta() {
        Progress p = progress(1000, false, false);
        clock.advance(20);
        // 250 games in 20 s: 12.5 games/s, 750 left: 60 s
        assertEquals("play: 250/1,000 games (25.0%), 12.5 games/s, 20s elapsed, ETA 1m00s, mean 512",
                p.line(250, clock.nanos, "mean 512"));
    }

    @Test
    void noEtaBeforeEnoughWorkToEstimateIt() {
        Progress p = progress(1000, false, false);
        clock.advance(1);
        // a second in, 30% done: the first second's rate (loading, a cold JIT) would mislead
        assertTrue(p.line(300, clock.nanos, "").endsWith("ETA unknown"), p.line(300, clock.nanos, ""));
        clock.advance(9);
        // ten seconds in, 1% done: too little work to estimate from
        assertTrue(p.line(10, clock.nanos, "").endsWith("ETA unknown"), p.line(10, clock.nanos, ""));
        assertTrue(p.line(50, clock.nanos, "").endsWith("ETA 3m10s"), p.line(50, clock.nanos, ""));
    }

    @Test
    void aResumedJobCountsOnlyWhatThisRunDid() {
        Progress p = progress(1000, false, false).resumedAt(400);
        clock.advance(10);
        // 100 done by this run in 10 s: 10/s, 500 left: 50 s
        assertEquals("play: 500/1,000 games (50.0%), 10.0 games/s, 10s elapsed, ETA 50s", p.line(500, clock.nanos, ""));
    }

    @Test
    void noEtaWithoutRateOrWithABoundOrUnknownTotal() {
        Progress p = progress(1000, false, false);
        assertTrue(p.line(0, clock.nanos, "").endsWith("ETA unknown"), p.line(0, clock.nanos, ""));
        clock.advance(4);
        p.total(4096, true);
        assertEquals("play: 1,000/≤4,096 games, 250 games/s, 4s elapsed", p.line(1000, clock.nanos, ""));
        Progress open = progress(0, false, false);
        clock.advance(2);
        assertEquals("play: 7 games, 3.50 games/s, 2s elapsed", open.line(7, clock.nanos, ""));
    }

    @Test
    void durationsReadAsPeopleWriteThem() {
        assertEquals("0s", Progress.duration(0.2));
        assertEquals("59s", Progress.duration(59.4));
        assertEquals("1m00s", Progress.duration(59.6));
        assertEquals("3m05s", Progress.duration(185));
        assertEquals("2h07m", Progress.duration(2 * 3600 + 7 * 60 + 30));
        assertEquals("3d04h", Progress.duration(3 * 86400 + 4 * 3600 + 100));
    }

    @Test
    void ratesKeepThreeFiguresWithoutExponent() {
        assertEquals("0.25", Progress.rate(0.25));
        assertEquals("12.3", Progress.rate(12.34));
        assertEquals("1,235", Progress.rate(1234.6));
        assertEquals("2,000,000", Progress.rate(2e6));
    }

    @Test
    void plainLinesComeOncePerPeriod() {
        Progress p = progress(100, false, false);
        for (int i = 1; i <= 100; i++) {
            clock.advance(0.5);
            p.update(i, "");
        }
        p.finish();
        // 50 s in all, a line every 10 s: 5 lines, no carriage return, no escape sequence
        String[] lines = shown().split("\n");
        assertEquals(5, lines.length, shown());
        assertTrue(lines[0].startsWith("play: 20/100 games (20.0%), 2.00 games/s, 10s elapsed, ETA 40s"), lines[0]);
        assertFalse(shown().contains("\r") || shown().contains("\u001b"));
    }

    @Test
    void onATerminalOneLineIsRedrawnAtMostFiveTimesASecondThenCleared() {
        Progress p = progress(100, true, false);
        for (int i = 1; i <= 100; i++) {
            clock.advance(0.05);
            p.update(i, "");
        }
        p.finish();
        String s = shown();
        assertFalse(s.contains("\n"), s);
        long draws = s.chars().filter(c -> c == '\r').count() - 1;
        // 5 s of updates at 20 a second: the first, then every 0.2 s, and the last: about 26
        assertTrue(draws >= 24 && draws <= 27, "draws " + draws);
        assertTrue(s.contains("\rplay: 100/100 games (100.0%)"), s);
        assertTrue(s.endsWith("\r\u001b[K"), s);
    }

    @Test
    void quietShowsNothing() {
        Progress p = progress(10, true, true);
        for (int i = 1; i <= 10; i++) {
            clock.advance(20);
            p.update(i, "x");
            p.show(i, "y");
        }
        p.finish();
        Progress plain = progress(10, false, true);
        clock.advance(20);
        plain.update(3, "");
        assertEquals("", shown());
    }
}
