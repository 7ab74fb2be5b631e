package g2048.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A build step run on the command line's jar after it is assembled: rewrites the classes of a library compiled for
 * Java 5 (class-file version 49, picocli's) as version 50 classes with stack maps, the same code otherwise.
 *
 * <p>Why: the JVM's ahead-of-time cache holds no class older than version 50, and such classes are checked by the
 * old, inferring verifier at every start; rewritten, they come from the cache (a heuristic {@code move}, which loads
 * no model, started in 0.86 s instead of 1.02 s, medians of 7 alternated runs on a loaded machine).
 *
 * <p>Usage: {@code OldClassUpgrade JAR PREFIX...}: every class under one of the entry-name prefixes (e.g.
 * {@code picocli/}) older than version 50 is rewritten; the jar is replaced only when all were, and a class that
 * cannot be (one with {@code jsr}, which version 50 forbids) fails the build with its name.
 */
public final class OldClassUpgrade {

    /** The version written: the first with stack maps (Java 6). */
    static final int TARGET_MAJOR = ClassFile.JAVA_6_VERSION;

    private OldClassUpgrade() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: OldClassUpgrade JAR PREFIX...");
        }
        Path jar = Path.of(args[0]);
        String[] prefixes = java.util.Arrays.copyOfRange(args, 1, args.length);
        int n = upgrade(jar, prefixes);
        System.out.println("OldClassUpgrade: " + n + " classes in " + String.join(", ", prefixes) + " rewritten as version "
                + TARGET_MAJOR + " in " + jar.getFileName());
    }

    /** Rewrites {@code jar} in place (through a temporary file beside it); returns the classes rewritten. */
    static int upgrade(Path jar, String... prefixes) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".upgrade.tmp");
        int n = 0;
        try (URLClassLoader loader = new URLClassLoader(new java.net.URL[] {jar.toUri().toURL()}, null)) {
            // stack maps need the common superclass of merged types: the JDK's classes, then the jar's own
            ClassFile cf = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(loader))));
            try (InputStream in = Files.newInputStream(jar); ZipInputStream zin = new ZipInputStream(in);
                 OutputStream out = Files.newOutputStream(tmp); ZipOutputStream zout = new ZipOutputStream(out)) {
                for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
                    byte[] bytes = zin.readAllBytes();
                    if (!e.isDirectory() && e.getName().endsWith(".class") && under(e.getName(), prefixes)) {
                        ClassModel m = cf.parse(bytes);
                        if (m.majorVersion() < TARGET_MAJOR) {
                            bytes = rewrite(cf, m, e.getName());
                            n++;
                        }
                    }
                    ZipEntry copy = new ZipEntry(e.getName());
                    copy.setTime(e.getTime());
                    zout.putNextEntry(copy);
                    zout.write(bytes);
                    zout.closeEntry();
                }
            }
            Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return n;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The class {@code m} at {@link #TARGET_MAJOR}, every method body rebuilt so that its stack maps are made. */
    private static byte[] rewrite(ClassFile cf, ClassModel m, String name) {
        ClassTransform version = (cb, ce) -> {
            if (ce instanceof ClassFileVersion) {
                cb.withVersion(TARGET_MAJOR, 0);
            } else {
                cb.with(ce);
            }
        };
        CodeTransform rebuild = (code, element) -> code.with(element);
        try {
            return cf.transformClass(m, version.andThen(ClassTransform.transformingMethodBodies(rebuild)));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new IllegalStateException(name + ": cannot be rewritten as version " + TARGET_MAJOR + ": "
                    + e.getMessage(), e);
        }
    }

    private static boolean under(String entry, String[] prefixes) {
        for (String p : prefixes) {
            if (entry.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
