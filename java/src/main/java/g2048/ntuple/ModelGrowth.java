package g2048.ntuple;

import java.lang.foreign.Arena;
import java.util.Arrays;

/**
 * Making a larger model from a trained one, so that training goes on from what it knew instead of
 * from scratch: {@link #promote} splits its tables into more stages, {@link #grow} adds tuples.
 * Each leaves the model it starts from as it was.
 */
final class ModelGrowth {

    private ModelGrowth() {
    }

    /**
     * Multi-stage weight promotion: a new model of {@code into} stages whose every stage starts as
     * a copy of the stage of the model that served its boards (its tables and accumulators), so that
     * a network goes on learning each new stage on its own from what it knew. Every threshold of this
     * model must be one of {@code into}'s: a single-stage model splits into any stages, and
     * {@code 16384} into {@code 16384,32768,49152} (the two new stages start from the 16384 one). This
     * model is left as it was; close it when done.
     */
    static NtupleModel promote(NtupleModel model, Stages into) {
        Stages stages = model.stages();
        String source = model.source();
        Coherence coherence = model.coherence();
        int[] from = stages.thresholds();
        int[] to = into.thresholds();
        for (int t : from) {
            if (Arrays.stream(to).noneMatch(x -> x == t)) {
                throw new IllegalArgumentException("stages " + into.text() + " do not keep the threshold " + t + " of model "
                        + source + " (" + stages.text() + "); a model can only be split further");
            }
        }
        TupleNetwork net = model.network();
        Arena fresh = Arena.ofShared();
        try {
            long stageBytes = net.table().byteSize() / stages.count();
            OffHeap.Table table = OffHeap.allocate(stageBytes * into.count(), fresh);
            int banksPerStage = net.banks() / stages.count();
            Coherence tc = coherence == null ? null
                    : Coherence.fresh((long) banksPerStage * net.weights() * into.count(), fresh);
            long accBytes = coherence == null ? 0 : coherence.segment().byteSize() / stages.count();
            for (int k = 0; k < into.count(); k++) {
                int origin = sourceStage(from, k == 0 ? 0 : to[k - 1]);
                table.segment().asSlice(k * stageBytes, stageBytes)
                        .copyFrom(net.table().asSlice(origin * stageBytes, stageBytes));
                if (tc != null) {
                    tc.segment().asSlice(k * accBytes, accBytes).copyFrom(coherence.segment().asSlice(origin * accBytes, accBytes));
                }
            }
            TupleNetwork split = new TupleNetwork(net.spec(), net.shape(), banksPerStage * into.count(), table.segment(),
                    table.hugePages());
            return new NtupleModel(model.method(), model.terminal(), into, split, fresh, model.training(), source, model.quantum(),
                    model.initialValue(), tc);
        } catch (RuntimeException e) {
            fresh.close();
            throw e;
        }
    }

    /**
     * A larger network grown from this one: a new model of {@code into}, which must hold every
     * tuple of the model's network (the same cells, values per cell and sampling), whose shared
     * tuples start from the model's tables and accumulators in every bank and whose new tuples
     * start at 0 (their accumulators too). Every board then keeps its value, up to the order of a
     * float sum, and training goes on from there with more capacity instead of from scratch. The
     * same method, stages and training state; the model is left as it was; close it when done.
     */
    static NtupleModel grow(NtupleModel model, TupleSpec into) {
        TupleSpec from = model.spec();
        String source = model.source();
        Coherence coherence = model.coherence();
        if (into.values() != from.values() || into.symmetric() != from.symmetric()) {
            throw new IllegalArgumentException("network " + into.name() + " reads " + into.values() + " values per cell"
                    + (into.symmetric() ? " on every symmetry" : "") + ", model " + source + " (" + from.name() + ") "
                    + from.values() + (from.symmetric() ? " on every symmetry" : "") + ": a network grows only by tuples");
        }
        int[] origin = new int[into.tuples().length];
        Arrays.fill(origin, -1);
        for (int t = 0; t < from.tuples().length; t++) {
            int match = -1;
            for (int u = 0; u < origin.length && match < 0; u++) {
                if (origin[u] < 0 && Arrays.equals(into.tuples()[u], from.tuples()[t])) {
                    match = u;
                }
            }
            if (match < 0) {
                throw new IllegalArgumentException("network " + into.name() + " lacks tuple " + (t + 1) + " ("
                        + hex(from.tuples()[t]) + ") of model " + source + " (" + from.name() + "): a network grows only by"
                        + " adding tuples");
            }
            origin[match] = t;
        }
        TupleNetwork old = model.network();
        int banks = old.banks();
        TupleLayout layout = old.layout();
        TupleLayout target = new TupleLayout(into, model.shape());
        Arena fresh = Arena.ofShared();
        try {
            long weights = into.weights();
            OffHeap.Table table = OffHeap.allocate(banks * weights * Float.BYTES, fresh);
            Coherence tc = coherence == null ? null : Coherence.fresh(banks * weights, fresh);
            for (int b = 0; b < banks; b++) {
                for (int u = 0; u < origin.length; u++) {
                    if (origin[u] < 0) {
                        continue;
                    }
                    long entries = into.tupleEntries(u);
                    long to = b * weights + target.base(u);
                    long src = b * old.weights() + layout.base(origin[u]);
                    table.segment().asSlice(to * Float.BYTES, entries * Float.BYTES)
                            .copyFrom(old.table().asSlice(src * Float.BYTES, entries * Float.BYTES));
                    if (tc != null) {
                        tc.segment().asSlice(2 * to * Float.BYTES, 2 * entries * Float.BYTES)
                                .copyFrom(coherence.segment().asSlice(2 * src * Float.BYTES, 2 * entries * Float.BYTES));
                    }
                }
            }
            TupleNetwork grown = new TupleNetwork(into, model.shape(), banks, table.segment(), table.hugePages());
            return new NtupleModel(model.method(), model.terminal(), model.stages(), grown, fresh, model.training(), source,
                    model.quantum(), model.initialValue(), tc);
        } catch (RuntimeException e) {
            fresh.close();
            throw e;
        }
    }

    private static String hex(int[] cells) {
        StringBuilder sb = new StringBuilder();
        for (int c : cells) {
            sb.append(Integer.toHexString(c));
        }
        return sb.toString();
    }

    /** The stage, among thresholds {@code from}, of the boards whose tile set starts at {@code lowerBound}. */
    private static int sourceStage(int[] from, int lowerBound) {
        int k = 0;
        while (k < from.length && from[k] <= lowerBound) {
            k++;
        }
        return k;
    }

}
