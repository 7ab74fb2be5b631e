package g2048.cuda;

import jcuda.driver.CUdeviceptr;

/**
 * What a split {@code gemm_fwd_skinny} writes besides its outputs: the chunks' partial sums and
 * one arrival counter per block tile, which must be zero before each launch (the last block of
 * a tile sets its counter back). Sized by {@link Geometry#skinnyPartialFloats} and
 * {@link Geometry#skinnyCounters} for the device. Launches that share one scratch must be on one
 * stream, one after another: each pass owns its own.
 */
public final class SkinnyScratch implements AutoCloseable {

    private final DeviceBuffer partial;
    private final DeviceBuffer arrivals;

    public SkinnyScratch(CudaContext ctx) {
        int sms = ctx.multiprocessors();
        partial = DeviceBuffer.floats(ctx, Geometry.skinnyPartialFloats(sms));
        try {
            // Uploaded, not queued: the counters are zero before any stream can launch with them.
            arrivals = DeviceBuffer.ints(ctx, new int[Geometry.skinnyCounters(sms)]);
        } catch (RuntimeException e) {
            partial.close();
            throw e;
        }
    }

    CUdeviceptr partial() {
        return partial.ptr();
    }

    CUdeviceptr arrivals() {
        return arrivals.ptr();
    }

    @Override
    public void close() {
        try {
            partial.close();
        } finally {
            arrivals.close();
        }
    }
}
