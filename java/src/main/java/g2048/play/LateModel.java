package g2048.play;

import g2048.ntuple.NtupleModels;
import g2048.search.SearchConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * Which second model values an ntuple player's late game ({@link g2048.eval.StagedEvaluator}): none, a
 * file, the shipped late model ({@link NtupleModels#LATE_MODEL}), or {@code auto}, which
 * {@link #resolvedFor} turns into one of the others when the player is built.
 *
 * @param choice what was asked for
 * @param file   the model file when {@code choice} is {@link Choice#FILE}, else null
 */
public record LateModel(Choice choice, Path file) {

    /** What a late model is asked as. */
    public enum Choice { AUTO, NONE, SHIPPED, FILE }

    /**
     * The shipped late model when the player plays the shipped model at a fixed depth of 2 or more,
     * none otherwise. Measured with the shipped late model against the shipped model alone over 1,000 games: better by
     * 26,000 points at depth 2 and 71,000 at depth 3; at depth 1 worse by 6,000 (docs/late-game.md); with
     * a time budget it is not gated, so it is not chosen.
     */
    public static final LateModel AUTO = new LateModel(Choice.AUTO, null);
    public static final LateModel NONE = new LateModel(Choice.NONE, null);
    public static final LateModel SHIPPED = new LateModel(Choice.SHIPPED, null);

    public LateModel {
        if ((choice == Choice.FILE) != (file != null)) {
            throw new IllegalArgumentException("a late model names a file exactly when its choice is FILE");
        }
    }

    /** The model in {@code file}, or none when it is null. */
    public static LateModel of(Path file) {
        return file == null ? NONE : new LateModel(Choice.FILE, file);
    }

    /** {@code auto}, {@code none}, {@code shipped} or a file's path ({@code ./auto} names a file called auto). */
    public static LateModel parse(String text) {
        return switch (text) {
            case "auto" -> AUTO;
            case "none" -> NONE;
            case "shipped" -> SHIPPED;
            default -> of(Path.of(text));
        };
    }

    /**
     * What this choice is for the player {@code player} of the model files {@code models} (none: the
     * shipped model) searching as {@code search}: {@link #AUTO} becomes {@link #SHIPPED} or
     * {@link #NONE}, the others stay as they are.
     */
    public LateModel resolvedFor(PlayerKind player, List<Path> models, SearchConfig search) {
        if (choice != Choice.AUTO) {
            return this;
        }
        boolean shippedModel = player == PlayerKind.NTUPLE && models.isEmpty();
        boolean deep = search.depth() >= 2 && search.timeBudgetNanos() == 0;
        return shippedModel && deep && NtupleModels.lateAvailable() ? SHIPPED : NONE;
    }

    /** Whether a second model plays: a file or the shipped one. */
    public boolean plays() {
        return choice == Choice.FILE || choice == Choice.SHIPPED;
    }

    /** The file name of the model that plays (the shipped one's for {@link #SHIPPED}), null for none or auto. */
    public String fileName() {
        return switch (choice) {
            case SHIPPED -> NtupleModels.LATE_MODEL;
            case FILE -> String.valueOf(file.getFileName());
            default -> null;
        };
    }

    /** {@code auto}, {@code none}, the shipped model's name, or the file as given. */
    public String describe() {
        return switch (choice) {
            case AUTO -> "auto";
            case NONE -> "none";
            case SHIPPED -> NtupleModels.SHIPPED_LATE_NAME;
            case FILE -> file.toString();
        };
    }
}
