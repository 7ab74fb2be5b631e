package g2048.cli;

import g2048.json.JsonWriter;
import g2048.nn.Architectures;
import g2048.nn.Head;
import g2048.nn.Layer;
import g2048.nn.NetSpec;
import g2048.nn.Network;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 net info}: an architecture's layers and weight count, value and policy networks alike. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = {"Print an architecture's layers and its number of weights (biases included).",
            "Value networks: CNN22, CNN22S, CNN22SS, CNN22SSS, CNN22ACG, CNN12, MLP, BP-CNN, FC-CNN, CNN-CNN;",
            "policy networks: POLICY2 … POLICY5."})
final class NetInfoCommand implements Callable<Integer> {

    @Option(names = "--arch", required = true, description = "The architecture's name.")
    String arch;

    @Option(names = "--json", description = "Print one JSON object: {\"arch\": …, \"weights\": …, \"layers\": [...]}.")
    boolean json;

    private record Row(String kind, String in, String out, long weights, boolean relu) {
    }

    @Override
    public Integer call() {
        String name;
        String kind;
        long weights;
        List<Row> rows = new ArrayList<>();
        NetSpec spec;
        try {
            spec = Architectures.named(arch);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--arch: " + e.getMessage());
        }
        name = spec.name();
        if (spec.head() == Head.POLICY) {
            kind = "policy";
            weights = spec.weightCount();
            for (NetSpec.LayerInfo l : spec.layers()) {
                rows.add(new Row(l.kind(), l.in(), l.out(), l.weights(), l.relu()));
            }
        } else {
            Network net = new Network(spec);
            kind = "value";
            weights = net.paramCount();
            for (Layer l : net.layers()) {
                rows.add(new Row(l.spec().toString(), l.inMaps().toString(), l.outMaps().toString(), l.weightCount(), l.relu()));
            }
        }
        if (json) {
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("arch", name).field("kind", kind).field("weights", weights).beginArray("layers");
            for (Row r : rows) {
                j.begin().field("layer", r.kind()).field("in", r.in()).field("out", r.out()).field("weights", r.weights())
                        .field("relu", r.relu()).end();
            }
            System.out.println(j.endArray().end());
        } else {
            System.out.printf(Locale.ROOT, "%s (%s network): %,d weights%n", name, kind, weights);
            for (Row r : rows) {
                System.out.printf(Locale.ROOT, "  %-16s %-12s -> %-12s %,10d weights%s%n", r.kind(), r.in(), r.out(), r.weights(),
                        r.relu() ? ", relu" : "");
            }
        }
        return 0;
    }
}
