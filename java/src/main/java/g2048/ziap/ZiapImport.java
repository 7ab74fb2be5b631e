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
 * precision, no header) read into a g2048 TD-afterstate model that values every board as 2048-tdl does;
 * and, when asked, its temporal-coherence accumulators ({@code weights.bin.tc}: every weight's E, then
 * every weight's A, in the same order), which play does not need and a continued run does.
 */
public final class ZiapImport {

    private static final ValueLayout.OfFloat LE_FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ZiapImport() {
    }

    /** The model {@code weights} holds for {@code structure}; one line of {@link BadFileException} when it cannot. */
    public static NtupleModel read(Path weights, ZiapStructure structure) throws BadFileException {
        return read(weights, structure, null);
    }

    /**
     * {@link #read(Path, ZiapStructure)}, with the temporal-coherence accumulators of the file
     * {@code accumulators} (2048-tdl's {@code weights.bin.tc}) when it is not null.
     */
    public static NtupleModel read(Path weights, ZiapStructure structure, Path accumulators) throws BadFileException {
        NtupleModel model = readWeights(weights, structure);
        if (accumulators != null) {
            try {
                readAccumulators(accumulators, structure, model);
            } catch (BadFileException | RuntimeException e) {
                model.close();
                throw e;
            }
        }
        return model;
    }

    private static void readAccumulators(Path file, ZiapStructure structure, NtupleModel model) throws BadFileException {
        long size = RegularFile.check(file, "a 2048-tdl accumulator file (weights.bin.tc)");
        long weights = model.network().weights();
        if (size != 2 * structure.fileBytes()) {
            throw new BadFileException(file, size + " bytes, expected " + 2 * structure.fileBytes() + " for " + structure.text()
                    + " (E, then A, of every weight, single precision)");
        }
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment data = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            for (long j = 0; j < weights; j++) {
                float e = data.getAtIndex(LE_FLOAT, j);
                float a = data.getAtIndex(LE_FLOAT, weights + j);
                if (!(Float.isFinite(e) && Float.isFinite(a) && a >= 0 && Math.abs(e) <= a * 1.001f + 1e-3f)) {
                    throw new BadFileException(file, "weight " + j + " holds E " + e + " and A " + a
                            + ": expected finite values with |E| <= A");
                }
            }
            model.setCoherent(true);
            MemorySegment into = model.accumulators();
            structure.forEachEntry(weights, (j, g) -> {
                into.setAtIndex(ValueLayout.JAVA_FLOAT, 2 * g, data.getAtIndex(LE_FLOAT, j));
                into.setAtIndex(ValueLayout.JAVA_FLOAT, 2 * g + 1, data.getAtIndex(LE_FLOAT, weights + j));
            });
        } catch (IOException e) {
            throw new BadFileException(file, "cannot read: " + e.getMessage(), e);
        }
    }

    private static NtupleModel readWeights(Path weights, ZiapStructure structure) throws BadFileException {
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
