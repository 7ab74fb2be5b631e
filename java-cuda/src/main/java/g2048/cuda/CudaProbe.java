package g2048.cuda;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * Whether CUDA can run here, and if not, why, in a few words. The checks go from the cheapest to
 * the one that needs a device: kernels in the jar, the driver library ({@code libcuda.so.1},
 * looked up before JCuda's own library is touched, so that a machine without a driver gets a
 * clean reason instead of a link error), cuInit, a device. The answer is computed once.
 */
public final class CudaProbe {

    /** System property: the device ordinal to use (default 0). */
    public static final String DEVICE_PROPERTY = "g2048.cuda.device";

    /**
     * @param reason why CUDA cannot run (null when it can)
     * @param description the device in words (null when unavailable)
     */
    public record Result(boolean available, String reason, String description, int ordinal) {
    }

    private static Result cached;

    private CudaProbe() {
    }

    public static synchronized Result probe() {
        if (cached == null) {
            cached = run();
        }
        return cached;
    }

    /** Why a device on {@code given} (or, when null, on the probed GPU) cannot run; null when it can. */
    static String unavailableReason(CudaContext given) {
        if (given != null) {
            return null;
        }
        Result p = probe();
        return p.available() ? null : "CUDA unavailable: " + p.reason();
    }

    /** {@code cuda} and the GPU a device on {@code given} (or, when null, on the probed GPU) runs on. */
    static String deviceDescription(CudaContext given) {
        return "cuda " + (given != null ? given.describe() : probe().description());
    }

    // libraryLookup is restricted: the engine runs with --enable-native-access (jar manifest, launcher, tests).
    @SuppressWarnings("restricted")
    private static Result run() {
        String missing = KernelImages.missingReason();
        if (missing != null) {
            return unavailable(missing);
        }
        try {
            SymbolLookup.libraryLookup("libcuda.so.1", Arena.global());
        } catch (IllegalArgumentException | UnsatisfiedLinkError e) {
            return unavailable("no libcuda.so.1 (no NVIDIA driver on this machine)");
        }
        int ordinal;
        try {
            ordinal = Integer.parseInt(System.getProperty(DEVICE_PROPERTY, "0"));
        } catch (NumberFormatException e) {
            return unavailable("-D" + DEVICE_PROPERTY + " is not an integer");
        }
        try {
            JCudaDriver.setExceptionsEnabled(false);
            int r = JCudaDriver.cuInit(0);
            if (r != CUresult.CUDA_SUCCESS) {
                return unavailable("cuInit failed: " + CUresult.stringFor(r));
            }
            int[] count = new int[1];
            r = JCudaDriver.cuDeviceGetCount(count);
            if (r != CUresult.CUDA_SUCCESS) {
                return unavailable("cuDeviceGetCount failed: " + CUresult.stringFor(r));
            }
            if (count[0] == 0) {
                return unavailable("no CUDA device");
            }
            if (ordinal < 0 || ordinal >= count[0]) {
                return unavailable("-D" + DEVICE_PROPERTY + "=" + ordinal + " but there are " + count[0] + " devices");
            }
            return new Result(true, null, describe(ordinal), ordinal);
        } catch (LinkageError e) {
            return unavailable("JCuda's driver library did not load: " + e.getMessage());
        }
    }

    private static String describe(int ordinal) {
        CUdevice dev = new CUdevice();
        Check.ok(JCudaDriver.cuDeviceGet(dev, ordinal), "cuDeviceGet(" + ordinal + ")");
        byte[] name = new byte[256];
        Check.ok(JCudaDriver.cuDeviceGetName(name, name.length, dev), "cuDeviceGetName");
        int len = 0;
        while (len < name.length && name[len] != 0) {
            len++;
        }
        int major = attribute(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        int minor = attribute(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        int sms = attribute(dev, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        int[] driver = new int[1];
        Check.ok(JCudaDriver.cuDriverGetVersion(driver), "cuDriverGetVersion");
        return new String(name, 0, len, java.nio.charset.StandardCharsets.US_ASCII) + " (sm_" + major + minor + ", "
                + sms + " SMs, CUDA driver " + driver[0] / 1000 + "." + driver[0] % 1000 / 10 + ")";
    }

    static int attribute(CUdevice dev, int attribute) {
        int[] v = new int[1];
        Check.ok(JCudaDriver.cuDeviceGetAttribute(v, attribute, dev), "cuDeviceGetAttribute(" + attribute + ")");
        return v[0];
    }

    private static Result unavailable(String reason) {
        return new Result(false, reason, null, -1);
    }
}
