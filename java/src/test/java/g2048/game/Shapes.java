package g2048.game;

import java.util.stream.Stream;

/** Every shape the engine supports, for parameterised tests. */
public final class Shapes {

    private Shapes() {
    }

    public static Stream<Shape> all() {
        Stream.Builder<Shape> b = Stream.builder();
        for (int r = 2; r <= 4; r++) {
            for (int c = 2; c <= 4; c++) {
                b.add(new Shape(r, c));
            }
        }
        return b.build();
    }
}
