import type { Viewport } from 'reactflow';

/**
 * Past this many nodes the editor opens at full size on the start node instead of fitting the whole flow:
 * fitted, hundreds of nodes are too small to read, and only the nodes in view are drawn, so a large flow is
 * ready to edit at once. "Fit view" shows the whole flow on demand.
 */
export const FIT_ON_OPEN_MAX_NODES = 60;
/** What a node card measures before it is drawn (its smallest width, a two-line card's height). */
export const ESTIMATED_NODE_SIZE = { width: 180, height: 72 } as const;

/** Half a node card's width, and the room left above the start node, in pixels at zoom 1. */
const HALF_CARD = 90;
const TOP_MARGIN = 40;

/** The view a large flow opens with: zoom 1, the start node centred at the top of a canvas `width` wide. */
export function openingViewport(
  nodes: ReadonlyArray<{ type: string; position: { x: number; y: number } }>,
  width: number,
): Viewport {
  const start = nodes.find((node) => node.type === 'start') ?? nodes[0];
  if (!start) return { x: 0, y: 0, zoom: 1 };
  return { x: width / 2 - (start.position.x + HALF_CARD), y: TOP_MARGIN - start.position.y, zoom: 1 };
}
