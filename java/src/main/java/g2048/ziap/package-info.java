/**
 * Reading and writing the weights of ziap's 2048-tdl (Zap, MIT licence), a small C++ engine whose 4×6
 * network, trained by backward TD(λ) with temporal coherence and restarts, is a public reference for the
 * late game: its networks ({@link g2048.ziap.ZiapStructure}), its raw weight and accumulator files as
 * g2048 models ({@link g2048.ziap.ZiapImport}), and g2048 models written back as those files
 * ({@link g2048.ziap.ZiapExport}), so that a run of it can be kept in a compact checkpoint and continued.
 *
 * <p>Depends on {@code tdl2048} (the pattern notation and table copy both engines share), {@code ntuple},
 * {@code game} and {@code files}.
 */
package g2048.ziap;
