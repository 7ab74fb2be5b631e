package g2048.game;

/** The four moves. Their ordinals (0..3) are used as move codes in arrays and files. */
public enum Direction {
    UP, RIGHT, DOWN, LEFT;

    /** All directions in ordinal order, without the allocation of {@link #values()}. */
    public static final Direction[] ALL = values();

    /** The letter of moves written as text: the name's first, U, R, D or L. */
    public char letter() {
        return name().charAt(0);
    }

    /** The direction for a letter U, R, D or L (either case). */
    public static Direction ofLetter(char letter) {
        for (Direction d : ALL) {
            if (d.letter() == Character.toUpperCase(letter)) {
                return d;
            }
        }
        throw new IllegalArgumentException("move '" + letter + "': expected one of U, R, D, L");
    }
}
