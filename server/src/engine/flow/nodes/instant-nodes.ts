import { renderTemplate } from '@flotilla/shared/flows';
import { ruleHolds } from '../conditions';
import type { InstantNode } from '../node-types';

export const startNode: InstantNode<'start'> = (_node, _scope, run) => ({
  input: {},
  output: { question: run.question },
});

export const endNode: InstantNode<'end'> = () => ({ input: {}, output: {} });

export const replyNode: InstantNode<'reply'> = (node, scope) => {
  const text = renderTemplate(node.data.text, scope);
  return { input: { text: node.data.text }, output: { text }, say: text };
};

export const setVariableNode: InstantNode<'setVariable'> = (node, scope, run) => {
  const value = renderTemplate(node.data.value, scope);
  run.state.variables[node.data.name] = value;
  return { input: { name: node.data.name, value: node.data.value }, output: { value } };
};

export const conditionNode: InstantNode<'condition'> = (node, scope) => {
  const rules = node.data.rules.map((rule) => {
    const left = renderTemplate(rule.left, scope);
    const right = renderTemplate(rule.right ?? '', scope);
    return { left, operator: rule.operator, right, holds: ruleHolds(rule.operator, left, right) };
  });
  const result = node.data.match === 'any' ? rules.some((r) => r.holds) : rules.every((r) => r.holds);
  return { input: { rules, match: node.data.match ?? 'all' }, output: { result }, handle: String(result) };
};
