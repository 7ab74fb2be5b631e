package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code g2048} launcher, run in a copy of its layout with a stand-in {@code mvn} (which prints
 * Maven's module lines and puts a small jar in place) and that jar's stand-in cache training: a build
 * says what it is doing, and the ahead-of-time cache is remade whenever the jar is newer than it,
 * whatever made the jar, without building the jar again.
 */
class LauncherTest {

    @TempDir
    Path root;

    /** Runs the launcher with {@code args}; returns standard output and error as one text, after the exit code. */
    private String[] launch(String... args) throws IOException, InterruptedException {
        return launchWith(null, args);
    }

    /** As {@link #launch}, with {@code javaOpts} as {@code G2048_JAVA_OPTS} (none when null). */
    private String[] launchWith(String javaOpts, String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(root.resolve("g2048").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("PATH", root.resolve("bin") + ":/usr/bin:/bin");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("G2048_JAVA_OPTS");
        if (javaOpts != null) {
            pb.environment().put("G2048_JAVA_OPTS", javaOpts);
        }
        Path err = root.resolve("err.txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ends");
        return new String[] {Integer.toString(p.exitValue()), out, Files.readString(err)};
    }

    /** The layout: the launcher, a stand-in mvn that "builds" {@code jar}, and that jar's classes. */
    private void layout() throws Exception {
        Files.copy(Path.of("..", "g2048"), root.resolve("g2048"));
        Path src = Files.createDirectories(root.resolve("src/g2048/cli"));
        Files.writeString(src.resolve("AotTraining.java"), "package g2048.cli; public class AotTraining {"
                + " public static void main(String[] a) { for (int i = 0; i < 1000; i++) { String.valueOf(i).hashCode(); } } }");
        Files.writeString(src.resolve("Hello.java"), "package g2048.cli; public class Hello {"
                + " public static void main(String[] a) { System.out.println(\"hello \" + String.join(\" \", a)); } }");
        Path classes = Files.createDirectories(root.resolve("classes"));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                src.resolve("AotTraining.java").toString(), src.resolve("Hello.java").toString()));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "g2048.cli.Hello");
        Path built = root.resolve("built.jar");
        try (OutputStream o = Files.newOutputStream(built); JarOutputStream jar = new JarOutputStream(o, m)) {
            for (String c : new String[] {"AotTraining", "Hello"}) {
                jar.putNextEntry(new JarEntry("g2048/cli/" + c + ".class"));
                jar.write(Files.readAllBytes(classes.resolve("g2048/cli/" + c + ".class")));
                jar.closeEntry();
            }
        }
        Path mvn = Files.createDirectories(root.resolve("bin")).resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho called >> '" + root.resolve("mvn-calls") + "'\n"
                + "echo '[INFO] Building g2048 engine 0.1.0                               [1/2]'\n"
                + "echo '[INFO] Compiling 300 source files'\n"
                + "echo '[INFO] Building g2048 command line 0.1.0                         [2/2]'\n"
                + "mkdir -p '" + root.resolve("cli/target") + "' && cp '" + built + "' '" + jar() + "'\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(root.resolve("g2048"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Path jar() {
        return root.resolve("cli/target/g2048.jar");
    }

    private Path aot() {
        return root.resolve("cli/target/g2048.aot");
    }

    private long mvnCalls() throws IOException {
        return Files.exists(root.resolve("mvn-calls")) ? Files.readAllLines(root.resolve("mvn-calls")).size() : 0;
    }

    @Test
    void theFirstBuildSaysWhatItDoesAndTheCacheFollowsTheJar() throws Exception {
        layout();
        String[] first = launch("a", "b");
        assertEquals("0", first[0], first[2]);
        assertEquals("hello a b\n", first[1]);
        assertEquals(1, mvnCalls());
        for (String said : new String[] {"g2048: building the engine", "g2048:   module 1 of 2: g2048 engine 0.1.0",
            "g2048:   module 2 of 2: g2048 command line 0.1.0", "g2048: built ", "ahead-of-time cache"}) {
            assertTrue(first[2].contains(said), "'" + said + "' in:\n" + first[2]);
        }
        assertFalse(first[2].contains("Compiling"), "Maven's other lines stay in its log:\n" + first[2]);
        assertTrue(Files.isRegularFile(aot()), first[2]);

        // the jar remade by another build (as `mvn install` does): the cache is remade, the jar is not
        Files.setLastModifiedTime(aot(), FileTime.fromMillis(Files.getLastModifiedTime(jar()).toMillis() - 5_000));
        String second = launch("c")[2];
        assertEquals(1, mvnCalls(), "the jar is not built again");
        assertTrue(second.contains("ahead-of-time cache recorded"), second);
        assertTrue(Files.getLastModifiedTime(aot()).compareTo(Files.getLastModifiedTime(jar())) > 0, "the cache is newer than the jar");

        // up to date: nothing said, nothing made
        String[] third = launch("d");
        assertEquals("hello d\n", third[1]);
        assertEquals("", third[2]);
        assertEquals(1, mvnCalls());

        // the JVM's own warnings (here: large pages asked for where none are configured, as on most
        // machines) go to standard error, which a plain `java` would print on standard output
        String[] warned = launchWith("-XX:+UseLargePages -XX:LargePageSizeInBytes=1g", "e");
        assertEquals("0", warned[0], warned[2]);
        assertEquals("hello e\n", warned[1], "standard output is the command's alone");
    }
}
