import { Canvas } from '@antv/g';
import { Renderer } from '@antv/g-canvas';
import { Chart, type G2Spec } from '@antv/g2';
import type { Theme } from '@flotilla/shared';

/** Pixels per CSS pixel of the drawing, and so of the exported PNG (product rule: pixel ratio 2). */
export const CHART_PIXEL_RATIO = 2;

/** A chart drawn into a container: redrawn with new data or theme, resized, exported. */
export type DrawnChart = {
  draw(spec: G2Spec, theme: Theme): Promise<void>;
  resize(width: number, height: number): Promise<void>;
  /** The chart as a PNG data URL, CHART_PIXEL_RATIO pixels per CSS pixel. */
  toPng(): Promise<string>;
  destroy(): void;
};

/**
 * Draws with G2 on a G canvas of our own: G2's own canvas takes the screen's pixel ratio, and the export
 * must be at 2 on every screen.
 */
export function createChart(container: HTMLElement, width: number, height: number): DrawnChart {
  const canvas = new Canvas({
    container,
    width,
    height,
    renderer: new Renderer(),
    devicePixelRatio: CHART_PIXEL_RATIO,
  });
  const chart = new Chart({ canvas, width, height });
  let size = { width, height };
  return {
    async draw(spec, theme) {
      chart.options({
        ...spec,
        width: size.width,
        height: size.height,
        theme: { type: theme === 'dark' ? 'classicDark' : 'classic' },
      } as G2Spec);
      await chart.render();
    },
    async resize(nextWidth, nextHeight) {
      if (nextWidth === size.width && nextHeight === size.height) return;
      size = { width: nextWidth, height: nextHeight };
      canvas.resize(nextWidth, nextHeight);
      await chart.changeSize(nextWidth, nextHeight);
    },
    toPng: () => canvas.getContextService().toDataURL({ type: 'image/png' }),
    // G2 destroys the canvas it was given with the chart.
    destroy: () => chart.destroy(),
  };
}
