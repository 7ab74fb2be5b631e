package g2048.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of {@code --model}: each value is one file when a file of that name exists (so a path
 * holding a comma still loads), else a comma-separated list of files (an ensemble, as before).
 */
final class ModelList {

    private ModelList() {
    }

    static List<Path> expand(List<Path> values) {
        List<Path> out = new ArrayList<>();
        for (Path v : values) {
            String text = v.toString();
            if (!text.contains(",") || Files.exists(v)) {
                out.add(v);
                continue;
            }
            for (String part : text.split(",", -1)) {
                out.add(Path.of(part));
            }
        }
        return out;
    }
}
