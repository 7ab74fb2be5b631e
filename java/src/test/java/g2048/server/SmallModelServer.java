package g2048.server;

import g2048.game.Shape;
import g2048.ntuple.Method;
import g2048.ntuple.NtupleModel;
import g2048.ntuple.NtupleModels;
import g2048.ntuple.TupleSpec;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A move server on 127.0.0.1 for tests: its n-tuple player a small untrained model (a fast start),
 * in the test's own directory (a {@code @TempDir}, deleted after it) where the test may write the other files
 * the server plays from.
 */
final class SmallModelServer implements AutoCloseable {

    /** What the server plays from, given its directory and the small model's path; may write files there first. */
    interface Sources {
        MoveService.Sources in(Path dir, Path model) throws IOException;
    }

    final Path dir;
    final MoveService service;
    final MoveServer server;

    private SmallModelServer(Path dir, MoveService service, MoveServer server) {
        this.dir = dir;
        this.service = service;
        this.server = server;
    }

    /**
     * Starts a server with {@code threads} search threads over what {@code sources} makes of
     * {@code dir} (where it may write its files first) and the small model's path.
     */
    static SmallModelServer start(Path dir, String modelName, int threads,
                                  Sources sources) throws IOException {
        Path model = dir.resolve(modelName);
        try (NtupleModel m = NtupleModel.create(TupleSpec.parse("0123,4567"), Shape.S4x4, Method.TD_AFTERSTATE, 7, 0.01)) {
            NtupleModels.save(m, model);
        }
        MoveService service = MoveService.open(sources.in(dir, model));
        try {
            return new SmallModelServer(dir, service,
                    MoveServer.start(service, new MoveServer.Settings("127.0.0.1", 0, threads, 64, 60_000)));
        } catch (IOException | RuntimeException e) {
            service.close();
            throw e;
        }
    }

    MoveServerTest.Answer get(String pathAndQuery) {
        return MoveServerTest.get(server, pathAndQuery);
    }

    @Override
    public void close() {
        server.close();
        service.close();
    }
}
