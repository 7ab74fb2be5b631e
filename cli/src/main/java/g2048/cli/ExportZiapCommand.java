package g2048.cli;

import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ziap.ZiapExport;
import g2048.ziap.ZiapStructure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code g2048 export ziap}: a g2048 model as 2048-tdl's weight file, and its accumulators beside it. */
@Command(name = "ziap", mixinStandardHelpOptions = true,
        description = {"Write a model of one of 2048-tdl's networks (as `import ziap` reads them) as its weights.bin, and,"
                + " when the model holds temporal-coherence accumulators, weights.bin.tc beside it: 2048-tdl's `train -c -i`"
                + " then continues from that state."})
final class ExportZiapCommand implements Callable<Integer> {

    @Mixin
    ZiapStructureOption structure;

    @Option(names = "--out", required = true, description = "The weight file to write (2048-tdl reads STRUCTURE/weights.bin).")
    Path out;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The g2048 model (.g2n or .g2nz).")
    Path model;

    @Override
    public Integer call() throws IOException {
        ZiapStructure s = structure.structure();
        OutputDirectory.checkFileWritable("--out", out);
        DistinctFiles.checkNotAnInput("--out", out, "MODEL", model);
        try (NtupleModel m = NtupleModels.loadForTraining(model)) {
            String problem = ZiapExport.problem(m, s);
            if (problem != null) {
                throw new Errors.BadInput("MODEL " + model + ": " + problem);
            }
            Path tc;
            try {
                tc = ZiapExport.write(m, s, out);
            } catch (IllegalArgumentException e) {
                throw new Errors.BadInput("--out " + out + ": " + e.getMessage());
            }
            System.out.printf(Locale.ROOT, "%s -> %s%s: %s, %,d games trained%n", model, out, tc == null ? "" : " and " + tc,
                    s.text(), m.training().games());
        }
        return 0;
    }
}
