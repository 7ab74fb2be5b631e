package g2048.eval;

import static g2048.settings.BadSetting.field;

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
 * The evaluator backends of one kind of model, by name: the one way every command (play, search,
 * training and its snapshot evaluation) gets its evaluators, as lc0's backend factory does. Besides
 * the backends' own names it takes
 * <ul>
 *   <li>{@code auto}: the available backend with the highest {@link EvaluatorBackend#autoPreference()},
 *       with a line saying what it chose and why not the others;
 *   <li>{@code check}: the reference (the CPU) and the preferred other available backend side by
 *       side ({@link CheckEvaluator}), every value compared within the second's
 *       {@link EvaluatorBackend#tolerance tolerance}; a difference beyond it stops the command.
 * </ul>
 * There is no silent fallback: an unknown name, or a backend that cannot run here, is a one-line
 * {@link IllegalArgumentException} (bad input on the command line); only {@code auto} moves on,
 * and says so.
 *
 * @param <M> what the backends open evaluators over
 * @param <B> the backends' type (a kind of backend may offer more than evaluators, e.g. training)
 */
public final class EvaluatorBackends<M, B extends EvaluatorBackend<M>> {

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
    private final Map<String, B> byName = new LinkedHashMap<>();
    private final B reference;

    /**
     * @param option   the field of a spec that names a backend, for messages (e.g. {@link #DEVICE})
     * @param backends distinct names, exactly one of them the reference
     */
    public EvaluatorBackends(String option, List<B> backends) {
        this.option = option;
        B ref = null;
        List<B> sorted = new ArrayList<>(backends);
        sorted.sort(Comparator.comparing(EvaluatorBackend::name));
        for (B b : sorted) {
            if (b.name().equals(AUTO) || b.name().equals(CHECK) || byName.putIfAbsent(b.name(), b) != null) {
                throw new IllegalStateException("evaluator backend name '" + b.name() + "' taken twice");
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

    /** The backends of type {@code service} on the class path ({@code META-INF/services/<service>}). */
    public static <M, B extends EvaluatorBackend<M>> EvaluatorBackends<M, B> load(Class<B> service, String option) {
        List<B> found = new ArrayList<>();
        ServiceLoader.load(service, service.getClassLoader()).forEach(found::add);
        return new EvaluatorBackends<>(option, found);
    }

    /** Every name {@link #choose} takes: auto, check, then the backends by name. */
    public List<String> names() {
        List<String> names = new ArrayList<>(List.of(AUTO, CHECK));
        names.addAll(byName.keySet());
        return names;
    }

    /** The backend of that name, or null. */
    public B backend(String name) {
        return byName.get(name);
    }

    /** The reference backend (the CPU). */
    public B reference() {
        return reference;
    }

    /**
     * The backend {@code name} asks for, with {@code options} checked: each given value against
     * the backends that declare its option, and a value only another backend honours refused
     * (or, under {@code auto}, noted on {@code notes} as unused). {@code auto} and {@code check}
     * print their choice on {@code notes}.
     */
    public Choice<M, B> choose(String name, BackendOptions options, PrintStream notes) {
        for (Map.Entry<String, String> e : options.given().entrySet()) {
            declaration(e.getKey()).parse(e.getValue());
        }
        String asked = name.toLowerCase(Locale.ROOT);
        Choice<M, B> c;
        if (asked.equals(AUTO)) {
            B best = reference;
            List<String> passed = new ArrayList<>();
            for (B b : byPreference()) {
                String why = b.unavailableReason();
                if (why == null) {
                    best = b;
                    break;
                }
                passed.add(why);
            }
            c = new Choice<>(option, best, null, best == reference ? null : reference, options,
                    "device: " + best.device() + (passed.isEmpty() ? "" : " (" + String.join("; ", passed) + ")"));
        } else if (asked.equals(CHECK)) {
            B candidate = null;
            List<String> passed = new ArrayList<>();
            for (B b : byPreference()) {
                String why = b.unavailableReason();
                if (why == null) {
                    candidate = b;
                    break;
                }
                passed.add(b.name() + ": " + why);
            }
            if (candidate == null) {
                throw new BadSetting(field(option), " check: compares " + reference.name()
                        + " with another backend, and none can run here" + (passed.isEmpty() ? "" : " (" + String.join("; ", passed) + ")"));
            }
            c = new Choice<>(option, candidate, reference, null, options, String.format(Locale.ROOT,
                    "device: check, %s against the reference %s (relative tolerance %.0e)", candidate.device(), reference.device(),
                    candidate.tolerance(options)));
        } else {
            B b = byName.get(asked);
            if (b == null) {
                throw new BadSetting(field(option), " " + name + ": expected " + orList(names()));
            }
            String why = b.unavailableReason();
            if (why != null) {
                throw new BadSetting(field(option), " " + b.name() + ": " + why);
            }
            c = new Choice<>(option, b, null, null, options, "device: " + b.device() + " (as asked)");
        }
        unused(c, asked.equals(AUTO), options, notes);
        if (asked.equals(AUTO) || asked.equals(CHECK)) {
            notes.println(c.line());
        }
        return c;
    }

    /** Options given with a value only other backends honour: an error when asked by name, a note under auto. */
    private void unused(Choice<M, B> c, boolean auto, BackendOptions options, PrintStream notes) {
        for (Map.Entry<String, String> e : options.given().entrySet()) {
            BackendOption o = declaration(e.getKey());
            String v = o.parse(e.getValue());
            if (!o.exclusive().contains(v) || c.backend().options().contains(o)) {
                continue;
            }
            List<String> takers = new ArrayList<>();
            for (B b : byName.values()) {
                if (b.options().contains(o)) {
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
        for (B b : byName.values()) {
            for (BackendOption o : b.options()) {
                if (o.name().equals(name)) {
                    return o;
                }
            }
        }
        throw new BadSetting(field(name), ": no backend here takes it (" + String.join(", ", byName.keySet()) + ")");
    }

    /** The backends other than the reference, most preferred first. */
    private List<B> byPreference() {
        List<B> others = new ArrayList<>();
        for (B b : byName.values()) {
            if (b != reference) {
                others.add(b);
            }
        }
        others.sort(Comparator.comparingInt((B b) -> b.autoPreference()).reversed());
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
     * Frees what an evaluator from {@link Choice#open} holds beyond the heap (a GPU's buffers), where
     * it holds any; evaluators over plain memory need nothing.
     */
    public static void close(Evaluator e) {
        if (e instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (RuntimeException ex) {
                throw ex;
            } catch (Exception ex) {
                throw new IllegalStateException("closing " + e.describe() + ": " + ex, ex);
            }
        }
    }

    /**
     * A chosen backend with its options: {@link #backend()} computes (under {@code check}, the
     * candidate, compared with {@link #reference()} in {@link #open}).
     */
    public static final class Choice<M, B extends EvaluatorBackend<M>> {

        private final String option;
        private final B backend;
        private final B reference;
        private final B fallback;
        private final BackendOptions options;
        private final String line;

        private Choice(String option, B backend, B reference, B fallback, BackendOptions options, String line) {
            this.option = option;
            this.backend = backend;
            this.reference = reference;
            this.fallback = fallback;
            this.options = options;
            this.line = line;
        }

        /** {@code backend} itself, as if asked for by name (for tests and embedding; nothing is probed). */
        public static <M, B extends EvaluatorBackend<M>> Choice<M, B> of(B backend, BackendOptions options) {
            return new Choice<>(DEVICE, backend, null, null, options, "device: " + backend.device());
        }

        /** The backend that computes. */
        public B backend() {
            return backend;
        }

        /** Under {@code check}, the reference it is compared with; else null. */
        public B reference() {
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
         * {@code auto}. Free it with {@link EvaluatorBackends#close} when done.
         */
        public Evaluator open(M model, PrintStream notes) {
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
                    throw new UnusableBackendException(new BadSetting(field(option), " " + backend.name() + ": " + e.getMessage()), e);
                }
                notes.println("device: " + fallback.device() + " (" + backend.name() + " refused: " + e.getMessage() + ")");
                return fallback.open(model, options, notes);
            }
        }

        private Evaluator open(B b, M model, PrintStream notes) {
            try {
                return b.open(model, options, notes);
            } catch (UnusableBackendException e) {
                throw new UnusableBackendException(new BadSetting(field(option), " check: " + b.name() + ": " + e.getMessage()), e);
            }
        }
    }
}
