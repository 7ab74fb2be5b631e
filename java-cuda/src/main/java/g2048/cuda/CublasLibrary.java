package g2048.cuda;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where {@code libcublas.so.*} is on this machine. JCuda's own cuBLAS binding is built for one
 * CUDA major version; binding through {@code java.lang.foreign} instead means any installed
 * major version works, found at run time here.
 *
 * <p>Order: the file named by the {@code G2048_CUBLAS} environment variable (or the
 * {@code g2048.cublas} system property); then, in each directory of {@code LD_LIBRARY_PATH}, the
 * CUDA toolkits ({@code /usr/local/cuda*}), the system's library directory and Python's
 * {@code nvidia/cublas/lib}, the file with the highest version. Its {@code libcublasLt} sibling is
 * loaded first when present, so that a directory outside the loader's path still works.
 */
final class CublasLibrary {

    static final String ENVIRONMENT = "G2048_CUBLAS";
    static final String PROPERTY = "g2048.cublas";

    private static final Pattern NAME = Pattern.compile("libcublas\\.so\\.(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?");

    /** A library file and the version read from its name. */
    record Found(Path file, int[] version) {
    }

    private CublasLibrary() {
    }

    /** The library to load, or empty with the places searched in {@code searched}. */
    static Optional<Path> find(List<String> searched) {
        String named = System.getProperty(PROPERTY, System.getenv(ENVIRONMENT));
        if (named != null && !named.isBlank()) {
            searched.add(named);
            Path p = Path.of(named);
            return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
        }
        List<Path> dirs = new ArrayList<>();
        String ld = System.getenv("LD_LIBRARY_PATH");
        if (ld != null) {
            for (String d : ld.split(":")) {
                if (!d.isBlank()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        dirs.addAll(matching(Path.of("/usr/local"), "cuda*", "lib64"));
        dirs.addAll(matching(Path.of("/usr/local"), "cuda*", "targets/x86_64-linux/lib"));
        dirs.add(Path.of("/usr/lib/x86_64-linux-gnu"));
        for (String root : List.of("/usr/lib", "/usr/local/lib")) {
            dirs.addAll(matching(Path.of(root), "python3*", "dist-packages/nvidia/cublas/lib"));
            dirs.addAll(matching(Path.of(root), "python3*", "site-packages/nvidia/cublas/lib"));
        }
        for (Path d : dirs) {
            searched.add(d.toString());
            Optional<Found> f = newestIn(d);
            if (f.isPresent()) {
                return Optional.of(f.get().file());
            }
        }
        return Optional.empty();
    }

    /** The {@code libcublas.so.N[.x[.y]]} in {@code dir} with the highest version. */
    static Optional<Found> newestIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        List<Found> found = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "libcublas.so.*")) {
            for (Path p : s) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches() && Files.isRegularFile(p)) {
                    found.add(new Found(p, new int[] {part(m, 1), part(m, 2), part(m, 3)}));
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return found.stream().max(Comparator.comparing(Found::version, java.util.Arrays::compare));
    }

    /** The {@code libcublasLt} beside {@code cublas} with the same major version, if there is one. */
    static Optional<Path> lightweightSibling(Path cublas) {
        Matcher m = NAME.matcher(cublas.getFileName().toString());
        if (!m.matches()) {
            return Optional.empty();
        }
        Path lt = cublas.resolveSibling("libcublasLt.so." + m.group(1));
        return Files.isRegularFile(lt) ? Optional.of(lt) : Optional.empty();
    }

    private static int part(Matcher m, int group) {
        return m.group(group) == null ? 0 : Integer.parseInt(m.group(group));
    }

    /** {@code parent/<glob>/<tail>} for every directory that exists, in reverse name order (cuda-13.0 before cuda-12.6). */
    private static List<Path> matching(Path parent, String glob, String tail) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(parent)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(parent, glob)) {
            for (Path p : s) {
                Path d = p.resolve(tail);
                if (Files.isDirectory(d)) {
                    out.add(d);
                }
            }
        } catch (IOException e) {
            return out;
        }
        out.sort(Comparator.reverseOrder());
        return out;
    }
}
