package g2048.cuda;

import jcuda.driver.CUresult;

/**
 * Checks the result code of every driver call. A failure throws {@link CudaException} naming the
 * call, the error and the Java file and line that made it (the host-side counterpart of a CUDA
 * error macro with {@code __FILE__} and {@code __LINE__}).
 */
final class Check {

    private static final StackWalker WALKER = StackWalker.getInstance();

    private Check() {
    }

    /** Throws unless {@code result} is {@code CUDA_SUCCESS}. */
    static void ok(int result, String call) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed: " + CUresult.stringFor(result) + " at " + caller());
        }
    }

    private static String caller() {
        return WALKER.walk(frames -> frames
                .filter(f -> !f.getClassName().equals(Check.class.getName()))
                .findFirst()
                .map(f -> f.getFileName() + ":" + f.getLineNumber())
                .orElse("?"));
    }
}
