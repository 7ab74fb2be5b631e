package g2048.cli;

import g2048.chart.ChartRuntime;
import g2048.files.AtomicFile;
import g2048.json.JsonWriter;
import g2048.nn.NetSpec;
import g2048.policy.FirstLayerFilters;
import g2048.policy.PolicyFile;
import g2048.policy.PolicyModel;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code g2048 inspect filters}: first-layer filters as tables of corner × tile, ranked by importance. */
@Command(name = "filters", mixinStandardHelpOptions = true,
        description = {"Print a policy network's first-layer filters as tables of corner × tile (Matsuzaki and Teramura's networks).",
            "Rows NW, NE, SW, SE (the 2x2 window's corners), columns empty, 2^1 … 2^15, and the bias, as the",
            "policy-network paper prints them. Filters are ranked by importance:",
            "the largest output the filter can give (bias + each corner's largest weight, at least 0) times the",
            "norm of the next layer's weights that read it."})
final class InspectFiltersCommand implements Callable<Integer> {

    private static final String[] COLUMNS = {"-", "2", "4", "8", "16", "32", "64", "128", "256", "512", "1024", "2048",
        "4096", "8192", "16384", "32768"};

    @Option(names = "--model", description = "A policy network file (.g2pn) (default: the shipped network, policy5.g2pn).")
    Path model;

    @Option(names = "--filter", description = "Only this filter (0-based number).")
    Integer filter;

    @Option(names = "--top", defaultValue = "5", description = "How many of the most important filters to show (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--png", description = "Also draw the filters shown as a heat map into this PNG file.")
    Path png;

    @Override
    public Integer call() throws Exception {
        if (top < 1) {
            throw new Errors.BadInput("--top: expected at least 1, got " + top);
        }
        if (png != null) {
            if (!ChartRuntime.drawable()) {
                throw new Errors.BadInput("--png: this Java runtime has no java.desktop module to draw with; leave --png out");
            }
            OutputDirectory.checkFileWritable("--png", png);
            DistinctFiles.checkNotAnInput("--png", png, "--model", model);
        }
        PolicyModel m = PolicyFile.loadOrDefault(model);
        String modelName = model != null ? model.toString() : PolicyFile.SHIPPED_NAME;
        NetSpec spec = m.spec();
        List<FirstLayerFilters.Filter> ranked = FirstLayerFilters.ranked(spec, m.weights());
        List<FirstLayerFilters.Filter> shown;
        if (filter != null) {
            FirstLayerFilters.Filter f;
            try {
                f = FirstLayerFilters.of(spec, m.weights(), filter);
            } catch (IllegalArgumentException e) {
                throw new Errors.BadInput(Errors.text(e));
            }
            shown = List.of(f);
        } else {
            shown = ranked.subList(0, Math.min(top, ranked.size()));
        }
        if (json) {
            JsonWriter j = new JsonWriter(JsonWriter.Numbers.SIX_DECIMALS).begin().field("model", modelName).field("arch", spec.name())
                    .field("importance", "max(0, bias + sum of each corner's largest weight) * norm of the next layer's weights reading the filter")
                    .beginArray("filters");
            for (FirstLayerFilters.Filter f : shown) {
                j.begin().field("filter", f.index()).field("rank", rankOf(ranked, f.index())).field("importance", f.importance())
                        .field("max_output", f.maxOutput()).field("outgoing_norm", f.outgoingNorm()).field("bias", f.bias())
                        .object("weights");
                for (int t = 0; t < NetSpec.TAPS; t++) {
                    j.beginArray(NetSpec.TAP_NAMES.get(t));
                    for (int v = 0; v < NetSpec.VALUE_PLANES; v++) {
                        j.value(f.weights()[t][v]);
                    }
                    j.endArray();
                }
                j.end().end();
            }
            System.out.println(j.endArray().end());
        } else {
            System.out.printf(Locale.ROOT, "%s (%s): %d first-layer filters; importance = max output x outgoing weight norm%n",
                    modelName, spec.name(), spec.channels());
            for (FirstLayerFilters.Filter f : shown) {
                System.out.printf(Locale.ROOT, "%nfilter #%d  rank %d  importance %.4f  (max output %.4f, outgoing norm %.4f, bias %.2f)%n",
                        f.index(), rankOf(ranked, f.index()), f.importance(), f.maxOutput(), f.outgoingNorm(), f.bias());
                StringBuilder head = new StringBuilder("      ");
                for (String c : COLUMNS) {
                    head.append(String.format(Locale.ROOT, "%6s", c));
                }
                System.out.println(head);
                for (int t = 0; t < NetSpec.TAPS; t++) {
                    StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-4s", NetSpec.TAP_NAMES.get(t)));
                    for (int v = 0; v < NetSpec.VALUE_PLANES; v++) {
                        row.append(String.format(Locale.ROOT, "%6.2f", f.weights()[t][v]));
                    }
                    System.out.println(row);
                }
            }
        }
        if (png != null) {
            BufferedImage img = draw(shown, ranked);
            ImageIO.setUseCache(false);
            AtomicFile.writeStream(png, out -> ImageIO.write(img, "png", out));
            if (!json) {
                System.out.println("\nheat map: " + png);
            }
        }
        return 0;
    }

