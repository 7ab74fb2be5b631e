/**
 * Reading the weights of ziap's 2048-tdl (Zap, MIT licence), a small C++ engine whose 4×6 network,
 * trained by backward TD(λ) with temporal coherence and restarts, is a public reference for the late
 * game: its networks ({@link g2048.ziap.ZiapStructure}) and its raw weight files as g2048 models
 * ({@link g2048.ziap.ZiapImport}).
 *
 * <p>Depends on {@code tdl2048} (the pattern notation and table copy both engines share), {@code ntuple},
 * {@code game} and {@code files}.
 */
package g2048.ziap;
