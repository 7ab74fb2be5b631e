package g2048.cuda;

import java.util.Arrays;
import jcuda.driver.CUdeviceptr;

/**
 * A network on the device, value or policy: its parameters (one flat buffer in the CPU
 * reference's layout) and its index tables (one int buffer, each table at an offset), uploaded
 * once and freed on close. {@link CudaNetwork} and {@link CudaPolicyNetwork} add their layers'
 * plans over these tables.
 */
abstract class DeviceNetwork implements AutoCloseable {

    private final CudaContext ctx;
    private final String name;
    private final int paramCount;
    private final DeviceBuffer params;
    private final DeviceBuffer tables;

    /** Uploads {@code weights} ({@code paramCount} of them, else an error naming the network) and {@code tables}. */
    DeviceNetwork(CudaContext ctx, String name, int paramCount, float[] weights, IntTable tables) {
        this.ctx = ctx;
        this.name = name;
        this.paramCount = paramCount;
        check(weights);
        DeviceBuffer p = null;
        try {
            p = DeviceBuffer.floats(ctx, paramCount);
            p.upload(weights);
            this.tables = DeviceBuffer.ints(ctx, tables.toArray());
        } catch (RuntimeException e) {
            if (p != null) {
                p.close();
            }
            throw e;
        }
        this.params = p;
    }

    public CudaContext context() {
        return ctx;
    }

    /** Replaces the parameters on the device. */
    public void upload(float[] weights) {
        check(weights);
        params.upload(weights);
    }

    /** Copies the device parameters into {@code weights} (waits for the device). */
    public void download(float[] weights) {
        check(weights);
        params.download(weights);
    }

    DeviceBuffer params() {
        return params;
    }

    /** The device address of the table that {@link IntTable#add} placed at {@code offset}. */
    CUdeviceptr table(int offset) {
        return tables.at(offset);
    }

    private void check(float[] weights) {
        if (weights.length != paramCount) {
            throw new IllegalArgumentException(name + " needs " + paramCount + " parameters, got " + weights.length);
        }
    }

    @Override
    public void close() {
        try {
            tables.close();
        } finally {
            params.close();
        }
    }

    /** Ints appended end to end; each add returns where its array starts. */
    static final class IntTable {
        private int[] data = new int[256];
        private int size;

        int add(int[] values) {
            int at = size;
            while (size + values.length > data.length) {
                data = Arrays.copyOf(data, data.length * 2);
            }
            System.arraycopy(values, 0, data, size, values.length);
            size += values.length;
            return at;
        }

        int[] toArray() {
            return Arrays.copyOf(data, size);
        }
    }
}
