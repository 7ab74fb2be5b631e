/**
 * Bad settings in the engine's own words, depending on nothing: {@link g2048.settings.BadSetting}
 * names the field of a typed spec at fault ({@code depth}, {@code nStep}), and a front end (the
 * command line, the server) renders the field under its own name for it.
 */
package g2048.settings;
