import { allSettled, fork } from 'effector';
import { newV3Flow } from '@flotilla/shared/flows';
import { describe, expect, it } from 'vitest';
import { $doc, $graph, $selectedEdges, $selectedNodes, deleteClicked, nodesChanged } from '../flow-editor.model';
import { openDoc } from '../lib/history';

describe('deleting the selection', () => {
  it('removes the selected nodes with their edges, keeps the start, then clears the selection', async () => {
    const scope = fork({ values: [[$doc, openDoc(newV3Flow())]] });
    await allSettled(nodesChanged, {
      scope,
      params: [
        { type: 'select', id: 'aiChat', selected: true },
        { type: 'select', id: 'start', selected: true },
      ],
    });
    await allSettled(deleteClicked, { scope });
    expect(scope.getState($graph).nodes.map((node) => node.id)).toEqual(['start', 'end']);
    expect(scope.getState($graph).edges).toEqual([]);
    expect(scope.getState($selectedNodes)).toEqual([]);
    expect(scope.getState($selectedEdges)).toEqual([]);
  });
});
