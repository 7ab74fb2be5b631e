package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertEquals;

import g2048.game.Rng;
import g2048.game.Shape;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compact files in the form before {@link StepCoder} (zero runs of int16 steps, deflated; a later stage as
 * its difference from the one before) still load, for play and for training, to the weights they were
 * written from. The two fixtures were written by that form's writer from the models built here.
 */
class LegacyCompactTest {

    @TempDir
    Path dir;

    private static NtupleModel oneStage() {
        NtupleModel m = NtupleModel.create(TupleSpec.parse("012,456:sym"), Shape.S4x4, Method.TD_AFTERSTATE, 42, 0.004);
        Rng rng = new Rng(2026);
        TupleNetwork net = m.network();
        long n = net.banks() * net.weights();
        for (int k = 0; k < 3000; k++) {
            net.setEntry(rng.nextInt((int) n), (float) (rng.nextGaussian() * 300));
        }
        return m;
    }

    private static NtupleModel twoStages(NtupleModel one) {
        NtupleModel two = one.promote(Stages.parse("16384"));
        Rng rng = new Rng(2027);
        TupleNetwork net = two.network();
        long n = net.banks() * net.weights();
        for (int k = 0; k < 1500; k++) {
            long i = n / 2 + rng.nextInt((int) (n / 2));
            net.setEntry(i, net.entry(i) + (float) (rng.nextGaussian() * 200));
        }
        return two;
    }

    private Path fixture(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/g2048/ntuple/" + name)) {
            Path file = dir.resolve(name);
            Files.copy(in, file);
            return file;
        }
    }

    @Test
    void bothFixturesLoadToTheWeightsTheyWereWrittenFrom() throws IOException {
        try (NtupleModel one = oneStage(); NtupleModel two = twoStages(one)) {
            check(one, fixture("legacy-1-stage.g2nz"));
            check(two, fixture("legacy-2-stages.g2nz"));
        }
    }

    private static void check(NtupleModel written, Path file) throws IOException {
        TupleNetwork net = written.network();
        long n = net.banks() * net.weights();
        float max = 0;
        for (long i = 0; i < n; i++) {
            max = Math.max(max, Math.abs(net.entry(i)));
        }
        double step = max / ModelFileWriter.largestStep(NtupleModels.COMPACT_BITS);
        assertEquals(ModelHeader.COMPACT, Files.readAllBytes(file)[ModelHeader.OFF_VALUE_TYPE], file + " is in the old form");
        try (NtupleModel play = NtupleModels.load(file); NtupleModel train = NtupleModels.loadForTraining(file);
             InputStream in = Files.newInputStream(file); NtupleModel streamed = NtupleModels.load(in, "streamed")) {
            assertEquals(written.stages(), play.stages());
            for (long i = 0; i < n; i++) {
                float expected = (float) step * (int) Math.round(net.entry(i) / step);
                assertEquals(expected, play.network().entry(i), "entry " + i + " of " + file + " (play)");
                assertEquals(expected, train.network().entry(i), "entry " + i + " of " + file + " (training)");
                assertEquals(expected, streamed.network().entry(i), "entry " + i + " of " + file + " (stream)");
            }
        }
    }
}
