package g2048.nn;

import g2048.eval.EvaluatorBackends;

/** The value-network backends on the class path, by name ({@code --device}): cpu, and cuda where the jar has it. */
public final class NetworkBackends {

    private NetworkBackends() {
    }

    private static final class Installed {
        static final EvaluatorBackends<NetworkModel, NetworkBackend> BACKENDS = EvaluatorBackends.load(NetworkBackend.class, EvaluatorBackends.DEVICE);
    }

    /** The installed backends, found once per process. */
    public static EvaluatorBackends<NetworkModel, NetworkBackend> installed() {
        return Installed.BACKENDS;
    }
}
