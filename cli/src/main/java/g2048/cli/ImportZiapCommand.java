package g2048.cli;

import g2048.files.BadFileException;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ziap.ZiapImport;
import g2048.ziap.ZiapStructure;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code g2048 import ziap}: a 2048-tdl weight file as a g2048 TD-afterstate model. */
@Command(name = "ziap", mixinStandardHelpOptions = true,
        description = {"Turn a weight file of ziap's 2048-tdl (STRUCTURE/weights.bin) into a g2048 model that values "
                + "every board as 2048-tdl does."})
final class ImportZiapCommand implements Callable<Integer> {

    @Mixin
    ZiapStructureOption structure;

    @Option(names = "--out", required = true, description = "The model file to write (.g2n full, .g2nz compact).")
    Path out;

    @Option(names = "--tc", description = "Read 2048-tdl's temporal-coherence accumulators too (WEIGHTS.bin.tc, as its"
            + " train -c writes them) and keep them in --out (in a compact one, each weight's A and rate within 19%), so"
            + " that `export ziap` gives 2048-tdl back a state to continue its run from. They are 2048-tdl's own sums of"
            + " its steps, kept as they are.")
    boolean tc;

    @Option(names = "--compact-bits", defaultValue = "14", description = "A compact --out's steps: bits of each weight, the"
            + " sign's included, 8 to 15 (default: ${DEFAULT-VALUE}); a checkpoint to continue from keeps 15.")
    int compactBits;

    @Parameters(index = "0", paramLabel = "WEIGHTS.bin", description = "The 2048-tdl weight file.")
    Path weights;

    @Override
    public Integer call() throws BadFileException {
        ZiapStructure s = structure.structure();
        String bits = NtupleModels.compactBitsProblem(compactBits);
        if (bits != null) {
            throw new Errors.BadInput("--compact-bits: " + bits);
        }
        OutputDirectory.checkFileWritable("--out", out);
        DistinctFiles.checkNotAnInput("--out", out, "WEIGHTS.bin", weights);
        Path accumulators = tc ? weights.resolveSibling(weights.getFileName() + ".tc") : null;
        if (accumulators != null) {
            DistinctFiles.checkNotAnInput("--out", out, "WEIGHTS.bin.tc", accumulators);
        }
        try (NtupleModel model = ZiapImport.read(weights, s, accumulators)) {
            NtupleModels.save(model, out, compactBits, tc && NtupleModels.isCompact(out));
            System.out.printf(Locale.ROOT, "%s -> %s: %s (%s), %,d weights%s%n", weights, out, s.text(), s.patterns(),
                    model.network().weights(), tc ? ", with its accumulators" : "");
        }
        return 0;
    }
}
