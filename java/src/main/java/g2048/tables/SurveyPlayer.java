package g2048.tables;

import g2048.player.Player;

/**
 * Another player, unchanged, whose every position is counted in a {@link FormationSurvey} before
 * it chooses: the survey sees exactly the positions that player's games reach.
 */
public final class SurveyPlayer implements Player {

    private final Player player;
    private final FormationSurvey survey;
    private FormationSurvey.Game game;

    public SurveyPlayer(Player player, FormationSurvey survey) {
        this.player = player;
        this.survey = survey;
    }

    @Override
    public int chooseMove(long board) {
        count(board);
        return player.chooseMove(board);
    }

    @Override
    public int chooseMove(long board, double[] values) {
        count(board);
        return player.chooseMove(board, values);
    }

    private void count(long board) {
        if (game == null) {
            game = survey.newGame(); // moves chosen outside a game started by a runner: one game
        }
        game.position(board);
    }

    @Override
    public void startGame(long gameSeed) {
        game = survey.newGame();
        player.startGame(gameSeed);
    }

    @Override
    public Player forThread() {
        return new SurveyPlayer(player.forThread(), survey);
    }

    @Override
    public String name() {
        return player.name();
    }
}
