package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.MethodModel;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OldClassUpgradeTest {

    @TempDir
    Path dir;

    @Test
    void picocliIsRewrittenAsVersion50AndEveryClassStillVerifiesAndRuns() throws Exception {
        Path original = Path.of(picocli.CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = dir.resolve("picocli.jar");
        Files.copy(original, jar);
        List<String> before = classes(original);
        assertTrue(before.stream().anyMatch(n -> n.endsWith("v49")), "the library ships Java 5 classes: " + before.size());

        int n = OldClassUpgrade.upgrade(jar, "picocli/");

        List<String> after = classes(jar);
        assertEquals(before.size(), after.size(), "every entry kept");
        assertEquals(before.stream().filter(c -> c.endsWith("v49")).count(), n);
        assertTrue(after.stream().allMatch(c -> c.endsWith("v" + OldClassUpgrade.TARGET_MAJOR)), "all rewritten");
        // the same methods, the same instructions (only stack maps added)
        assertEquals(methods(original), methods(jar));
        // loaded and linked in a loader of their own: every class passes the type-checking verifier
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {jar.toUri().toURL()}, null)) {
            for (String c : after) {
                String name = c.substring(0, c.lastIndexOf(' ')).replace('/', '.').replace(".class", "");
                Class.forName(name, true, loader);
            }
            // and it still parses a command line: a usage help with an option, built through its API
            Class<?> spec = loader.loadClass("picocli.CommandLine$Model$CommandSpec");
            Object s = spec.getMethod("create").invoke(null);
            Class<?> optionSpec = loader.loadClass("picocli.CommandLine$Model$OptionSpec");
            Object builder = optionSpec.getMethod("builder", String.class, String[].class).invoke(null, "--games",
                    new String[0]);
            Object option = builder.getClass().getMethod("build").invoke(builder);
            spec.getMethod("addOption", optionSpec).invoke(s, option);
            Object cl = loader.loadClass("picocli.CommandLine").getConstructor(Object.class).newInstance(s);
            String usage = (String) cl.getClass().getMethod("getUsageMessage").invoke(cl);
            assertTrue(usage.contains("--games"), usage);
        }
    }

    /** Each class entry's name and class-file major version ("name vNN"). */
    private static List<String> classes(Path jar) throws Exception {
        List<String> out = new ArrayList<>();
        try (InputStream in = Files.newInputStream(jar); ZipInputStream z = new ZipInputStream(in)) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                if (e.getName().endsWith(".class") && !e.getName().endsWith("module-info.class")) {
                    out.add(e.getName() + " v" + ClassFile.of().parse(z.readAllBytes()).majorVersion());
                }
            }
        }
        return out;
    }

    /** Every method of every class with its instructions, stack maps left out. */
    private static List<String> methods(Path jar) throws Exception {
        List<String> out = new ArrayList<>();
        try (InputStream in = Files.newInputStream(jar); ZipInputStream z = new ZipInputStream(in)) {
            for (ZipEntry e; (e = z.getNextEntry()) != null; ) {
                if (!e.getName().endsWith(".class") || e.getName().endsWith("module-info.class")) {
                    continue;
                }
                ClassModel m = ClassFile.of().parse(z.readAllBytes());
                for (MethodModel method : m.methods()) {
                    StringBuilder b = new StringBuilder(e.getName()).append(' ').append(method.methodName())
                            .append(method.methodType());
                    method.code().ifPresent(code -> code.elementStream()
                            .filter(x -> x instanceof java.lang.classfile.Instruction)
                            .forEach(x -> b.append(' ').append(((java.lang.classfile.Instruction) x).opcode())));
                    out.add(b.toString());
                }
            }
        }
        return out;
    }
}
