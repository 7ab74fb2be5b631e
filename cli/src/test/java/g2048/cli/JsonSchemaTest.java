package g2048.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command's {@code --json} output, produced by the command's real code through the command
 * line's entry point on small inputs, validates against its schema in {@code schemas/} (JSON Schema
 * 2020-12); and the schemas themselves document every key (no object left open).
 */
class JsonSchemaTest {

    private static final Path SCHEMAS = Path.of("..", "schemas").toAbsolutePath().normalize();

    @TempDir
    static Path tmp;

    private static Path db;

    @BeforeAll
    static void solveATinyBoard() {
        db = tmp.resolve("db22");
        CommandRun r = CommandRun.of("solve", "--shape", "2x2", "--out", db.toString(), "--quiet");
        assertEquals(0, r.exit(), r.err());
    }

    /** Where every schema's {@code $id} puts it: relative $refs resolve against it. */
    static final String ID_BASE = "https://g2048.io/schemas/";

    /** The schemas by their $id, read from schemas/ (the validator fetches nothing from the network). */
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            b -> b.schemas(iri -> iri.startsWith(ID_BASE) ? read(SCHEMAS.resolve(iri.substring(ID_BASE.length()))) : null));

    private static String read(Path file) {
        if (!file.startsWith(SCHEMAS)) {
            return null;
        }
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Schema schema(String name) {
        return REGISTRY.getSchema(SchemaLocation.of(ID_BASE + name + ".schema.json"));
    }

    /** The schema's complaints about one line of output (other command tests validate through this too). */
    static List<Error> errors(String schemaName, String json) {
        return schema(schemaName).validate(json, InputFormat.JSON);
    }

    /** Runs a command, checks it succeeded, and validates every line of its standard output. */
    private static CommandRun validated(String schemaName, String... args) {
        CommandRun r = CommandRun.of(args);
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().filter(l -> !l.isBlank()).toList();
        assertFalse(lines.isEmpty(), "no output from " + String.join(" ", args));
        for (String line : lines) {
            List<Error> e = errors(schemaName, line);
            assertTrue(e.isEmpty(), schemaName + ": " + e + " in " + line);
        }
        return r;
    }

    @Test
    void play() {
        CommandRun r = validated("play", "play", "--games", "3", "--threads", "1", "--json", "--quiet");
        // the shipped model is named, not its absolute path
        assertFalse(r.out().contains(Path.of("").toAbsolutePath().getParent().toString()), r.out());
        validated("play", "play", "--player", "random", "--shape", "2x3", "--games", "5", "--json");
        validated("play", "play", "--player", "optimal", "--db", db.toString(), "--shape", "2x2", "--games", "5", "--json");
    }

    @Test
    void tables() {
        Path dir = tmp.resolve("tables");
        validated("tables-build", "tables", "build", "--formations", "442x", "--targets", "32", "--out", dir.toString(), "--json", "--quiet");
        validated("tables-info", "tables", "info", dir.toString(), "--json");
        CommandRun played = validated("play", "play", "--games", "2", "--threads", "1", "--tables", dir.toString(), "--json", "--quiet");
        assertTrue(played.out().contains("\"tables\":{\"moves\":"), played.out());
        validated("bench-search", "bench", "search", "--player", "lines", "--depth", "1", "--games", "1", "--tables", dir.toString(),
                "--json", "--quiet");
        // big tiles from 32 up in the formation's fixed cells, below 32 in the free ones: the table decides
        CommandRun decided = validated("move", "move", "--board", "4096,2048,1024,512/32,64,128,256/8192,16384,0,2/0,0,0,2",
                "--tables", dir.toString(), "--json");
        assertTrue(decided.out().contains("\"table\":{\"name\":\"442x-32\""), decided.out());
        CommandRun searched = validated("move", "move", "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0", "--tables", dir.toString(), "--json");
        assertTrue(searched.out().contains("\"table\":null"), searched.out());
    }

    @Test
    void apply() {
        validated("apply", "apply", "--board", "2,2,0,0/0,0,0,0/0,0,0,0/0,0,0,4", "--moves", "RD", "--json");
    }

    @Test
    void move() {
        validated("move", "move", "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0", "--player", "lines", "--depth", "2", "--json");
        validated("move", "move", "--board", "2,4,8,16/0,0,0,2/0,0,0,0/0,0,0,0", "--time-ms", "5", "--depth", "3", "--json");
        // tile-downgrading: the translated board is named beside the search's threshold
        CommandRun down = validated("move", "move", "--board", "32768,16384,4,2/2,0,0,0/0,0,0,0/0,0,0,0", "--player", "lines",
                "--depth", "2", "--downgrade", "32768", "--json");
        assertTrue(down.out().contains("\"downgrade\":32768"), down.out());
        assertTrue(down.out().contains("\"searched_board\":\"16384,8192,4,2/2,0,0,0/0,0,0,0/0,0,0,0\""), down.out());
        // a finished game: the move is null, each direction illegal
        CommandRun over = validated("move", "move", "--board", "2,4/4,2", "--player", "lines", "--json");
        assertTrue(over.out().contains("\"move\":null"), over.out());
        // the optimal player: exact values from a database, no search
        CommandRun exact = validated("move", "move", "--board", "2,2/0,0", "--player", "optimal", "--db", db.toString(), "--json");
        assertTrue(exact.out().contains("\"search\":null"), exact.out());
    }

    @Test
    void benchSearch(@TempDir Path dir) {
        CommandRun r = validated("bench-search", "bench", "search", "--player", "lines", "--depth", "2", "--games", "2",
                "--shape", "3x3", "--json", "--quiet");
        assertTrue(r.out().contains("\"hlog\":null"), r.out());
        Path log = dir.resolve("d2.hlog");
        CommandRun logged = validated("bench-search", "bench", "search", "--player", "lines", "--depth", "1", "--games", "2",
                "--shape", "3x3", "--hlog", log.toString(), "--json");
        assertTrue(logged.out().contains("\"hlog\":\"" + log + "\""), "the log as given: " + logged.out());
    }

    @Test
    void solve() {
        Path out = tmp.resolve("db23");
        CommandRun r = validated("solve", "solve", "--shape", "2x3", "--out", out.toString(), "--json", "--quiet");
        assertTrue(r.out().contains("\"complete\":true"), r.out());
        CommandRun partial = validated("solve", "solve", "--shape", "3x3", "--out", tmp.resolve("db33").toString(), "--max-age",
                "12", "--json");
        assertTrue(partial.out().contains("\"expected_score\":null"), partial.out());
    }

    @Test
    void solveQuery() {
        CommandRun r = validated("solve-query", "solve", "query", "--db", db.toString(), "--board", "2,2/0,0", "--json");
        assertTrue(r.out().contains("\"move\":\"R\"") || r.out().contains("\"move\":\"L\""), r.out());
    }

    @Test
    void grade() {
        validated("grade", "grade", "--db", db.toString(), "--player", "random", "--json");
        validated("grade", "grade", "--db", db.toString(), "--player", "lines", "--json", "--quiet");
    }

    @Test
    void trainNtuple(@TempDir Path dir) {
        CommandRun r = validated("train-ntuple", "train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games", "60",
                "--eval-every", "20", "--eval-games", "5", "--checkpoint-every", "30", "--json", "--quiet",
                "--out", dir.resolve("m.g2n").toString());
        List<String> events = r.out().lines().map(l -> (String) MiniJson.object(l).get("event")).toList();
        // start, a progress event at 20, 30 (checkpoint), 40 and 60, the summary
        assertEquals(List.of("start", "progress", "progress", "progress", "progress", "summary"), events, r.out());
        assertTrue(r.err().contains("saved"), "the text lines go to standard error: " + r.err());
        CommandRun late = validated("train-ntuple", "train", "ntuple", "--net", "012,456:sym:c12", "--shape", "3x3", "--games",
                "40", "--stages", "32", "--shaping", "late", "--eval-every", "0", "--checkpoint-every", "20", "--json", "--quiet",
                "--out", dir.resolve("late.g2n").toString());
        assertTrue(late.out().contains("\"hand_off\":{\"stage\":1,"), late.out());
    }

    @Test
    void trainCnn(@TempDir Path dir) {
        CommandRun r = validated("train-cnn", "train", "cnn", "--arch",
                "name=tiny;input=values;embed=;trunk=conv2x2:8,conv2x2:16,fc:32,fc:8,fc:1", "--device", "cpu", "--positions", "2000",
                "--snapshot-every", "1000", "--eval-games", "2", "--generators", "1", "--lanes", "8", "--batching", "batch128",
                "--json", "--out", dir.resolve("run").toString());
        List<String> events = r.out().lines().map(l -> (String) MiniJson.object(l).get("event")).toList();
        assertTrue(events.containsAll(List.of("progress", "snapshot", "evaluation")), events.toString());
        assertEquals("summary", events.getLast());
    }

    /** The validator is strict: a key the schema does not name, a missing key or a wrong type is an error. */
    @Test
    void theSchemasRejectWhatTheyDoNotDescribe() {
        String good = "{\"board\":\"2,2/0,0\",\"shape\":\"2x2\",\"value\":12.5,\"moves\":["
                + "{\"move\":\"U\",\"legal\":false,\"value\":null},{\"move\":\"R\",\"legal\":true,\"value\":4},"
                + "{\"move\":\"D\",\"legal\":true,\"value\":3},{\"move\":\"L\",\"legal\":true,\"value\":4}],\"move\":\"R\"}";
        assertEquals(List.of(), errors("solve-query", good));
        assertFalse(errors("solve-query", good.replace("\"move\":\"R\"}", "\"move\":\"R\",\"best\":\"R\"}")).isEmpty(), "extra key");
        assertFalse(errors("solve-query", good.replace(",\"move\":\"R\"}", "}")).isEmpty(), "missing key");
        assertFalse(errors("solve-query", good.replace("\"move\":\"R\"}", "\"move\":\"none\"}")).isEmpty(), "none is no move");
        assertFalse(errors("solve-query", good.replace("\"value\":12.5", "\"value\":\"12.5\"")).isEmpty(), "a string for a number");
        assertFalse(errors("solve-query", good.replace("\"shape\":\"2x2\"", "\"shape\":\"2 by 2\"")).isEmpty(), "a bad shape");
        assertFalse(errors("train-ntuple", "{\"event\":\"summary\"}").isEmpty(), "an event without its keys");
    }

    /** Every object in every schema is closed: additionalProperties false, or a schema for keys named by a pattern. */
    @Test
    void everySchemaDocumentsEveryKey() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(SCHEMAS)) {
            files = s.filter(p -> p.toString().endsWith(".schema.json")).sorted().toList();
        }
        assertTrue(files.size() >= 11, files.toString());
        List<String> open = new ArrayList<>();
        for (Path f : files) {
            Object schema = new tools.jackson.databind.ObjectMapper().readValue(f.toFile(), Object.class);
            // a standard validator finds common.schema.json through the $id of the schema that refers to it
            assertEquals(ID_BASE + f.getFileName(), ((Map<?, ?>) schema).get("$id"), f.toString());
            checkClosed(schema, f.getFileName().toString(), open);
        }
        assertEquals(List.of(), open);
        // the check itself finds an open object and a camelCase key
        List<String> found = new ArrayList<>();
        checkClosed(Map.of("type", "object", "properties", Map.of("lastAge", Map.of("type", "integer"))), "t", found);
        assertEquals(List.of("t", "t.lastAge (not snake_case)"), found);
    }

    @SuppressWarnings("unchecked")
    private static void checkClosed(Object node, String where, List<String> open) {
        if (node instanceof Map<?, ?> m) {
            Map<String, Object> map = (Map<String, Object>) m;
            if ("object".equals(map.get("type"))) {
                Object extra = map.get("additionalProperties");
                boolean closed = Boolean.FALSE.equals(extra) || (extra instanceof Map && map.containsKey("propertyNames"));
                if (!closed) {
                    open.add(where);
                }
                if (map.get("properties") instanceof Map<?, ?> props) {
                    for (Object key : props.keySet()) {
                        if (!((String) key).matches("[a-z][a-z0-9]*(_[a-z0-9]+)*")) {
                            open.add(where + "." + key + " (not snake_case)");
                        }
                    }
                }
            }
            for (Map.Entry<String, Object> e : map.entrySet()) {
                checkClosed(e.getValue(), where + "/" + e.getKey(), open);
            }
        } else if (node instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                checkClosed(l.get(i), where + "[" + i + "]", open);
            }
        }
    }
}
