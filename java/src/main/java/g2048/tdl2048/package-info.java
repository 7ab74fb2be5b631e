/**
 * Reading the weight files of TDL2048+ (Hung Guei and I-Chen Wu), the engine behind the strongest
 * published learned players: its networks as g2048 specs and stages ({@link g2048.tdl2048.Tdl2048Network}),
 * its {@code .w} files ({@code Tdl2048WeightFile}), the model they hold ({@link g2048.tdl2048.Tdl2048Import})
 * and a check of that model against values TDL2048 computed ({@link g2048.tdl2048.Tdl2048Check}).
 *
 * <p>Depends on {@code ntuple}, {@code game} and {@code files}.
 */
package g2048.tdl2048;
