package g2048.ntuple;

import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each of Szubert and Jaśkowski's (2014) three methods learns on 3×3: after a short seeded run greedy play beats random play clearly. */
class LearningTest {

    private static final Shape SHAPE = Shape.S3x3;
    private static final int EVAL_GAMES = 400;
    private static final long EVAL_SEED = 77;

    @ParameterizedTest
    @EnumSource(Method.class)
    void learnsOnThreeByThree(Method method) {
        // Rows and columns without symmetric sampling, like Szubert and Jaśkowski's (2014) 17 × 4 network (Q-learning's
        // four action networks cannot share tables across mirrored boards).
        TupleSpec spec = TupleSpec.parse("012,456,89a,048,159,26a");
        try (NtupleModel model = NtupleModel.create(spec, SHAPE, method, 5, 0.01)) {
            SelfPlay trainer = new SelfPlay(model, 0.01, 1);
            double before = trainer.evaluate(EVAL_GAMES, EVAL_SEED).mean();
            trainer.train(switch (method) {
                case TD_AFTERSTATE -> 3000;
                case TD_STATE -> 1500;
                case Q_LEARNING -> 10000;
            }, null);
            double after = trainer.evaluate(EVAL_GAMES, EVAL_SEED).mean();
            double random = randomMean();
            System.out.printf("%s on 3x3: untrained %.0f, random %.0f, trained %.0f%n", method.text(), before, random, after);
            assertTrue(after > 1.5 * random, method.text() + ": trained mean " + after + " vs random " + random);
            assertTrue(after > 1.5 * before, method.text() + ": trained mean " + after + " vs untrained " + before);
        }
    }

    /** Uniformly random legal moves on the evaluation's game seeds. */
    private static double randomMean() {
        Moves moves = Moves.of(SHAPE);
        double sum = 0;
        for (int i = 0; i < EVAL_GAMES; i++) {
            Rng rng = new Rng(Rng.gameSeed(EVAL_SEED, i));
            Rng choice = new Rng(i);
            long s = Spawns.initial(SHAPE, rng);
            long score = 0;
            int mask;
            while ((mask = moves.legalMask(s)) != 0) {
                int d;
                do {
                    d = choice.nextInt(4);
                } while ((mask & (1 << d)) == 0);
                score += moves.reward(s, d);
                s = Spawns.spawn(moves.move(s, d), SHAPE, rng);
            }
            sum += score;
        }
        return sum / EVAL_GAMES;
    }
}
