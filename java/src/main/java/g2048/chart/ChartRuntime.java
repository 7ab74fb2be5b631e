package g2048.chart;

import java.nio.file.Path;

/**
 * Whether this Java runtime can draw charts. {@link LineChart} needs the java.desktop module, which a
 * small runtime built with jlink (such as one carried to a GPU machine) may leave out; callers ask
 * here first, because touching {@link LineChart} there fails with NoClassDefFoundError.
 */
public final class ChartRuntime {

    private static final boolean DRAWABLE = ModuleLayer.boot().findModule("java.desktop").isPresent();

    private ChartRuntime() {
    }

    /** True when java.desktop is present, so {@link LineChart} can be used. */
    public static boolean drawable() {
        return DRAWABLE;
    }

    /** The one line that says {@code png} was not drawn and where its figures are. */
    public static String notDrawn(Path png, Path figures) {
        return png + ": not drawn: this Java runtime has no java.desktop module (the figures are in " + figures + ")";
    }
}
