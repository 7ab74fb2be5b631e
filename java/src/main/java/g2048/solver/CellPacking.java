package g2048.solver;

import g2048.game.Shape;

/**
 * Packs a board's cells contiguously, row after row, dropping the nibbles a shape never uses (a
 * 4x3 board uses 12 nibbles spread over 60 bits; packed it takes 48). The always-zero nibbles are
 * removed, so packing keeps the order of IDs, and an Elias-Fano set of packed IDs is about
 * {@code 4 · unused nibbles} bits an ID smaller.
 */
final class CellPacking {

    private final int rows;
    private final int rowBits;
    private final long rowMask;

    CellPacking(Shape shape) {
        this.rows = shape.rows();
        this.rowBits = 4 * shape.cols();
        this.rowMask = (1L << rowBits) - 1;
    }

    long pack(long board) {
        long out = 0;
        for (int r = 0; r < rows; r++) {
            out |= ((board >>> (16 * r)) & rowMask) << (rowBits * r);
        }
        return out;
    }

    long unpack(long packed) {
        long out = 0;
        for (int r = 0; r < rows; r++) {
            out |= ((packed >>> (rowBits * r)) & rowMask) << (16 * r);
        }
        return out;
    }
}
