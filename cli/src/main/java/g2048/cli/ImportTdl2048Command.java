package g2048.cli;

import g2048.files.BadFileException;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.tdl2048.Tdl2048Check;
import g2048.tdl2048.Tdl2048Import;
import g2048.tdl2048.Tdl2048Network;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code g2048 import tdl2048}: a TDL2048+ weight file as a g2048 TD-afterstate model. */
@Command(name = "tdl2048", mixinStandardHelpOptions = true,
        description = {"Turn a TDL2048+ weight file (.w) into a g2048 model that values every board as TDL2048 does.",
            "The network is given as TDL2048's -n takes it, its stage thresholds as its -@."})
final class ImportTdl2048Command implements Callable<Integer> {

    @Option(names = "--net", required = true,
            description = "The network as TDL2048's -n: an alias (4x5patt, 4x6patt, 5x6patt … 8x6patt, 2x4patt, 5x4patt, "
                    + "8x4patt, 9x4patt, 2x7patt, 3x7patt), NAME@N for N stages, or hex patterns such as \"0123 4567\" "
                    + "(each with its 8 images; 0123:0123 without).")
    String net;

    @Option(names = "--stages", description = "The stage thresholds as TDL2048's -@, e.g. 0,16384 (needed with @N).")
    String stages;

    @Option(names = "--out", required = true, description = "The model file to write (.g2n full, .g2nz compact).")
    Path out;

    @Option(names = "--check", description = "A file of lines 'BOARD VALUE ABS' computed by TDL2048 "
            + "(bench/tdl2048-import-check.sh makes one): fail unless the model gives every board the same value "
            + "within single-precision rounding.")
    Path check;

    @Parameters(index = "0", paramLabel = "WEIGHTS.w", description = "The TDL2048 weight file.")
    Path weights;

    @Override
    public Integer call() throws BadFileException {
        Tdl2048Network network = Tdl2048Network.parse(net, stages);
        OutputDirectory.checkFileWritable("--out", out);
        DistinctFiles.checkNotAnInput("--out", out, "WEIGHTS.w", weights);
        DistinctFiles.checkNotAnInput("--out", out, "--check", check);
        try (NtupleModel model = Tdl2048Import.read(weights, network)) {
            if (check != null) {
                Tdl2048Check.Result r = Tdl2048Check.check(model, check);
                System.out.printf(Locale.ROOT, "check: %d boards, max |g2048 - TDL2048| %.3g (%.3f of the rounding bound)%n",
                        r.boards(), r.maxDiff(), r.maxRatio());
                if (!r.passed()) {
                    throw new Errors.BadInput("--check: values differ beyond rounding, worst " + r.worst());
                }
            }
            NtupleModels.save(model, out);
            System.out.printf(Locale.ROOT, "%s -> %s: network %s, %d stage(s)%s, %,d weights%n", weights, out,
                    network.spec().name(), network.stages().count(),
                    network.stages().count() > 1 ? " (" + network.stages().text() + ")" : "",
                    network.spec().weights() * network.stages().count());
        }
        return 0;
    }
}
