import { describe, expect, it } from 'vitest';
import { openingViewport } from '../lib/opening-viewport';

describe('the view a large flow opens with', () => {
  it('centres the start node at the top of the canvas, at full size', () => {
    const nodes = [
      { type: 'reply', position: { x: 900, y: 900 } },
      { type: 'start', position: { x: 400, y: -140 } },
    ];
    // 1200 px wide: the start card (180 px) centred → its left edge at 510 px on screen, 40 px from the top.
    expect(openingViewport(nodes, 1200)).toEqual({ x: 1200 / 2 - (400 + 90), y: 40 + 140, zoom: 1 });
  });

  it('falls back to the first node, or the origin of an empty flow', () => {
    expect(openingViewport([{ type: 'reply', position: { x: 0, y: 0 } }], 400)).toEqual({ x: 110, y: 40, zoom: 1 });
    expect(openingViewport([], 400)).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
