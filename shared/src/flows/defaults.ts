import { LIMITS } from '../contracts/common';
import type { FlowGraph, FlowNode } from '../contracts/flows';

const { x, y } = LIMITS.defaultNodePosition;

/** The flow a new flow robot starts with, and can answer with at once: start → aiChat → end. */
export function newV3Flow(): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', position: { x, y }, data: {} },
      { id: 'aiChat', type: 'aiChat', position: { x, y: y + 150 }, data: {} },
      { id: 'end', type: 'end', position: { x, y: y + 300 }, data: {} },
    ],
    edges: [
      { id: 'edge_start', source: 'start', target: 'aiChat' },
      { id: 'edge_aiChat', source: 'aiChat', target: 'end' },
    ],
  };
}

/** The data a node of each type starts with in an editor (what it needs to be valid, or close to it). */
export function newNodeData(type: FlowNode['type']): FlowNode['data'] {
  switch (type) {
    case 'knowledgeSearch':
      return { datasetIds: [] };
    case 'dbQuery':
      return { databaseIds: [] };
    case 'classify':
      return { classes: [] };
    case 'condition':
      return { rules: [{ left: '{{start.question}}', operator: 'contains', right: '' }] };
    case 'setVariable':
      return { name: 'value', value: '' };
    case 'httpRequest':
      return { method: 'GET', url: 'https://' };
    case 'webReader':
      return { url: 'https://' };
    case 'formCollect':
      return { fields: [] };
    case 'reply':
      return { text: '' };
    default:
      return {};
  }
}
