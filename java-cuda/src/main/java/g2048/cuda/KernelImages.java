package g2048.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The compiled kernels this jar carries, as native-build/build-kernels.sh left them in
 * {@code g2048/cuda/}: {@code kernels.list} (one module name a line, {@code #} comments), and for
 * each module {@code NAME.fatbin} (sm_90 code plus compute_90 PTX) and {@code NAME.ptx}. A build
 * without nvcc carries {@code kernels-missing.txt} with the reason instead.
 */
public final class KernelImages {

    static final String DIR = "/g2048/cuda/";
    /** System property choosing the image kind to load: {@code fatbin} (default) or {@code ptx}. */
    public static final String IMAGE_PROPERTY = "g2048.cuda.image";

    private KernelImages() {
    }

    /** The module names, or null when the jar has no kernels. */
    public static List<String> modules() {
        String list = text("kernels.list");
        if (list == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (String line : list.split("\n")) {
            String s = line.strip();
            if (!s.isEmpty() && !s.startsWith("#")) {
                names.add(s);
            }
        }
        return names;
    }

    /** The first line of kernels.list (which nvcc built the kernels), or null. */
    public static String buildLine() {
        String list = text("kernels.list");
        return list == null ? null : list.lines().findFirst().orElse("").replaceFirst("^# *", "");
    }

    /** Why the jar has no kernels, or null when it has them. */
    public static String missingReason() {
        if (modules() != null) {
            return null;
        }
        String why = text("kernels-missing.txt");
        return "this build carries no CUDA kernels (" + (why == null ? "no g2048/cuda/kernels.list in the jar" : why.strip()) + ")";
    }

    /** The image kind to load: "fatbin" or "ptx". */
    public static String kind() {
        String k = System.getProperty(IMAGE_PROPERTY, "fatbin");
        if (!k.equals("fatbin") && !k.equals("ptx")) {
            throw new IllegalArgumentException("-D" + IMAGE_PROPERTY + "=" + k + ": expected fatbin or ptx");
        }
        return k;
    }

    /** The bytes of one module's image, NUL-terminated for PTX as cuModuleLoadData wants. */
    public static byte[] image(String module, String kind) {
        byte[] b = bytes(module + "." + kind);
        if (b == null) {
            throw new IllegalStateException("the jar lists CUDA module " + module + " but has no " + DIR + module + "." + kind);
        }
        return kind.equals("ptx") ? Arrays.copyOf(b, b.length + 1) : b;
    }

    static String text(String name) {
        byte[] b = bytes(name);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    static byte[] bytes(String name) {
        try (InputStream in = KernelImages.class.getResourceAsStream(DIR + name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + DIR + name + ": " + e.getMessage(), e);
        }
    }
}
