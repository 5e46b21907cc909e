import { describe, expect, it } from 'vitest';
import { FLOW_LIMITS } from '@flotilla/shared';
import { validateFlow } from '@flotilla/shared/flows';
import {
  issuesOfDetail,
  moveStep,
  newStep,
  saveBody,
  sameSteps,
  starterSteps,
  stepIssues,
  stepsOfGraph,
  variablesBefore,
  withVariable,
  type V1Step,
} from '../lib/steps';

const steps: V1Step[] = [
  { id: 's1', type: 'knowledgeSearch', position: { x: 0, y: 0 }, data: { datasetIds: ['d1'] } },
  { id: 'a1', type: 'aiChat', position: { x: 0, y: 0 }, data: {} },
  {
    id: 'c1',
    type: 'classify',
    position: { x: 0, y: 0 },
    data: { classes: [{ id: 'k1', name: 'Refunds', examples: [], reply: 'See {{a1.answer}}' }] },
  },
];

describe('v1 steps', () => {
  it('save as a column of nodes without edges, in order', () => {
    const body = saveBody(steps);
    expect(body.version).toBe('v1');
    expect(body.edges).toEqual([]);
    expect(body.nodes.map((node) => node.position)).toEqual([
      { x: 200, y: 200 },
      { x: 200, y: 350 },
      { x: 200, y: 500 },
    ]);
    expect(validateFlow('v1', body)).toMatchObject({ ok: true });
    expect(stepIssues(steps)).toEqual([]);
  });

  it('move within the list only, and compare by what they save', () => {
    expect(moveStep(steps, 'a1', -1).map((step) => step.id)).toEqual(['a1', 's1', 'c1']);
    expect(moveStep(steps, 's1', -1).map((step) => step.id)).toEqual(['s1', 'a1', 'c1']);
    expect(moveStep(steps, 'c1', 1).map((step) => step.id)).toEqual(['s1', 'a1', 'c1']);
    expect(sameSteps(steps, moveStep(steps, 'c1', 1))).toBe(true);
    expect(sameSteps(steps, moveStep(steps, 'a1', 1))).toBe(false);
  });

  it('start with a search then an answer, new ids never taken, and are checked like the server does', () => {
    const [search, answer] = starterSteps();
    expect([search!.type, answer!.type]).toEqual(['knowledgeSearch', 'aiChat']);
    const added = newStep('reply', steps);
    expect(steps.map((step) => step.id)).not.toContain(added.id);
    // A new search has no dataset yet; a new reply no text.
    expect(stepIssues([search!, added]).map((issue) => [issue.nodeId, issue.field])).toEqual([
      [search!.id, 'datasetIds'],
      [added.id, 'text'],
    ]);
  });

  it('read a 422 by node id (flow checks) or by index (schema checks)', () => {
    const issues = issuesOfDetail(
      [
        { loc: ['body', 'nodes', 'c1', 'classes', '0', 'name'], msg: 'too long', type: 'flow.invalid' },
        { loc: ['body', 'nodes', 1, 'data', 'prompt'], msg: 'too long', type: 'value_error' },
        { loc: ['body', 'nodes'], msg: 'needs a step', type: 'flow.noSteps' },
      ],
      steps,
    );
    expect(issues).toEqual([
      { code: 'invalid', nodeId: 'c1', field: 'classes', path: ['classes', '0', 'name'], detail: 'too long' },
      { code: 'invalid', nodeId: 'a1', field: 'prompt', path: ['prompt'], detail: 'too long' },
      { code: 'noSteps', field: 'nodes', path: [], detail: 'needs a step' },
    ]);
  });

  it('offer the question and the outputs of earlier steps only', () => {
    expect(variablesBefore(steps, 0).map((variable) => variable.value)).toEqual(['{{start.question}}']);
    expect(variablesBefore(steps, 2).map((variable) => variable.value)).toEqual([
      '{{start.question}}',
      '{{s1.text}}',
      '{{s1.count}}',
      '{{a1.answer}}',
    ]);
  });

  it('insert a variable with a space, never past the limit of a text', () => {
    expect(withVariable('', '{{start.question}}')).toBe('{{start.question}}');
    expect(withVariable('Hi', '{{start.question}}')).toBe('Hi {{start.question}}');
    expect(withVariable('Hi ', '{{start.question}}')).toBe('Hi {{start.question}}');
    const full = 'x'.repeat(FLOW_LIMITS.text - 3);
    expect(withVariable(full, '{{start.question}}')).toBe(full);
  });

  it('leave out nodes that are no step', () => {
    const graph = { nodes: [...steps, { id: 'e', type: 'end', position: { x: 0, y: 0 }, data: {} }] };
    expect(stepsOfGraph(graph).map((step) => step.id)).toEqual(['s1', 'a1', 'c1']);
  });
});
