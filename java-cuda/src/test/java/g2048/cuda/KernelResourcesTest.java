package g2048.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The kernels the build put in the jar's resources: with nvcc on this machine, every module as
 * fatbin and PTX and every kernel the launchers name; without, the recorded reason.
 */
class KernelResourcesTest {

    /** The nvcc native-build/build-kernels.sh would find, or null. */
    static Path nvcc() {
        if ("1".equals(System.getenv("G2048_NO_CUDA"))) {
            return null;
        }
        String env = System.getenv("NVCC");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return Path.of(env);
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nvcc"))) {
                return Path.of(dir, "nvcc");
            }
        }
        String home = System.getenv("CUDA_HOME");
        if (home != null && Files.isExecutable(Path.of(home, "bin", "nvcc"))) {
            return Path.of(home, "bin", "nvcc");
        }
        Path usual = Path.of("/usr/local/cuda/bin/nvcc");
        return Files.isExecutable(usual) ? usual : null;
    }

    @Test
    void theJarCarriesEveryKernelWhenNvccExistsOrSaysWhyNot() {
        List<String> modules = KernelImages.modules();
        if (nvcc() == null) {
            assertNull(modules, "no nvcc here, yet the resources list modules");
            String why = KernelImages.missingReason();
            assertNotNull(why);
            assertTrue(why.contains("nvcc") || why.contains("G2048_NO_CUDA"), why);
            return;
        }
        assertNotNull(modules, "nvcc at " + nvcc() + " but no kernels in the resources: " + KernelImages.missingReason());
        assertNull(KernelImages.missingReason());
        Set<String> entries = new HashSet<>();
        Pattern entry = Pattern.compile("\\.entry\\s+([A-Za-z0-9_]+)\\s*\\(");
        for (String m : modules) {
            byte[] fatbin = KernelImages.image(m, "fatbin");
            // A fat binary starts with its magic 0xBA55ED50 (little-endian).
            assertEquals(0x50, fatbin[0] & 0xFF, m + ".fatbin magic");
            assertEquals(0xED, fatbin[1] & 0xFF, m + ".fatbin magic");
            assertEquals(0x55, fatbin[2] & 0xFF, m + ".fatbin magic");
            assertEquals(0xBA, fatbin[3] & 0xFF, m + ".fatbin magic");
            byte[] ptx = KernelImages.image(m, "ptx");
            assertEquals(0, ptx[ptx.length - 1], "PTX handed to the driver ends in NUL");
            String text = new String(ptx, 0, ptx.length - 1, StandardCharsets.US_ASCII);
            assertTrue(text.contains(".target sm_90"), m + ".ptx targets compute_90");
            Matcher x = entry.matcher(text);
            while (x.find()) {
                entries.add(x.group(1));
            }
        }
        for (String k : Kernels.NAMES) {
            assertTrue(entries.contains(k), "kernel " + k + " is launched but not in the PTX (found " + entries + ")");
        }
        assertTrue(KernelImages.buildLine().contains("sm_90"), KernelImages.buildLine());
    }

    @Test
    void everyLaunchNamesAListedKernel() throws IOException {
        String src = Files.readString(GeometryTest.repo().resolve("java-cuda/src/main/java/g2048/cuda/Kernels.java"));
        Matcher m = Pattern.compile("launch\\(\"([a-z_]+)\",").matcher(src);
        Set<String> launched = new HashSet<>();
        while (m.find()) {
            launched.add(m.group(1));
        }
        Matcher g = Pattern.compile("launch\\(\"(gemm_[a-z]+_)\" \\+").matcher(src);
        while (g.find()) {
            // Launched by tile name: the tiled kernels (the skinny one is launched by its own name).
            for (Geometry.Tile t : new Geometry.Tile[] {Geometry.Tile.LARGE, Geometry.Tile.SMALL}) {
                launched.add(g.group(1) + t.suffix);
            }
        }
        assertEquals(new HashSet<>(Kernels.NAMES), launched, "kernels launched and kernels listed");
    }

    @Test
    void theImageKindIsValidated() {
        String old = System.getProperty(KernelImages.IMAGE_PROPERTY);
        try {
            System.setProperty(KernelImages.IMAGE_PROPERTY, "cubin");
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, KernelImages::kind);
            assertTrue(e.getMessage().contains("expected fatbin or ptx"), e.getMessage());
            System.setProperty(KernelImages.IMAGE_PROPERTY, "ptx");
            assertEquals("ptx", KernelImages.kind());
        } finally {
            if (old == null) {
                System.clearProperty(KernelImages.IMAGE_PROPERTY);
            } else {
                System.setProperty(KernelImages.IMAGE_PROPERTY, old);
            }
        }
    }
}
