package g2048.cli;

import g2048.settings.Numbers;
import picocli.CommandLine;

/**
 * Every numeric option of every command read by the engine's one strict parser ({@link Numbers}):
 * ASCII digits only, no {@code +}, and finite floating numbers, where picocli's own converters take
 * any Unicode digit and {@code Infinity}. A refusal names the option, as picocli's do.
 */
final class NumberOptions {

    private NumberOptions() {
    }

    /** Registers the converters on {@code cl} and every subcommand it holds now. */
    static void register(CommandLine cl) {
        cl.registerConverter(Integer.class, t -> convert(() -> Numbers.parseInt(t)));
        cl.registerConverter(Integer.TYPE, t -> convert(() -> Numbers.parseInt(t)));
        cl.registerConverter(Long.class, t -> convert(() -> Numbers.parseLong(t)));
        cl.registerConverter(Long.TYPE, t -> convert(() -> Numbers.parseLong(t)));
        cl.registerConverter(Double.class, t -> convert(() -> Numbers.parseDouble(t)));
        cl.registerConverter(Double.TYPE, t -> convert(() -> Numbers.parseDouble(t)));
        cl.registerConverter(Float.class, t -> convert(() -> Numbers.parseFloat(t)));
        cl.registerConverter(Float.TYPE, t -> convert(() -> Numbers.parseFloat(t)));
    }

    private static <T> T convert(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
