package g2048.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Moves;
import g2048.game.Rng;
import g2048.game.Shape;
import g2048.game.Spawns;
import g2048.nn.Adam;
import g2048.nn.BoardOrientation;
import g2048.play.PlayerKind;
import g2048.play.PlayerSpec;
import g2048.play.Players;
import g2048.player.Player;
import g2048.search.SearchConfig;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped policy network: on the class path (the models jar) it is the file in {@code models/},
 * bit for bit, records the orientation it was trained with, and is the policy player's default; a
 * damaged or missing resource is refused in one line naming it.
 */
class ShippedPolicyTest {

    private static final Path FILE = Path.of("..", "models", PolicyFile.DEFAULT_MODEL);

    @TempDir
    Path dir;

    @Test
    void theShippedNetworkOnTheClassPathIsTheFileInTheRepository() throws IOException {
        assertTrue(PolicyFile.defaultAvailable(), "the test class path holds io.g2048:g2048-models");
        PolicyModel shipped = PolicyFile.loadDefault();
        PolicyModel onDisk = PolicyFile.load(FILE, Adam.ALPHA);
        assertEquals(onDisk.spec(), shipped.spec());
        assertEquals(onDisk.spec().text(), shipped.spec().text());
        assertArrayEquals(onDisk.weights(), shipped.weights());
        assertEquals(onDisk.positions(), shipped.positions());
        assertEquals("POLICY5", shipped.spec().name());
        assertEquals(832_612, shipped.weights().length);
        // the file says how boards are turned, so play needs no option for it
        assertEquals(BoardOrientation.CORNER, shipped.spec().orientation());
        assertNull(shipped.adam(), "a network saved for play carries no optimiser state");
        assertArrayEquals(onDisk.weights(), PolicyFile.loadOrDefault(null).weights());
    }

    @Test
    void thePolicyPlayerWithoutAModelPlaysTheShippedNetwork() {
        Player shipped = Players.create(PlayerSpec.of(PlayerKind.POLICY), Shape.S4x4, SearchConfig.ofDepth(1));
        Player named = Players.create(PlayerSpec.of(PlayerKind.POLICY).withModel(FILE), Shape.S4x4, SearchConfig.ofDepth(1));
        assertEquals("policy POLICY5 (shipped policy5.g2pn), greedy", shipped.name());
        assertEquals("policy POLICY5 (policy5.g2pn), greedy", named.name());
        PolicyPlayer a = (PolicyPlayer) shipped;
        PolicyPlayer b = (PolicyPlayer) named;
        Moves moves = Moves.of(Shape.S4x4);
        Rng rng = new Rng(17);
        long board = Spawns.initial(Shape.S4x4, rng);
        for (int n = 0; n < 100; n++) {
            int m = a.chooseMove(board);
            assertEquals(b.chooseMove(board), m);
            assertArrayEquals(b.probabilities(board), a.probabilities(board));
            if (m < 0) {
                board = Spawns.initial(Shape.S4x4, rng);
            } else {
                board = Spawns.spawn(moves.move(board, m), Shape.S4x4, rng);
            }
        }
    }

    @Test
    void aDamagedOrMissingResourceIsRefusedNamingIt() throws IOException {
        Path res = dir.resolve("g2048/models");
        Files.createDirectories(res);
        byte[] bytes = Files.readAllBytes(FILE);
        bytes[bytes.length / 2] ^= 0x04;
        Files.write(res.resolve(PolicyFile.DEFAULT_MODEL), bytes);
        Files.write(res.resolve("short.g2pn"), new byte[10]);
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            IllegalArgumentException damaged = assertThrows(IllegalArgumentException.class,
                    () -> PolicyFile.loadResource(loader, PolicyFile.DEFAULT_RESOURCE));
            assertEquals("classpath:g2048/models/policy5.g2pn: SHA-256 checksum mismatch (the file is damaged)", damaged.getMessage());
            IllegalArgumentException shortOne = assertThrows(IllegalArgumentException.class,
                    () -> PolicyFile.loadResource(loader, "g2048/models/short.g2pn"));
            assertTrue(shortOne.getMessage().startsWith("classpath:g2048/models/short.g2pn: too short"), shortOne.getMessage());
            IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                    () -> PolicyFile.loadResource(loader, "g2048/models/none.g2pn"));
            assertTrue(missing.getMessage().startsWith("classpath:g2048/models/none.g2pn: not on the class path"), missing.getMessage());
        }
    }
}
