package g2048.train.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.SelfPlay;
import g2048.ntuple.Shaping;
import g2048.ntuple.Stages;
import g2048.ntuple.TdRule;
import g2048.ntuple.TerminalValue;
import g2048.ntuple.TupleSpec;
import g2048.settings.BadSetting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spec of an n-tuple run refuses bad values naming the field, and a resumed run keeps what its model records. */
class NtupleTrainingSpecTest {

    @TempDir
    Path dir;

    private static final TupleSpec NET = TupleSpec.parse("012,456:sym:c12");

    /** Every setting at a sound value, each of which a test changes. */
    record Settings(Path out, long games, Path resume, TupleSpec net, Method method, Shape shape,
            TerminalValue terminal, Stages stages, Double init, Boolean tc, Float tcPrior, Double alpha, Long seed,
            Integer nStep, Double lambda, Boolean backward, Shaping shaping, Path latePrefix, int threads, long evalEvery, int evalGames,
            long checkpointEvery, Integer compactBits, boolean compactAccumulators) {

        NtupleTrainingSpec spec() {
            return new NtupleTrainingSpec(out, games, resume, net, method, shape, terminal, stages, init, tc, tcPrior, alpha,
                    seed, nStep, lambda, backward, shaping, latePrefix, threads, evalEvery, evalGames, checkpointEvery, compactBits,
                    compactAccumulators);
        }
    }

    private Settings base() {
        return new Settings(dir.resolve("m.g2n"), 40, null, NET, null, Shape.S3x3, null, null, null, null, null, null, null,
                null, null, null, null, null, 1, 0, 10, 0, null, false);
    }

    /** The field a spec built from {@code s} is refused for, the fields of its message in angle brackets. */
    private static String refused(Settings s) {
        BadSetting e = assertThrows(BadSetting.class, s::spec);
        return e.message(f -> "<" + f + ">");
    }

    @Test
    void badValuesAreRefusedNamingTheirField() {
        Settings b = base();
        List<Function<Settings, Settings>> changes = new ArrayList<>();
        String[] fields = {"games", "threads", "evalEvery", "checkpointEvery", "evalGames", "compactBits", "compactBits",
            "alpha", "alpha", "init", "tcPrior", "tcPrior", "net", "net", "terminalValue", "lambda", "steps", "method",
            "compactAccumulators", "compactAccumulators", "compactAccumulators"};
        changes.add(s -> with(s, "games", 0L));
        changes.add(s -> with(s, "threads", 0));
        changes.add(s -> with(s, "evalEvery", -1L));
        changes.add(s -> with(s, "checkpointEvery", -5L));
        changes.add(s -> with(s, "evalGames", 0));
        changes.add(s -> with(with(s, "out", dir.resolve("m.g2nz")), "compactBits", 16));
        changes.add(s -> with(s, "compactBits", 12));
        changes.add(s -> with(s, "alpha", 0.0));
        changes.add(s -> with(s, "alpha", 1.5));
        changes.add(s -> with(s, "init", Double.NaN));
        changes.add(s -> with(s, "tcPrior", -1f));
        changes.add(s -> with(s, "tcPrior", 5f));
        changes.add(s -> with(s, "shape", Shape.parse("2x2")));
        changes.add(s -> with(with(s, "method", Method.Q_LEARNING), "shape", Shape.S3x3));
        changes.add(s -> with(s, "terminal", TerminalValue.NETWORK));
        changes.add(s -> with(s, "lambda", 0.5));
        changes.add(s -> with(s, "nStep", 0));
        changes.add(s -> with(with(s, "method", Method.TD_STATE), "nStep", 3));
        changes.add(s -> with(with(s, "tc", true), "compactAccumulators", true));
        changes.add(s -> with(with(s, "out", dir.resolve("m.g2nz")), "compactAccumulators", true));
        changes.add(s -> with(with(with(s, "out", dir.resolve("m.g2nz")), "tc", false), "compactAccumulators", true));
        for (int k = 0; k < fields.length; k++) {
            String message = refused(changes.get(k).apply(b));
            assertTrue(message.startsWith("<" + fields[k] + ">"), k + ": " + message);
        }
        // a compact out takes the bits; an equal rule given in parts is sound
        base().spec();
        with(with(b, "out", dir.resolve("m.g2nz")), "compactBits", 12).spec();
        assertEquals(12, with(with(b, "out", dir.resolve("m.g2nz")), "compactBits", 12).spec().compactBitsOrDefault());
        assertTrue(with(b, "out", dir.resolve("m.g2nz")).spec().compactOut());
        assertTrue(with(with(with(b, "out", dir.resolve("m.g2nz")), "tc", true), "compactAccumulators", true).spec().plan()
                .compactAccumulators());
        assertFalse(b.spec().compactOut());
    }

