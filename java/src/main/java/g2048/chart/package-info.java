/**
 * Line charts drawn with the JDK alone (java.awt and ImageIO): the learning curves of training and
 * the per-age counts of a solve are written as PNG files beside their CSV files, with no plotting
 * library in the engine's dependencies. Depends on nothing else in the engine.
 */
package g2048.chart;
