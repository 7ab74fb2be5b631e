package g2048.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@link Main#execute} with standard output and error captured (shared by the command tests). */
public record CommandRun(int exit, String out, String err) {

    public static synchronized CommandRun of(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = Main.execute(args);
            System.out.flush();
            System.err.flush();
            return new CommandRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** The error output's lines (a bad-input error must be exactly one). */
    public String[] errLines() {
        return err.strip().isEmpty() ? new String[0] : err.strip().split("\\R");
    }
}