    @Test
    void aResumedRunKeepsTheRecordedRuleAndShapingAndRefusesOthers() {
        Path part = dir.resolve("part.g2n");
        TdRule rule = new TdRule(1, 0.5, true);
        Settings first = with(with(with(base(), "lambda", 0.5), "backward", true), "shaping", Shaping.RESTART);
        try (NtupleTraining t = NtupleTraining.open(first.spec(), note -> { })) {
            assertEquals(rule, t.rule());
            SelfPlay play = t.selfPlay();
            play.train(20, null);
            NtupleModels.save(t.model(), part);
        }
        Settings resumed = with(with(base(), "resume", part), "net", null);
        List<String> notes = new ArrayList<>();
        try (NtupleTraining t = NtupleTraining.open(resumed.spec(), notes::add)) {
            assertEquals(rule, t.rule());
            assertEquals(Shaping.RESTART, t.shaping());
            assertEquals(20, t.model().training().games());
        }
        assertEquals(List.of(), notes);
        // The same values given again are accepted; another value of any part is refused naming it.
        try (NtupleTraining t = NtupleTraining.open(with(with(resumed, "lambda", 0.5), "shaping", Shaping.RESTART).spec(),
                note -> { })) {
            assertEquals(rule, t.rule());
        }
        Object[][] others = {{"lambda", 0.25}, {"nStep", 2}, {"shaping", Shaping.NONE}, {"seed", 99L},
            {"method", Method.TD_STATE}, {"init", 5.0}};
        for (Object[] o : others) {
            BadSetting e = assertThrows(BadSetting.class, () -> NtupleTraining.open(with(resumed, (String) o[0], o[1]).spec(),
                    note -> { }).close());
            String message = e.message(f -> "<" + f + ">");
            assertTrue(message.startsWith("<" + o[0] + ">"), message);
        }
    }

    @Test
    void aResumedRunMayTurnToLateShapingWithAnotherModelPlayingItsPrefixes() {
        Path part = dir.resolve("part.g2n");
        try (NtupleTraining t = NtupleTraining.open(with(with(base(), "shaping", Shaping.RESTART), "stages",
                Stages.parse("16")).spec(), note -> { })) {
            t.selfPlay().train(20, null);
            NtupleModels.save(t.model(), part);
        }
        Path prefix = dir.resolve("prefix.g2n");
        try (NtupleModel m = NtupleModel.create(NET, Shape.S3x3, Method.TD_AFTERSTATE, 3, 0.01)) {
            NtupleModels.save(m, prefix);
        }
        Settings resumed = with(with(with(base(), "resume", part), "net", null), "games", 30L);
        List<String> notes = new ArrayList<>();
        try (NtupleTraining t = NtupleTraining.open(with(with(resumed, "shaping", Shaping.LATE), "latePrefix", prefix).spec(),
                notes::add)) {
            assertEquals(Shaping.LATE, t.shaping());
            assertEquals(Path.of(prefix.toString()).toString(), t.latePrefix().describe().replaceAll(".*\\((.*)\\)$", "$1"));
            assertEquals(30, t.selfPlay().train(30, null));
        }
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.getFirst().contains("restart turned to late"), notes.getFirst());
        // a prefix model needs late shaping, and the trained model's board
        String message = assertThrows(BadSetting.class, () -> NtupleTraining.open(with(resumed, "latePrefix", prefix).spec(),
                note -> { }).close()).message(f -> "<" + f + ">");
        assertTrue(message.startsWith("<latePrefix>: ") && message.endsWith("shaping is restart"), message);
        Path big = dir.resolve("big.g2n");
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123:sym"), Shape.S4x4, Method.TD_AFTERSTATE, 3, 0.01)) {
            NtupleModels.save(m, big);
        }
        message = assertThrows(BadSetting.class, () -> NtupleTraining.open(with(with(resumed, "shaping", Shaping.LATE),
                "latePrefix", big).spec(), note -> { }).close()).message(f -> "<" + f + ">");
        assertTrue(message.startsWith("<latePrefix> " + big + ": plays 4x4 boards"), message);
        message = assertThrows(BadSetting.class, () -> NtupleTraining.open(with(with(resumed, "shaping", Shaping.LATE),
                "latePrefix", dir.resolve("missing.g2n")).spec(), note -> { }).close()).message(f -> "<" + f + ">");
        assertTrue(message.startsWith("<latePrefix> " + dir.resolve("missing.g2n") + ": "), message);
    }

    @Test
    void aModelThatRecordsNoRuleTakesTheSpecsOnResume() {
        Path old = dir.resolve("old.g2n");
        try (NtupleModel m = NtupleModel.create(NET, Shape.S3x3, Method.TD_AFTERSTATE, 3, 0.01)) {
            NtupleModels.save(m, old);
        }
        Settings resumed = with(with(base(), "resume", old), "net", null);
        try (NtupleTraining t = NtupleTraining.open(with(with(resumed, "nStep", 3), "shaping", Shaping.CAROUSEL).spec(),
                note -> { })) {
            assertEquals(new TdRule(3, 0, false), t.rule());
            assertEquals(Shaping.CAROUSEL, t.shaping());
        }
        try (NtupleTraining t = NtupleTraining.open(resumed.spec(), note -> { })) {
            assertEquals(TdRule.TD0, t.rule());
            assertEquals(Shaping.NONE, t.shaping());
            assertEquals(0.01, t.alpha());
        }
    }

    /** {@code s} with the component {@code name} set to {@code value}. */
    private static Settings with(Settings s, String name, Object value) {
        var components = Settings.class.getRecordComponents();
        Object[] args = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                args[i] = components[i].getName().equals(name) ? value : components[i].getAccessor().invoke(s);
            }
            return Settings.class.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(name, e);
        }
    }
}
