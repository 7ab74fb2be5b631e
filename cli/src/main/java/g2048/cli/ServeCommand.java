package g2048.cli;

import g2048.server.MoveServer;
import g2048.server.MoveService;
import java.io.IOException;
import java.net.BindException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code g2048 serve}: the engine over HTTP, a JSON API and the viewer page, until stopped (Ctrl-C). */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve the engine over HTTP until stopped: a JSON API and a viewer page at /.",
            "GET|POST /move?board=B[&player=P][&depth=D]: each legal move's value and the chosen move.",
            "GET /game?seed=S[&player=P][&depth=D][&max_moves=N][&shape=RxC]: a seeded game's trace,"
                    + " game 0 of 'play --seed S'.",
            "GET /solve?board=B: exact values from the database of --db.  GET /health.",
            "Players: ntuple (the model of --model, and --late-model's from --late-from), lines, heuristic, random, optimal (needs --db), policy (the network of --policy),"
                    + " cnn (needs --cnn, searched as ntuple is).",
            "Answers are the command line's JSON: /move is 'move --json' (schemas/move.schema.json), /solve 'solve query --json';"
                    + " schemas/serve-*.schema.json describe the others.",
            "With --tables, the endgame tables check every player's moves on 4x4 boards, as in 'move --tables': /move answers"
                    + " have the field 'table', and a game's moves are the tables' where they decide."})
final class ServeCommand implements Callable<Integer> {

    @Option(names = "--port", defaultValue = "8048", description = "TCP port; 0 takes any free port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface).")
    String bind;

    @Option(names = "--model", description = "N-tuple model of the ntuple player, a 4x4 model (default: the shipped model).")
    Path model;

    @Mixin
    LateModelOptions late = new LateModelOptions();

    @Option(names = "--db", description = "Solver database directory written by 'g2048 solve': /solve, the optimal player,"
            + " and exact values beside each move of a game of its shape.")
    Path db;

    @Option(names = "--policy", paramLabel = "FILE",
            description = "Policy network of the policy player (.g2pn, written by 'train policy') (default: the shipped network).")
    Path policy;

    @Option(names = "--cnn", paramLabel = "FILE",
            description = "Value network of the cnn player (.g2nn, written by 'train cnn'), on --device: the cnn player is served only with it.")
    Path cnn;

    @Mixin
    NetworkDeviceOptions devices = new NetworkDeviceOptions();

    @Mixin
    TablesOptions tablesOptions = new TablesOptions();

    @Option(names = "--threads", defaultValue = "2", description = "Search threads: requests computed at once (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--max-requests-in-flight", defaultValue = "64",
            description = "Requests admitted at once, running or waiting for a thread; more are answered 503 (default: ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--request-timeout-ms", defaultValue = "30000",
            description = "A request not answered within this time is answered 503 (default: ${DEFAULT-VALUE}).")
    long timeoutMs;

    @Option(names = "--allow-host", paramLabel = "NAME", split = ",",
            description = "A name to answer in a request's Host beside this server's own addresses and localhost (repeatable;"
                    + " * for any). Other names are refused (403): a web page could point a name of its own here (DNS rebinding).")
    List<String> allowHosts = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        MoveServer.Settings settings = new MoveServer.Settings(bind, port, threads, maxInFlight, timeoutMs, allowHosts);
        try {
            java.net.InetAddress.getByName(bind);
        } catch (java.net.UnknownHostException e) {
            throw new Errors.BadInput("--bind: '" + bind + "' is not an address or host name this machine can resolve");
        }
        MoveService service = MoveService.open(MoveService.Sources.of(model, db).withPolicy(policy)
                .withCnn(cnn, devices.device, devices.settings()).withTables(tablesOptions.settings())
                .withLateModel(late.choice(), late.lateFrom));
        MoveServer server;
        try {
            server = MoveServer.start(service, settings);
        } catch (BindException e) {
            service.close();
            throw new Errors.BadInput("--port " + port + ": cannot listen on " + bind + ":" + port + " (" + e.getMessage() + ")");
        } catch (java.io.IOException | java.nio.channels.UnresolvedAddressException e) {
            service.close();
            throw new Errors.BadInput("--bind: cannot listen on " + bind + ":" + port + " ("
                    + (e.getMessage() == null ? "not an address of this machine" : e.getMessage()) + ")");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            service.close();
            stopped.countDown();
        }, "g2048-serve-stop"));
        System.out.println("g2048 serve: listening on http://" + bind + ":" + server.port() + "/ (model "
                + (service.modelName() == null ? "none" : service.modelName())
                + (service.lateModelName() == null ? "" : ", late model " + service.lateModelName() + " from " + late.lateFrom
                        + (service.lateModelDepth() == 1 ? "" : " at depth " + service.lateModelDepth() + " or more"))
                + (service.policyName() == null ? "" : ", policy " + service.policyName())
                + (service.cnnName() == null ? "" : ", cnn " + service.cnnName())
                + (service.solutionShape() == null ? "" : ", " + service.solutionShape() + " database") + "); Ctrl-C stops");
        System.out.flush();
        stopped.await();
        return 0;
    }
}
