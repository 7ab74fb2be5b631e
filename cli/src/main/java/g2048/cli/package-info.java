/**
 * The command line: {@link g2048.cli.Main} and one class per subcommand. It sits on top of every
 * other package and holds no engine logic of its own: it parses, validates, calls and prints.
 * Players are built by {@link g2048.play.Players} from the {@link g2048.play.PlayerSpec} that
 * the player options parse into. The engine names a refused setting by its field
 * ({@link g2048.settings.BadSetting}); {@code Errors} prints it as the option that sets it.
 */
package g2048.cli;
