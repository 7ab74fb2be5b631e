package g2048.policy;

import static g2048.settings.BadSetting.field;

import g2048.settings.BadSetting;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * The {@link PolicyDevice}s on the class path, by name, and {@code auto}: the available one with
 * the highest preference, with a line saying what it chose and why not the others. A device asked
 * for by name that cannot run here is an error naming {@code --device} and the reason: there is no
 * silent fallback.
 */
public final class PolicyDevices {

    public static final String AUTO = "auto";

    private final List<PolicyDevice> devices;

    /** @param devices distinct names, one of them {@link CpuPolicyDevice#NAME} */
    public PolicyDevices(List<PolicyDevice> devices) {
        List<PolicyDevice> sorted = new ArrayList<>(devices);
        sorted.sort(Comparator.comparing(PolicyDevice::name));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).name().equals(sorted.get(i - 1).name()) || sorted.get(i).name().equals(AUTO)) {
                throw new IllegalStateException("policy device name '" + sorted.get(i).name() + "' taken twice");
            }
        }
        if (sorted.stream().noneMatch(d -> d.name().equals(CpuPolicyDevice.NAME))) {
            throw new IllegalStateException("no cpu policy device among " + sorted.stream().map(PolicyDevice::name).toList());
        }
        this.devices = List.copyOf(sorted);
    }

    private static final class Installed {
        static final PolicyDevices DEVICES = load();

        private static PolicyDevices load() {
            List<PolicyDevice> found = new ArrayList<>();
            ServiceLoader.load(PolicyDevice.class, PolicyDevice.class.getClassLoader()).forEach(found::add);
            return new PolicyDevices(found);
        }
    }

    /** The devices on the class path ({@code META-INF/services/g2048.policy.PolicyDevice}), found once per process. */
    public static PolicyDevices installed() {
        return Installed.DEVICES;
    }

    /** Every name {@link #choose} takes: auto, then the devices. */
    public List<String> names() {
        List<String> names = new ArrayList<>(List.of(AUTO));
        devices.forEach(d -> names.add(d.name()));
        return names;
    }

    /**
     * The device {@code name} asks for; {@code auto} prints its choice and the reasons it passed
     * the others over on {@code notes}. Throws {@link IllegalArgumentException} naming
     * {@code --device} for an unknown name or a device that cannot run here.
     */
    public PolicyDevice choose(String name, PrintStream notes) {
        String asked = name.toLowerCase(Locale.ROOT);
        if (asked.equals(AUTO)) {
            List<PolicyDevice> byPreference = new ArrayList<>(devices);
            byPreference.sort(Comparator.comparingInt(PolicyDevice::autoPreference).reversed());
            List<String> passed = new ArrayList<>();
            for (PolicyDevice d : byPreference) {
                String why = d.unavailableReason();
                if (why == null) {
                    notes.println("device: " + d.describe() + " (auto" + (passed.isEmpty() ? "" : "; " + String.join("; ", passed)) + ")");
                    return d;
                }
                passed.add(d.name() + ": " + why);
            }
            throw new IllegalStateException("no policy device can run here: " + String.join("; ", passed));
        }
        for (PolicyDevice d : devices) {
            if (d.name().equals(asked)) {
                String why = d.unavailableReason();
                if (why != null) {
                    throw new BadSetting(field("device"), " " + d.name() + ": " + why);
                }
                return d;
            }
        }
        List<String> names = names();
        throw new BadSetting(field("device"), " " + name + ": expected " + String.join(", ", names.subList(0, names.size() - 1))
                + " or " + names.getLast());
    }
}
