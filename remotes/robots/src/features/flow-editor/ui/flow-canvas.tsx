import 'reactflow/dist/style.css';
import './flow-canvas.css';
import { ERROR_HANDLE, OTHER_CLASS_HANDLE, useT, type FlowEdge } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import ReactFlow, { Background, Controls, MiniMap, useReactFlow, type Viewport } from 'reactflow';
import { createNodeMapper, toCanvasEdges, type EdgeLook } from '../lib/canvas-mapping';
import { ESTIMATED_NODE_SIZE, FIT_ON_OPEN_MAX_NODES, openingViewport } from '../lib/opening-viewport';
import {
  $graph,
  $issues,
  $selectedEdges,
  $selectedNodes,
  $sizes,
  $traceStatus,
  edgesChanged,
  handlesConnected,
  nodeAdded,
  nodeDragStarted,
  nodesChanged,
} from '../flow-editor.model';
import { CANVAS_NODE_TYPES } from './canvas-node-types';
import { NODE_LOOKS } from './node-look';
import { droppedNodeType, PALETTE_MIME } from './palette-mime';

const minimapColor = (node: { type?: string }) =>
  NODE_LOOKS[node.type as keyof typeof NODE_LOOKS]?.color ?? 'var(--semi-color-fill-2)';

/**
 * The flow drawn with reactflow: nodes and edges from the model (reactflow only reports what the user
 * does), palette items dropped where they fall, minimap, zoom controls. Only the visible elements are
 * drawn, so a flow of hundreds of nodes stays smooth.
 */
export function FlowCanvas({ onlyRenderVisibleElements = true }: { onlyRenderVisibleElements?: boolean }) {
  const t = useT();
  const m = useUnit({
    graph: $graph,
    selectedNodes: $selectedNodes,
    selectedEdges: $selectedEdges,
    issues: $issues,
    status: $traceStatus,
    sizes: $sizes,
    nodesChanged,
    edgesChanged,
    connected: handlesConnected,
    dragStarted: nodeDragStarted,
    added: nodeAdded,
  });
  const { screenToFlowPosition } = useReactFlow();
  // How the canvas opens, decided once: a small flow fitted, a large one at full size on its start node
  // (the canvas's width is read before reactflow's first render, so nothing is drawn at the wrong place).
  const container = useRef<HTMLDivElement>(null);
  const [opening, setOpening] = useState<{ fit: true } | { viewport: Viewport } | undefined>();
  const nodeCount = m.graph.nodes.length;
  const openingNodes = useRef(m.graph.nodes);
  useLayoutEffect(() => {
    if (opening) return;
    const large = nodeCount > FIT_ON_OPEN_MAX_NODES;
    setOpening(
      large
        ? { viewport: openingViewport(openingNodes.current, container.current?.clientWidth ?? 800) }
        : { fit: true },
    );
  }, [opening, nodeCount]);
  const mapNodes = useMemo(createNodeMapper, []);
  const selectedNodeSet = useMemo(() => new Set(m.selectedNodes), [m.selectedNodes]);
  const selectedEdgeSet = useMemo(() => new Set(m.selectedEdges), [m.selectedEdges]);
  const nodes = useMemo(
    () =>
      mapNodes(m.graph.nodes, {
        selected: selectedNodeSet,
        issues: m.issues.byNode,
        status: m.status,
        sizes: m.sizes,
        ...(opening && 'viewport' in opening ? { estimate: ESTIMATED_NODE_SIZE } : {}),
      }),
    [mapNodes, m.graph.nodes, selectedNodeSet, m.issues, m.status, m.sizes, opening],
  );
  const edges = useMemo(() => {
    const byId = new Map(m.graph.nodes.map((node) => [node.id, node]));
    const look = (edge: FlowEdge): EdgeLook => {
      const handle = edge.sourceHandle;
      if (handle === undefined) return { failure: false };
      if (handle === ERROR_HANDLE) return { label: t('robots.flowEditor.handle.error'), failure: true };
      if (handle === OTHER_CLASS_HANDLE) return { label: t('robots.flowEditor.handle.else'), failure: false };
      if (handle === 'true' || handle === 'false')
        return { label: t(`robots.flowEditor.handle.${handle}`), failure: false };
      const source = byId.get(edge.source);
      const name = source?.type === 'classify' ? source.data.classes.find((c) => c.id === handle)?.name : undefined;
      return { label: name ?? handle, failure: false };
    };
    return toCanvasEdges(m.graph.edges, selectedEdgeSet, look);
  }, [m.graph.edges, m.graph.nodes, selectedEdgeSet, t]);

  const { added } = m;
  const onDragOver = useCallback((event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = droppedNodeType(event.dataTransfer.getData(PALETTE_MIME));
      if (!type) return;
      event.preventDefault();
      added({ type, position: screenToFlowPosition({ x: event.clientX, y: event.clientY }) });
    },
    [added, screenToFlowPosition],
  );

  return (
    <div ref={container} className="flow-canvas" style={{ width: '100%', height: '100%' }} data-testid="flow-canvas">
      {opening && (
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={CANVAS_NODE_TYPES}
          onNodesChange={m.nodesChanged}
          onEdgesChange={m.edgesChanged}
          onConnect={m.connected}
          onNodeDragStart={m.dragStarted}
          onDrop={onDrop}
          onDragOver={onDragOver}
          deleteKeyCode={null}
          selectNodesOnDrag={false}
          onlyRenderVisibleElements={onlyRenderVisibleElements}
          minZoom={0.1}
          maxZoom={2}
          {...('fit' in opening ? { fitView: true } : { defaultViewport: opening.viewport })}
        >
          <Background gap={20} />
          <MiniMap pannable zoomable nodeColor={minimapColor} ariaLabel={t('robots.flowEditor.minimap')} />
          <Controls showInteractive={false} />
        </ReactFlow>
      )}
    </div>
  );
}
