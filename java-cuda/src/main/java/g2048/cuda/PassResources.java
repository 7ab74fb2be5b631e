package g2048.cuda;

import java.util.List;
import jcuda.driver.CUstream;

/** Releasing what a pass or a trainer owns: its device and pinned buffers, then its stream. */
final class PassResources {

    private PassResources() {
    }

    /**
     * Closes every buffer in {@code owned} from the last to the first, clears the list, then
     * destroys {@code stream} when the pass created it ({@code null} otherwise). Every release is
     * tried; the first failure is thrown at the end.
     */
    static void release(List<AutoCloseable> owned, CudaContext ctx, CUstream stream) {
        RuntimeException first = null;
        for (int i = owned.size() - 1; i >= 0; i--) {
            try {
                owned.get(i).close();
            } catch (Exception e) {
                if (first == null) {
                    first = e instanceof RuntimeException r ? r : new CudaException(e.toString());
                }
            }
        }
        owned.clear();
        if (stream != null) {
            try {
                ctx.bind();
                ctx.driver().destroyStream(stream);
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * Closes what a constructor had opened when it failed part way ({@code null} entries skipped, in
     * the order given), adding each failure to {@code failure} as suppressed; returns {@code failure}.
     */
    static RuntimeException closeAfter(RuntimeException failure, AutoCloseable... opened) {
        for (AutoCloseable c : opened) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception suppressed) {
                failure.addSuppressed(suppressed);
            }
        }
        return failure;
    }
}