    private static int rankOf(List<FirstLayerFilters.Filter> ranked, int index) {
        for (int i = 0; i < ranked.size(); i++) {
            if (ranked.get(i).index() == index) {
                return i + 1;
            }
        }
        return -1;
    }

    /** One 4 x 16 grid per filter: red positive, blue negative, white zero, scaled to the filter's largest |weight|. */
    private static BufferedImage draw(List<FirstLayerFilters.Filter> shown, List<FirstLayerFilters.Filter> ranked) {
        int cell = 36;
        int left = 48;
        int top = 40;
        int gridH = NetSpec.TAPS * cell;
        int blockH = top + gridH + 16;
        int width = left + NetSpec.VALUE_PLANES * cell + 16;
        int height = 24 + blockH * shown.size();
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        for (int i = 0; i < shown.size(); i++) {
            FirstLayerFilters.Filter f = shown.get(i);
            double scale = Math.max(1e-9, scaleOf(f));
            int y0 = 24 + i * blockH;
            g.setColor(Color.BLACK);
            g.drawString(String.format(Locale.ROOT, "#%d (rank %d, importance %.3f, bias %.2f); colour scale +-%.2f", f.index(),
                    rankOf(ranked, f.index()), f.importance(), f.bias(), scaleOf(f)), 8, y0);
            for (int v = 0; v < NetSpec.VALUE_PLANES; v++) {
                g.drawString(COLUMNS[v], left + v * cell + 4, y0 + top - 6);
            }
            for (int t = 0; t < NetSpec.TAPS; t++) {
                g.setColor(Color.BLACK);
                g.drawString(NetSpec.TAP_NAMES.get(t), 8, y0 + top + t * cell + cell / 2 + 4);
                for (int v = 0; v < NetSpec.VALUE_PLANES; v++) {
                    double x = f.weights()[t][v] / scale;
                    int fade = (int) Math.round(255 * (1 - Math.min(1, Math.abs(x))));
                    g.setColor(x >= 0 ? new Color(255, fade, fade) : new Color(fade, fade, 255));
                    g.fillRect(left + v * cell, y0 + top + t * cell, cell - 1, cell - 1);
                    g.setColor(Color.DARK_GRAY);
                    g.drawString(String.format(Locale.ROOT, "%.2f", f.weights()[t][v]), left + v * cell + 2, y0 + top + t * cell + cell / 2 + 4);
                }
            }
        }
        g.dispose();
        return img;
    }

    private static double scaleOf(FirstLayerFilters.Filter f) {
        double s = 0;
        for (float[] row : f.weights()) {
            for (float v : row) {
                s = Math.max(s, Math.abs(v));
            }
        }
        return s;
    }
}
