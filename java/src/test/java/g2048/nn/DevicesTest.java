package g2048.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

class DevicesTest {

    @Test
    void autoSaysItChoseTheCpuAndCudaIsRefusedClearly() {
        ByteArrayOutputStream notes = new ByteArrayOutputStream();
        PrintStream p = new PrintStream(notes, true);
        assertEquals("cpu", Devices.resolve("cpu", p));
        assertEquals("", notes.toString());
        assertEquals("cpu", Devices.resolve("auto", p));
        assertTrue(notes.toString().contains("chose cpu"), notes.toString());
        IllegalArgumentException cuda = assertThrows(IllegalArgumentException.class, () -> Devices.resolve("cuda", p));
        assertTrue(cuda.getMessage().contains("does not drive the GPU trainer yet"), cuda.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Devices.resolve("tpu", p));
    }
}
