package g2048.nn;

import static g2048.settings.BadSetting.field;

import g2048.eval.Evaluator;
import g2048.settings.BadSetting;
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
 * It takes the backends' names, {@code check} among them (a {@link CheckBackend} it registers over
 * the others: the reference and the preferred other available backend side by side, every value
 * compared), and {@code auto}: the available backend with the highest
 * {@link Backend#autoPreference()}, with a line saying what it chose and why not the others.
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

    /** The field that names a backend in the engine's specs and messages. */
    public static final String DEVICE = "device";

    private final String option;
    private final Map<String, Backend> byName = new LinkedHashMap<>();
    private final Backend reference;

    /**
     * @param option   the field of a spec that names a backend, for messages (e.g. {@link #DEVICE})
     * @param backends distinct names, exactly one of them the reference
     */
    public Backends(String option, List<Backend> backends) {
        this.option = option;
        Backend ref = null;
        List<Backend> sorted = new ArrayList<>(backends);
        sorted.sort(Comparator.comparing(Backend::name));
        Map<String, Backend> given = new LinkedHashMap<>();
        for (Backend b : sorted) {
            if (b.name().equals(AUTO) || b.name().equals(CHECK) || given.putIfAbsent(b.name(), b) != null) {
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
            throw new IllegalStateException("no reference backend among " + given.keySet());
        }
        this.reference = ref;
        byName.put(CHECK, new CheckBackend(ref, byPreference(given.values())));
        byName.putAll(given);
    }

    private static final class Installed {
        static final Backends BACKENDS = load();

        private static Backends load() {
            List<Backend> found = new ArrayList<>();
            ServiceLoader.load(Backend.class, Backend.class.getClassLoader()).forEach(found::add);
            return new Backends(DEVICE, found);
        }
    }

    /** The backends on the class path ({@code META-INF/services/g2048.nn.Backend}): cpu, and cuda where the jar has it; found once per process. */
    public static Backends installed() {
        return Installed.BACKENDS;
    }

    /** Every name {@link #choose} takes: auto, check, then the other backends by name. */
    public List<String> names() {
        List<String> names = new ArrayList<>(List.of(AUTO));
        names.addAll(byName.keySet());
        return names;
    }

    /** Every name {@link #choosePolicyTraining} takes: auto, then the backends that run networks themselves, by name. */
    public List<String> policyTrainingNames() {
        List<String> names = new ArrayList<>(List.of(AUTO));
        for (Backend b : byName.values()) {
            if (!b.compares()) {
                names.add(b.name());
            }
        }
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
     * honours refused (or, under {@code auto}, noted on {@code notes} as unused). {@code auto}
     * prints its choice on {@code notes}, and so does a backend with a {@link Backend#choiceLine}.
     */
    public Choice choose(String name, BackendOptions options, PrintStream notes) {
        for (Map.Entry<String, String> e : options.given().entrySet()) {
            declaration(e.getKey()).parse(e.getValue());
        }
        boolean auto = name.toLowerCase(Locale.ROOT).equals(AUTO);
        Choice c;
        String said;
        if (auto) {
            List<String> passed = new ArrayList<>();
            Backend found = firstAvailable(byPreference(), false, passed);
            Backend best = found == null ? reference : found;
            c = new Choice(option, best, best == reference ? null : reference, options,
                    "device: " + best.device() + (passed.isEmpty() ? "" : " (" + String.join("; ", passed) + ")"));
            said = c.line();
        } else {
            Backend b = named(name, names());
            said = b.choiceLine(options);
            c = new Choice(option, b, null, options, said != null ? said : "device: " + b.device() + " (as asked)");
        }
        unused(c, auto, options, notes);
        if (said != null) {
            notes.println(said);
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

    /**
     * A policy network to play on the backend {@code name} asks for (auto or a backend's name): the
     * backends that play policy networks ({@link Backend#playsPolicy()}) are the ones it takes, and
     * {@code auto} the most preferred of them that runs here, the reference last.
     */
    public PolicyEvaluator openPolicy(String name, NetworkModel model) {
        List<String> accepted = new ArrayList<>(List.of(AUTO));
        List<Backend> candidates = byPreference();
        candidates.add(reference);
        candidates.removeIf(b -> !b.playsPolicy());
        candidates.forEach(b -> accepted.add(b.name()));
        Backend b = name.toLowerCase(Locale.ROOT).equals(AUTO) ? firstAvailable(candidates, true, new ArrayList<>())
                : named(name, accepted);
        return b.openPolicy(model);
    }

    /** The backend named (any case), available here, or bad input naming {@code accepted}. */
    private Backend named(String name, List<String> accepted) {
        Backend b = byName.get(name.toLowerCase(Locale.ROOT));
        if (b == null || !accepted.contains(b.name())) {
            throw new BadSetting(field(option), " " + name + ": expected " + orList(accepted));
        }
        String why = b.unavailableReason();
        if (why != null) {
            throw new BadSetting(field(option), " " + b.name() + ": " + why);
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
                if (!b.compares() && b.options().contains(o)) {
                    takers.add(b.name());
                }
            }
            if (!auto) {
                throw new BadSetting(field(o.name()), " " + v + ": ", field(option), " " + c.backend().name()
                        + " does not take it; it needs ", field(option), " " + orList(takers) + " (or auto where that runs)");
            }
            notes.println(o.name() + ": " + v + " unused (" + c.backend().name() + " runs the network)");
        }
    }

    private BackendOption declaration(String name) {
        for (Backend b : byName.values()) {
            if (b.compares()) {
                continue;
            }
            for (BackendOption o : b.options()) {
                if (o.name().equals(name)) {
                    return o;
                }
            }
        }
        throw new BadSetting(field(name), ": no backend here takes it (" + String.join(", ", given()) + ")");
    }

    /** The names of the backends that run networks themselves (all but {@code check}). */
    private List<String> given() {
        return policyTrainingNames().subList(1, policyTrainingNames().size());
    }

    /** The backends other than the reference (and {@code check}), most preferred first. */
    private List<Backend> byPreference() {
        return byPreference(byName.values());
    }

    private List<Backend> byPreference(java.util.Collection<Backend> backends) {
        List<Backend> others = new ArrayList<>();
        for (Backend b : backends) {
            if (b != reference && !b.compares()) {
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
     * A chosen backend with its options: {@code backend} computes ({@code check}: the two it
     * compares); under {@code auto}, {@code fallback} (the reference) takes over when it refuses;
     * {@code line} says what was chosen; {@code option} is the field that named it, for messages.
     */
    public record Choice(String option, Backend backend, Backend fallback, BackendOptions options, String line) {

        /** {@code backend} itself, as if asked for by name (for tests and embedding; nothing is probed). */
        public static Choice of(Backend backend, BackendOptions options) {
            return new Choice(DEVICE, backend, null, options, "device: " + backend.device());
        }

        /**
         * An evaluator over {@code model} (for the calling thread; see {@link Evaluator}). A
         * backend that refuses ({@link UnusableBackendException}) stops the command when it was
         * asked for, and gives way to the reference, with a line on {@code notes}, under
         * {@code auto}. Free it with {@link Evaluator#free} when done.
         */
        public Evaluator open(NetworkModel model, PrintStream notes) {
            try {
                return backend.open(model, options, notes);
            } catch (UnusableBackendException e) {
                if (fallback == null) {
                    throw new UnusableBackendException(new BadSetting(field(option), " " + backend.name() + ": " + e.getMessage()), e);
                }
                notes.println("device: " + fallback.device() + " (" + backend.name() + " refused: " + e.getMessage() + ")");
                return fallback.open(model, options, notes);
            }
        }
    }
}
