package g2048.server;

import g2048.server.http.ClientText;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names a server answers to in a request's {@code Host}: its own addresses (the bound one; every
 * interface's when bound to all), {@code localhost}, and the names it was told to allow. A web page
 * can point a name of its own at 127.0.0.1 (DNS rebinding) and then read the server as its own site;
 * the browser still sends that name as {@code Host}, so a request naming another host is refused.
 * An IP literal is compared as an address, never looked up; a port is not compared.
 */
final class AllowedHosts {

    /** The name that allows every host (the check off). */
    static final String ANY = "*";

    private final Set<InetAddress> addresses = new HashSet<>();
    private final Set<String> names = new HashSet<>();
    private final boolean any;

    /** The hosts of a server bound to {@code bind}, and {@code allowed} names too ({@link #ANY}: every host). */
    AllowedHosts(InetAddress bind, List<String> allowed) {
        names.add("localhost");
        for (String n : allowed) {
            names.add(n.toLowerCase(Locale.ROOT));
        }
        any = names.contains(ANY);
        addresses.add(bind); // 0.0.0.0 too: a browser pointed at the address printed at the start sends it
        if (bind.isAnyLocalAddress()) {
            try {
                NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses).forEach(addresses::add);
            } catch (SocketException e) {
                // only the loopback addresses then
            }
        }
    }

    /** Whether a request whose {@code Host} is {@code host} (null: an HTTP/1.0 request without one) is answered. */
    boolean allows(String host) {
        if (any || host == null) {
            return true;
        }
        String h = host;
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            h = close < 0 ? h : h.substring(1, close);
        } else if (h.indexOf(':') >= 0) {
            h = h.substring(0, h.indexOf(':'));
        }
        h = h.toLowerCase(Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        if (names.contains(h)) {
            return true;
        }
        try {
            InetAddress a = InetAddress.ofLiteral(h);
            return a.isLoopbackAddress() || addresses.contains(a);
        } catch (IllegalArgumentException e) {
            return false; // a name, not allowed
        }
    }

    /** The error of a request naming {@code host}. */
    static String refusal(String host) {
        String name = host.startsWith("[") || host.indexOf(':') < 0 ? host : host.substring(0, host.indexOf(':'));
        return "header Host: \"" + ClientText.shorten(host) + "\" is not a name of this server (a page elsewhere may have"
                + " pointed that name here; start the server with --allow-host " + ClientText.shorten(name) + " to answer it)";
    }
}
