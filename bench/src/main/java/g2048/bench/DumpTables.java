package g2048.bench;

import g2048.game.Shape;
import g2048.ntuple.TupleSpec;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TupleNetwork;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes the tables of a 4×6 n-tuple model as raw little-endian float32, bank after bank (one per
 * stage of a multi-stage model), tuple after tuple (16^6 entries each, index = the tuple's cells'
 * nibbles in board order), for the native references of {@code bench/reference/} to read (a
 * reader that wants one stage reads the first bank).
 *
 * <pre>java -cp bench/target/benchmarks.jar g2048.bench.DumpTables MODEL OUT</pre>
 */
public final class DumpTables {

    private DumpTables() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: DumpTables MODEL OUT");
            System.exit(2);
        }
        Path out = Path.of(args[1]);
        try (NtupleModel model = NtupleModels.load(Path.of(args[0]))) {
            if (!model.shape().equals(Shape.S4x4) || !model.spec().equals(TupleSpec.parse("4x6"))) {
                System.err.println(args[0] + ": expected a 4x6 network on 4x4, got " + model.describe());
                System.exit(2);
            }
            TupleNetwork net = model.network();
            Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), out.getFileName().toString(), ".tmp");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
                for (long i = 0, n = net.banks() * net.weights(); i < n; i++) {
                    buf.putFloat(net.entry(i));
                    if (!buf.hasRemaining()) {
                        buf.flip();
                        while (buf.hasRemaining()) {
                            ch.write(buf);
                        }
                        buf.clear();
                    }
                }
                buf.flip();
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            } catch (IOException | RuntimeException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            System.err.println("wrote " + net.banks() * net.weights() + " float32 entries (" + net.banks() + " banks) of "
                    + model.describe() + " to " + out);
        }
    }
}
