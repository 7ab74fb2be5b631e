package g2048.cli;

import g2048.game.Shape;

/** Parses a {@code --shape} argument, turning a malformed shape into a one-line bad-input error. */
final class ShapeArgument {

    private ShapeArgument() {
    }

    static Shape parse(String text) {
        try {
            return Shape.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--shape: " + Errors.text(e));
        }
    }
}
