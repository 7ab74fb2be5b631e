/**
 * Bad settings in the engine's own words, depending on nothing: {@link g2048.settings.BadSetting}
 * names the field of a typed spec at fault ({@code depth}, {@code nStep}), and a front end (the
 * command line, the server) renders the field under its own name for it; {@link g2048.settings.Numbers}
 * reads the numbers users type, the same strict way for every front end.
 */
package g2048.settings;
