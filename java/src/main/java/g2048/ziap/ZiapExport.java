package g2048.ziap;

import g2048.files.AtomicFile;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.tdl2048.Tdl2048Network;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A g2048 model written back as 2048-tdl's files, the inverse of {@link ZiapImport}: its weights as
 * {@code weights.bin} and, for a model with accumulators, those as {@code weights.bin.tc}, so that
 * 2048-tdl continues a run ({@code train -c -i}) from a state kept in g2048's compact form.
 */
public final class ZiapExport {

    private static final ValueLayout.OfFloat LE_FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ZiapExport() {
    }

    /** Why {@code model} cannot be written as {@code structure}'s files, or null when it can. */
    public static String problem(NtupleModel model, ZiapStructure structure) {
        Tdl2048Network net = structure.network();
        if (model.method() != Method.TD_AFTERSTATE || model.stages().count() != 1) {
            return "expected a single-stage td-afterstate model, got " + model.method().text() + " with "
                    + model.stages().count() + " stage(s)";
        }
        if (!model.network().spec().equals(net.spec())) {
            return "network " + model.network().spec().name() + " is not " + structure.text() + "'s (" + net.spec().name() + ")";
        }
        return null;
    }

    /**
     * Writes {@code model} (see {@link #problem}) as {@code weights} and, when it has accumulators, as
     * {@code weights.tc} beside it; each file written whole beside its destination and renamed over it.
     *
     * @return the accumulator file written, or null for none
     * @throws IllegalArgumentException when {@link #problem} says why not, or when a model without accumulators
     *         would leave an older {@code weights.tc} beside the new weights
     */
    public static Path write(NtupleModel model, ZiapStructure structure, Path weights) throws IOException {
        String problem = problem(model, structure);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        Path tc = weights.resolveSibling(weights.getFileName() + ".tc");
        MemorySegment accumulators = model.accumulators();
        if (accumulators == null && Files.exists(tc)) {
            throw new IllegalArgumentException("the model has no accumulators and " + tc + " would be read as this run's;"
                    + " remove it first");
        }
        long weightsPerBank = model.network().weights();
        MemorySegment table = model.network().table();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(structure.fileBytes(), Float.BYTES);
            structure.forEachEntry(weightsPerBank, (at, g) -> out.setAtIndex(LE_FLOAT, at, table.getAtIndex(ValueLayout.JAVA_FLOAT, g)));
            AtomicFile.write(weights, out.asByteBuffer());
        }
        if (accumulators == null) {
            return null;
        }
        try (Arena arena = Arena.ofConfined()) {
            long half = weightsPerBank;
            MemorySegment out = arena.allocate(2 * structure.fileBytes(), Float.BYTES);
            structure.forEachEntry(weightsPerBank, (at, g) -> {
                out.setAtIndex(LE_FLOAT, at, accumulators.getAtIndex(ValueLayout.JAVA_FLOAT, 2 * g));
                out.setAtIndex(LE_FLOAT, half + at, accumulators.getAtIndex(ValueLayout.JAVA_FLOAT, 2 * g + 1));
            });
            AtomicFile.write(tc, out.asByteBuffer());
        }
        return tc;
    }
}
