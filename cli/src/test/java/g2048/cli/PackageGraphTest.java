package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packages depend downwards only, and the map of docs/architecture.md lists them in an order their code
 * allows: read from the sources of every module (imports and qualified names in code; comments and
 * strings left out), so a new arrow upwards fails here, naming the file that draws it.
 */
class PackageGraphTest {

    private static final Path ROOT = Path.of("..");
    private static final List<String> MODULES = List.of("java", "java-cuda", "cli", "spark");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern STRINGS = Pattern.compile("\"(?:\\\\.|[^\"\\\\])*\"");
    private static final Pattern REFERENCE = Pattern.compile("\\b(g2048(?:\\.[a-z0-9]+)+)\\.[A-Z]");
    private static final Pattern MAP_ROW = Pattern.compile("^\\| `(g2048(?:\\.[a-z0-9]+)+)`", Pattern.MULTILINE);

    /** Each package's dependencies, with one file per arrow that draws it. */
    private static Map<String, Map<String, String>> graph() {
        Map<String, Map<String, String>> deps = new TreeMap<>();
        for (String module : MODULES) {
            Path src = ROOT.resolve(module).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String pkg = src.relativize(f.getParent()).toString().replace('/', '.');
                    String code = STRINGS.matcher(COMMENTS.matcher(Files.readString(f)).replaceAll("")).replaceAll("\"\"");
                    Map<String, String> mine = deps.computeIfAbsent(pkg, k -> new TreeMap<>());
                    Matcher m = REFERENCE.matcher(code);
                    while (m.find()) {
                        if (!m.group(1).equals(pkg)) {
                            mine.putIfAbsent(m.group(1), module + "/" + src.relativize(f));
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return deps;
    }

    @Test
    void thePackagesFormNoCycle() {
        Map<String, Map<String, String>> deps = graph();
        assertTrue(deps.size() > 20, "read " + deps.keySet());
        Set<String> done = new TreeSet<>();
        for (String p : deps.keySet()) {
            visit(p, deps, new ArrayList<>(), done);
        }
    }

    private static void visit(String p, Map<String, Map<String, String>> deps, List<String> path, Set<String> done) {
        if (done.contains(p)) {
            return;
        }
        int at = path.indexOf(p);
        if (at >= 0) {
            List<String> cycle = new ArrayList<>(path.subList(at, path.size()));
            cycle.add(p);
            String last = cycle.get(cycle.size() - 2);
            throw new AssertionError("package cycle " + String.join(" -> ", cycle) + " (" + last + " -> " + p + " in "
                    + deps.get(last).get(p) + ")");
        }
        path.add(p);
        for (String d : deps.getOrDefault(p, Map.of()).keySet()) {
            visit(d, deps, path, done);
        }
        path.removeLast();
        done.add(p);
    }

    @Test
    void theArchitectureMapListsEveryPackageAfterThoseItUses() throws IOException {
        Map<String, Map<String, String>> deps = graph();
        List<String> listed = new ArrayList<>();
        Matcher m = MAP_ROW.matcher(Files.readString(ROOT.resolve("docs/architecture.md")));
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertEquals(new TreeSet<>(deps.keySet()), new TreeSet<>(listed), "the map of docs/architecture.md lists each package once");
        assertEquals(listed.size(), new TreeSet<>(listed).size(), "a package listed twice: " + listed);
        for (int i = 0; i < listed.size(); i++) {
            String p = listed.get(i);
            for (Map.Entry<String, String> d : deps.get(p).entrySet()) {
                assertTrue(listed.indexOf(d.getKey()) < i, "the map of docs/architecture.md lists " + p + " above " + d.getKey()
                        + ", which it uses (" + d.getValue() + ")");
            }
        }
    }
}
