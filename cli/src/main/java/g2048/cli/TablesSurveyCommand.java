package g2048.cli;

import g2048.answers.JsonConventions;
import g2048.game.Shape;
import g2048.json.JsonWriter;
import g2048.play.Players;
import g2048.play.Summary;
import g2048.tables.Coverage;
import g2048.tables.EndgameTable;
import g2048.tables.Formation;
import g2048.tables.FormationSurvey;
import g2048.tables.SurveyPlayer;
import g2048.tables.TableSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tables survey}: plays games as {@code play} does and counts, at every move and for each
 * target, the formation the big tiles take ({@link FormationSurvey}): which tables the games would use.
 */
@Command(name = "survey", mixinStandardHelpOptions = true,
        description = "Play games as 'play' does and count, at every move and for each target, the cells holding the target or more when their tiles all differ: the formations a table could match, up to symmetry, by moves and games.")
final class TablesSurveyCommand implements Callable<Integer> {

    @Mixin
    PlayerOptions playerOptions = new PlayerOptions();

    @Mixin
    SearchOptions searchOptions = new SearchOptions();

    @Mixin
    GamesOptions gamesOptions = new GamesOptions();

    @Option(names = "--targets", split = ",", paramLabel = "T", defaultValue = "64,128,256,512,1024",
            description = "Target tiles, powers of two 8..16384 (default: ${DEFAULT-VALUE}).")
    List<Integer> targets;

    @Option(names = "--min-fixed", paramLabel = "N", defaultValue = "4",
            description = "Formations listed: at least N fixed cells, 2..14 (default: ${DEFAULT-VALUE}).")
    int minFixed;

    @Option(names = "--max-fixed", paramLabel = "N", defaultValue = "8",
            description = "Formations listed: at most N fixed cells, 2..14 (default: ${DEFAULT-VALUE}).")
    int maxFixed;

    @Option(names = "--top", paramLabel = "N", defaultValue = "20",
            description = "Formations listed per target, most moves first; 0 = all (default: ${DEFAULT-VALUE}).")
    int top;

