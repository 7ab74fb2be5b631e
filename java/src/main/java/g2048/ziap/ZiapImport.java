package g2048.ziap;

import g2048.files.BadFileException;
import g2048.files.RegularFile;
import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.TerminalValue;
import g2048.tdl2048.Tdl2048Import;
import g2048.tdl2048.Tdl2048Network;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A 2048-tdl weight file ({@code STRUCTURE/weights.bin}: every pattern's table in turn, single
 * precision, no header; its temporal-coherence accumulators live in a separate {@code .tc} file that
 * play does not need) read into a g2048 TD-afterstate model that values every board as 2048-tdl does.
 */
public final class ZiapImport {

    private static final ValueLayout.OfFloat LE_FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ZiapImport() {
    }

    /** The model {@code weights} holds for {@code structure}; one line of {@link BadFileException} when it cannot. */
    public static NtupleModel read(Path weights, ZiapStructure structure) throws BadFileException {
        long expected = structure.fileBytes();
        long size = RegularFile.check(weights, "a 2048-tdl weight file (weights.bin)");
        if (size != expected) {
            throw new BadFileException(weights, size + " bytes, expected " + expected + " for " + structure.text()
                    + " (its tables of single-precision weights; a .tc file holds accumulators, not weights)");
        }
        Tdl2048Network net = structure.network();
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(weights, StandardOpenOption.READ)) {
            MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            NtupleModel model = NtupleModel.create(net.spec(), Shape.S4x4, Method.TD_AFTERSTATE, TerminalValue.ZERO,
                    net.stages(), 0, false, 0, 0.1);
            try {
                long offset = 0;
                for (Tdl2048Network.Table table : net.tables()) {
                    MemorySegment slice = data.asSlice(offset, table.entries() * Float.BYTES);
                    Tdl2048Import.copy(new Tdl2048Import.TableSource() {
                        @Override
                        public float value(long j) {
                            return slice.getAtIndex(LE_FLOAT, j);
                        }

                        @Override
                        public MemorySegment floats() {
                            return slice;
                        }
                    }, table.name(), table, net, model.network(), weights);
                    offset += slice.byteSize();
                }
            } catch (RuntimeException | BadFileException e) {
                model.close();
                throw e;
            }
            return model;
        } catch (IOException e) {
            if (e instanceof BadFileException b) {
                throw b;
            }
            throw new BadFileException(weights, "cannot read: " + e.getMessage(), e);
        }
    }
}
