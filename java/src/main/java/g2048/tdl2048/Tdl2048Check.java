package g2048.tdl2048;

import g2048.files.BadFileException;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.TupleNetwork;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An imported model held against values TDL2048 computed: a text file of lines
 * {@code BOARD VALUE ABS}, the board as 16 hex digits (cell {@code i} in bits {@code 4i..4i+3}, as
 * both engines store it), TDL2048's value of it as an afterstate (the features of the board's
 * stage summed in TDL2048's order) and the sum of those features' absolute values.
 *
 * <p>Both sides add the same {@code n} single-precision terms in different orders, so each is within
 * {@code (n − 1)·2^−24·ABS} of the exact sum: values agree when they differ by at most
 * {@code n·2^−23·ABS}. The model is read from its float32 tables.
 */
public final class Tdl2048Check {

    /**
     * The outcome.
     *
     * @param boards     lines checked
     * @param maxDiff    the largest |g2048 − TDL2048|
     * @param maxRatio   the largest difference as a fraction of its rounding bound (at most 1 passes)
     * @param worst      the line of {@code maxRatio}, for the message when it fails
     */
    public record Result(long boards, double maxDiff, double maxRatio, String worst) {

        public boolean passed() {
            return boards > 0 && maxRatio <= 1;
        }
    }

    private Tdl2048Check() {
    }

    /** Checks {@code model} against every line of {@code values}; a malformed line is a {@link BadFileException}. */
    public static Result check(NtupleModel model, Path values) throws BadFileException {
        TupleNetwork net = model.network();
        int features = net.features();
        long boards = 0;
        double maxDiff = 0;
        double maxRatio = 0;
        String worst = "";
        try (BufferedReader in = Files.newBufferedReader(values, StandardCharsets.US_ASCII)) {
            String line;
            int lineNo = 0;
            while ((line = in.readLine()) != null) {
                lineNo++;
                String s = line.trim();
                if (s.isEmpty() || s.startsWith("#")) {
                    continue;
                }
                String[] f = s.split("\\s+");
                long board;
                double expected;
                double abs;
                try {
                    if (f.length != 3 || !f[0].matches("(0x)?[0-9a-fA-F]{1,16}")) {
                        throw new NumberFormatException();
                    }
                    board = Long.parseUnsignedLong(f[0].startsWith("0x") ? f[0].substring(2) : f[0], 16);
                    expected = Double.parseDouble(f[1]);
                    abs = Double.parseDouble(f[2]);
                } catch (NumberFormatException e) {
                    throw new BadFileException(values, "line " + lineNo + ": expected BOARD VALUE ABS (16 hex digits, two numbers), got '"
                            + s + "'");
                }
                float actual = net.value(model.stages().of(board), board);
                double diff = Math.abs(actual - expected);
                double bound = features * Math.scalb(1.0, -23) * abs;
                double ratio = diff == 0 ? 0 : bound == 0 ? Double.POSITIVE_INFINITY : diff / bound;
                boards++;
                maxDiff = Math.max(maxDiff, diff);
                if (ratio > maxRatio || boards == 1) {
                    maxRatio = Math.max(ratio, maxRatio);
                    worst = String.format("board %016x: g2048 %s, TDL2048 %s", board, actual, f[1]);
                }
            }
        } catch (BadFileException e) {
            throw e;
        } catch (IOException e) {
            throw new BadFileException(values, "cannot read: " + e.getMessage(), e);
        }
        if (boards == 0) {
            throw new BadFileException(values, "no boards to check");
        }
        return new Result(boards, maxDiff, maxRatio, worst);
    }
}
