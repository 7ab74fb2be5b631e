package g2048.cli;

import g2048.game.BoardText;

/** Parses a {@code --board} argument, turning a malformed board into a one-line bad-input error. */
final class BoardArgument {

    private BoardArgument() {
    }

    static BoardText.Parsed parse(String text) {
        try {
            return BoardText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new Errors.BadInput("--board: " + Errors.text(e));
        }
    }
}