    @Option(names = "--tables", paramLabel = "DIR",
            description = "Endgame tables written by 'tables build': each formation says which of them is its table (the same target, the same fixed cells under a symmetry). They do not play.")
    Path tablesDir;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        gamesOptions.check();
        checkFixed("--min-fixed", minFixed);
        checkFixed("--max-fixed", maxFixed);
        if (minFixed > maxFixed) {
            throw new Errors.BadInput("--max-fixed: expected at least --min-fixed (" + minFixed + "), got " + maxFixed);
        }
        if (top < 0) {
            throw new Errors.BadInput("--top: expected 0 (all) or more, got " + top);
        }
        FormationSurvey survey;
        try {
            survey = new FormationSurvey(targets);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--targets: " + e.getMessage(), e);
        }
        Shape shape = OptimalShape.of(playerOptions);
        if (!shape.equals(Shape.S4x4)) {
            throw new Errors.BadInput("--db: formations are of 4x4 boards, this database solves " + shape);
        }
        List<EndgameTable> tables = null;
        TableSet set = tablesDir == null ? null : TableSet.open(tablesDir);
        if (set != null) {
            // only the tables' formations and targets are read: the files are closed before the games
            tables = set.tables();
            set.close();
        }
        var player = new SurveyPlayer(Players.create(playerOptions.spec(), shape, searchOptions.config(playerOptions.depth)), survey);
        Summary summary = gamesOptions.play("tables survey", shape, player);
        List<TargetReport> reports = new ArrayList<>();
        for (int t : survey.targets()) {
            reports.add(TargetReport.of(survey, t, minFixed, maxFixed, tables));
        }
        if (json) {
            JsonWriter j = SummaryReport.fields(JsonConventions.writer().begin(), summary)
                    .object("survey").field("positions", survey.moves()).field("games", survey.games())
                    .field("min_fixed", minFixed).field("max_fixed", maxFixed).beginArray("targets");
            for (TargetReport r : reports) {
                r.json(j, survey, top);
            }
            System.out.println(j.endArray().end().end());
        } else {
            StringBuilder sb = new StringBuilder(SummaryReport.text(summary));
            for (TargetReport r : reports) {
                r.text(sb, survey, minFixed, maxFixed, top);
            }
            System.out.print(sb);
        }
        return 0;
    }

    /** A bound on the fixed cells: a formation has 2..14 ({@link Formation}). */
    private static void checkFixed(String option, int n) {
        if (n < 2 || n > 14) {
            throw new Errors.BadInput(option + ": expected 2..14 fixed cells, got " + n);
        }
    }

    /** One target's formations and their tables, for the report. */
    private record TargetReport(int target, List<FormationSurvey.Sighting> listed, long sixFixedMoves, long sixFixedNamedMoves,
                                List<EndgameTable> tables) {

        static TargetReport of(FormationSurvey survey, int target, int minFixed, int maxFixed, List<EndgameTable> tables) {
            List<FormationSurvey.Sighting> six = survey.sightings(target, 6, 6);
            return new TargetReport(target, survey.sightings(target, minFixed, maxFixed),
                    six.stream().mapToLong(FormationSurvey.Sighting::moves).sum(),
                    six.stream().filter(s -> FormationSurvey.named(s.cells()) != null).mapToLong(FormationSurvey.Sighting::moves).sum(),
                    tables);
        }

        long listedMoves() {
            return listed.stream().mapToLong(FormationSurvey.Sighting::moves).sum();
        }

        String named(FormationSurvey.Sighting s) {
            Formation f = FormationSurvey.named(s.cells());
            return f == null ? null : f.name();
        }

        String table(FormationSurvey.Sighting s) {
            EndgameTable t = FormationSurvey.table(tables, target, s.cells());
            return t == null ? null : Coverage.name(t);
        }

        void json(JsonWriter j, FormationSurvey survey, int top) {
            long moves = survey.moves();
            j.begin().field("target", target).field("moves", listedMoves()).field("share", share(listedMoves(), moves))
                    .field("six_fixed_moves", sixFixedMoves).field("six_fixed_share", share(sixFixedMoves, moves))
                    .field("six_fixed_named_moves", sixFixedNamedMoves).field("six_fixed_named_share", share(sixFixedNamedMoves, moves))
                    .field("formations_seen", listed.size()).beginArray("formations");
            for (FormationSurvey.Sighting s : shown(top)) {
                j.begin().field("formation", s.picture()).field("fixed", s.fixedCount()).field("free", s.freeCount())
                        .field("moves", s.moves()).field("share", share(s.moves(), moves))
                        .field("games", s.games()).field("games_share", share(s.games(), survey.games()))
                        .field("named", named(s));
                if (tables != null) {
                    j.field("table", table(s));
                }
                j.end();
            }
            j.endArray().end();
        }

        void text(StringBuilder sb, FormationSurvey survey, int minFixed, int maxFixed, int top) {
            long moves = survey.moves();
            sb.append(String.format(Locale.ROOT, "%ntarget %d: %d..%d big tiles, all different, at %.2f%% of moves; any 6 cells at %.2f%%, named 6-cell formations (L3, 442) %.2f%%%n",
                    target, minFixed, maxFixed, 100 * share(listedMoves(), moves), 100 * share(sixFixedMoves, moves),
                    100 * share(sixFixedNamedMoves, moves)));
            sb.append(String.format(Locale.ROOT, "  %-19s  %4s  %12s  %7s  %7s  %7s  %s%n", "formation", "free", "moves", "share",
                    "games", "share", tables == null ? "named" : "named  table"));
            for (FormationSurvey.Sighting s : shown(top)) {
                String name = named(s) == null ? "-" : named(s);
                String last = tables == null ? name : String.format(Locale.ROOT, "%-5s  %s", name, table(s) == null ? "-" : table(s));
                sb.append(String.format(Locale.ROOT, "  %-19s  %4d  %,12d  %6.2f%%  %7d  %6.1f%%  %s%n", s.picture(), s.freeCount(),
                        s.moves(), 100 * share(s.moves(), moves), s.games(), 100 * share(s.games(), survey.games()), last));
            }
            if (shown(top).size() < listed.size()) {
                sb.append(String.format(Locale.ROOT, "  ... %d more (--top 0 lists all)%n", listed.size() - shown(top).size()));
            }
        }

        List<FormationSurvey.Sighting> shown(int top) {
            return top == 0 || top >= listed.size() ? listed : listed.subList(0, top);
        }

        private static double share(long n, long of) {
            return of == 0 ? 0 : (double) n / of;
        }
    }
}
