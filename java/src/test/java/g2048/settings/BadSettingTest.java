package g2048.settings;

import static g2048.settings.BadSetting.field;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class BadSettingTest {

    @Test
    void namesEachFieldByItsNameAndRendersItForAFrontEnd() {
        BadSetting e = new BadSetting(field("lambda"), " 0.5: forward TD(λ) needs a horizon, ", field("steps"), " 2 or more");
        assertEquals("lambda 0.5: forward TD(λ) needs a horizon, steps 2 or more", e.getMessage());
        assertEquals("--lambda 0.5: forward TD(λ) needs a horizon, --N-STEP 2 or more",
                e.message(name -> name.equals("steps") ? "--N-STEP" : "--" + name));
    }

    @Test
    void aNestedSettingKeepsItsFieldsAndOtherCausesTheirText() {
        BadSetting inner = new BadSetting("plays at ", field("depth"), " 1 only");
        BadSetting outer = new BadSetting(field("models"), " m.g2n: ", BadSetting.reason(inner));
        assertEquals("<models> m.g2n: plays at <depth> 1 only", outer.message(n -> "<" + n + ">"));
        IOException io = new IOException("no such file");
        BadSetting caused = BadSetting.causedBy(io, field("db"), ": ", BadSetting.reason(io));
        assertEquals("db: no such file", caused.getMessage());
        assertSame(io, caused.getCause());
        assertEquals("null value: null", new BadSetting(field("null"), " value: ", null).getMessage());
    }
}
