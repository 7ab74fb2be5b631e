package g2048.nn;

import g2048.eval.CheckEvaluator;
import g2048.eval.Evaluator;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The {@link Backend}s by name: the one way every command (play, search, value and policy
 * training, a snapshot's evaluation) chooses where networks run, as lc0's backend factory does.
 * Besides the backends' own names it takes
 * <ul>
 *   <li>{@code auto}: the available backend with the highest {@link Backend#autoPreference()},
 *       with a line saying what it chose and why not the others;
 *   <li>{@code check} (value evaluation): the reference (the CPU) and the preferred other available
 *       backend side by side ({@link CheckEvaluator}), every value compared within the second's
 *       {@link Backend#tolerance tolerance}; a difference beyond it stops the command.
 * </ul>
 * There is no silent fallback: an unknown name, or a backend that cannot run here, is a one-line
 * {@link IllegalArgumentException} (bad input on the command line); only {@code auto} moves on,
 * and says so.
 */
public final class Backends {

    public static final String AUTO = "auto";
    public static final String CHECK = "check";

    /**
     * Under {@code check}, values are also accepted within {@code tolerance × CHECK_SCALE} of each
     * other: values are in points of score, so that a value near 0 (where a sum cancels) is not
     * judged relative to itself; 1,000 points is the scale of a value early in a game.
     */
    public static final double CHECK_SCALE = 1000;

    private final String option;
    private final Map<String, Backend> byName = new LinkedHashMap<>();
    private final Backend reference;

    /**
     * @param option   the option that names a backend, for messages (e.g. {@code --device})
     * @param backends distinct names, exactly one of them the reference
     */
    public Backends(String option, List<Backend> backends) {
        this.option = option;
        Backend ref = null;
        List<Backend> sorted = new ArrayList<>(backends);
        sorted.sort(Comparator.comparing(Backend::name));
        for (Backend b : sorted) {
            if (b.name().equals(AUTO) || b.name().equals(CHECK) || byName.putIfAbsent(b.name(), b) != null) {
                throw new IllegalStateException("backend name '" + b.name() + "' taken twice");
            }
            if (b.reference()) {
                if (ref != null) {
                    throw new IllegalStateException("two reference backends: " + ref.name() + " and " + b.name());
                }
                ref = b;
            }
        }
        if (ref == null) {
            throw new IllegalStateException("no reference backend among " + byName.keySet());
        }
        this.reference = ref;
    }

    private static final class Installed {
        static final Backends BACKENDS = load();

        private static Backends load() {
            List<Backend> found = new ArrayList<>();
            ServiceLoader.load(Backend.class, Backend.class.getClassLoader()).forEach(found::add);
            return new Backends("--device", found);
        }
    }

    /** The backends on the class path ({@code META-INF/services/g2048.nn.Backend}): cpu, and cuda where the jar has it; found once per process. */
    public static Backends installed() {
        return Installed.BACKENDS;
    }

    /** Every name {@link #choose} takes: auto, check, then the backends by name. */
    public List<String> names() {
        List<String> names = new ArrayList<>(List.of(AUTO, CHECK));
        names.addAll(byName.keySet());
        return names;
    }

    /** Every name {@link #choosePolicyTraining} takes: auto, then the backends by name. */
    public List<String> policyTrainingNames() {
        List<String> names = new ArrayList<>(List.of(AUTO));
        names.addAll(byName.keySet());
        return names;
    }

    /** The backend of that name, or null. */
    public Backend backend(String name) {
        return byName.get(name);
    }

    /** The reference backend (the CPU). */
    public Backend reference() {
        return reference;
    }

    /**
     * The backend {@code name} asks for, for value networks, with {@code options} checked: each
     * given value against the backends that declare its option, and a value only another backend
     * honours refused (or, under {@code auto}, noted on {@code notes} as unused). {@code auto} and
     * {@code check} print their choice on {@code notes}.
     */
    public Choice choose(String name, BackendOptions options, PrintStream notes) {
        for (Map.Entry<String, String> e : options.given().entrySet()) {
            declaration(e.getKey()).parse(e.getValue());
        }
        String asked = name.toLowerCase(Locale.ROOT);
        Choice c;
        if (asked.equals(AUTO)) {
            List<String> passed = new ArrayList<>();
            Backend found = firstAvailable(byPreference(), false, passed);
            Backend best = found == null ? reference : found;
            c = new Choice(option, best, null, best == reference ? null : reference, options,
                    "device: " + best.device() + (passed.isEmpty() ? "" : " (" + String.join("; ", passed) + ")"));
        } else if (asked.equals(CHECK)) {
            List<String> passed = new ArrayList<>();
            Backend candidate = firstAvailable(byPreference(), true, passed);
            if (candidate == null) {
                throw new IllegalArgumentException(option + " check: compares " + reference.name()
                        + " with another backend, and none can run here" + (passed.isEmpty() ? "" : " (" + String.join("; ", passed) + ")"));
            }
            c = new Choice(option, candidate, reference, null, options, String.format(Locale.ROOT,
                    "device: check, %s against the reference %s (relative tolerance %.0e)", candidate.device(), reference.device(),
                    candidate.tolerance(options)));
        } else {
            Backend b = named(name, names());
            c = new Choice(option, b, null, null, options, "device: " + b.device() + " (as asked)");
        }
        unused(c, asked.equals(AUTO), options, notes);
        if (asked.equals(AUTO) || asked.equals(CHECK)) {
            notes.println(c.line());
        }
        return c;
    }

    /**
     * The backend {@code name} asks for to train a policy network (auto or a backend's name; there
     * is no check of training steps): {@code auto} prints its choice and the reasons it passed the
     * others over on {@code notes}.
     */
    public Backend choosePolicyTraining(String name, PrintStream notes) {
        if (!name.toLowerCase(Locale.ROOT).equals(AUTO)) {
            return named(name, policyTrainingNames());
        }
        List<Backend> candidates = byPreference();
        candidates.add(reference);
        List<String> passed = new ArrayList<>();
        Backend b = firstAvailable(candidates, true, passed);
        notes.println("device: " + b.policyDevice() + " (auto" + (passed.isEmpty() ? "" : "; " + String.join("; ", passed)) + ")");
        return b;
    }

    /** The backend named (any case), available here, or bad input naming {@code accepted}. */
    private Backend named(String name, List<String> accepted) {
        Backend b = byName.get(name.toLowerCase(Locale.ROOT));
        if (b == null) {
            throw new IllegalArgumentException(option + " " + name + ": expected " + orList(accepted));
        }
        String why = b.unavailableReason();
        if (why != null) {
            throw new IllegalArgumentException(option + " " + b.name() + ": " + why);
        }
        return b;
    }

    /** The first of {@code candidates} that can run here, or null; why each before it cannot goes to {@code passed} (after its name if {@code labelled}). */
    private static Backend firstAvailable(List<Backend> candidates, boolean labelled, List<String> passed) {
        for (Backend b : candidates) {
            String why = b.unavailableReason();
            if (why == null) {
                return b;
            }
            passed.add(labelled ? b.name() + ": " + why : why);
        }
        return null;
    }

    /** Options given with a value only other backends honour: an error when asked by name, a note under auto. */
    private void unused(Choice c, boolean auto, BackendOptions options, PrintStream notes) {
        for (Map.Entry<String, String> e : options.given().entrySet()) {
            BackendOption o = declaration(e.getKey());
            String v = o.parse(e.getValue());
            if (!o.exclusive().contains(v) || c.backend().options().contains(o)) {
                continue;
            }
            List<String> takers = new ArrayList<>();
            for (Backend b : byName.values()) {
                if (b.options().contains(o)) {
                    takers.add(b.name());
                }
            }
            if (!auto) {
                throw new IllegalArgumentException(o.name() + " " + v + ": " + option + " " + c.backend().name()
                        + " does not take it; it needs " + option + " " + orList(takers) + " (or auto where that runs)");
            }
            notes.println(o.name().replaceFirst("^-+", "") + ": " + v + " unused (" + c.backend().name() + " runs the network)");
        }
    }

    private BackendOption declaration(String name) {
        for (Backend b : byName.values()) {
            for (BackendOption o : b.options()) {
                if (o.name().equals(name)) {
                    return o;
                }
            }
        }
        throw new IllegalArgumentException(name + ": no backend here takes it (" + String.join(", ", byName.keySet()) + ")");
    }

    /** The backends other than the reference, most preferred first. */
    private List<Backend> byPreference() {
        List<Backend> others = new ArrayList<>();
        for (Backend b : byName.values()) {
            if (b != reference) {
                others.add(b);
            }
        }
        others.sort(Comparator.comparingInt(Backend::autoPreference).reversed());
        return others;
    }

    /** "a, b or c". */
    static String orList(List<String> items) {
        if (items.size() == 1) {
            return items.getFirst();
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " or " + items.getLast();
    }

    /**
     * A chosen backend with its options: {@link #backend()} computes (under {@code check}, the
     * candidate, compared with {@link #reference()} in {@link #open}).
     */
    public static final class Choice {

        private final String option;
        private final Backend backend;
        private final Backend reference;
        private final Backend fallback;
        private final BackendOptions options;
        private final String line;

        private Choice(String option, Backend backend, Backend reference, Backend fallback, BackendOptions options, String line) {
            this.option = option;
            this.backend = backend;
            this.reference = reference;
            this.fallback = fallback;
            this.options = options;
            this.line = line;
        }

        /** {@code backend} itself, as if asked for by name (for tests and embedding; nothing is probed). */
        public static Choice of(Backend backend, BackendOptions options) {
            return new Choice("--device", backend, null, null, options, "device: " + backend.device());
        }

        /** The backend that computes. */
        public Backend backend() {
            return backend;
        }

        /** Under {@code check}, the reference it is compared with; else null. */
        public Backend reference() {
            return reference;
        }

        public BackendOptions options() {
            return options;
        }

        /** One line for the user, e.g. {@code device: cpu (CUDA unavailable: ...)}. */
        public String line() {
            return line;
        }

        /**
         * An evaluator over {@code model} (for the calling thread; see {@link Evaluator}). Under
         * {@code check}, a {@link CheckEvaluator} over the reference's and the candidate's. A
         * backend that refuses ({@link UnusableBackendException}) stops the command when it was
         * asked for, and gives way to the reference, with a line on {@code notes}, under
         * {@code auto}. Free it with {@link Evaluator#free} when done.
         */
        public Evaluator open(NetworkModel model, PrintStream notes) {
            if (reference != null) {
                Evaluator ref = reference.open(model, options, notes);
                Evaluator candidate = open(backend, model, notes);
                double tolerance = backend.tolerance(options);
                return new CheckEvaluator(ref, candidate, tolerance, tolerance * CHECK_SCALE);
            }
            try {
                return backend.open(model, options, notes);
            } catch (UnusableBackendException e) {
                if (fallback == null) {
                    throw new UnusableBackendException(option + " " + backend.name() + ": " + e.getMessage(), e);
                }
                notes.println("device: " + fallback.device() + " (" + backend.name() + " refused: " + e.getMessage() + ")");
                return fallback.open(model, options, notes);
            }
        }

        private Evaluator open(Backend b, NetworkModel model, PrintStream notes) {
            try {
                return b.open(model, options, notes);
            } catch (UnusableBackendException e) {
                throw new UnusableBackendException(option + " check: " + b.name() + ": " + e.getMessage(), e);
            }
        }
    }
}
