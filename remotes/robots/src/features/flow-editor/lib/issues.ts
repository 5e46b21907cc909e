import type { FlowIssue } from '@flotilla/shared/flows';

/** A problem shown on a node (or on the whole flow): what is wrong and in which field. */
export type NodeIssue = { code: string; field: string };

/** A flow's problems as the editor shows them: by node, and those of the whole graph. */
export type IssueMap = { byNode: ReadonlyMap<string, NodeIssue[]>; graph: NodeIssue[]; total: number };

export const NO_ISSUES: IssueMap = { byNode: new Map(), graph: [], total: 0 };

function collect(entries: Array<{ nodeId?: string; issue: NodeIssue }>): IssueMap {
  if (entries.length === 0) return NO_ISSUES;
  const byNode = new Map<string, NodeIssue[]>();
  const graph: NodeIssue[] = [];
  for (const { nodeId, issue } of entries) {
    if (nodeId === undefined) graph.push(issue);
    else byNode.set(nodeId, [...(byNode.get(nodeId) ?? []), issue]);
  }
  return { byNode, graph, total: entries.length };
}

/** The issues `validateFlow` found (an edge's issue counts for the whole flow). */
export function issuesFromCheck(issues: readonly FlowIssue[]): IssueMap {
  return collect(issues.map(({ nodeId, code, field }) => ({ nodeId, issue: { code, field } })));
}

/**
 * The issues of a save's 422: `detail[].loc` is `['body', 'nodes', nodeId, field, …]` and `type`
 * `flow.<code>`. Anything else in the body counts as one problem of the whole flow.
 */
export function issuesFromDetail(body: unknown): IssueMap {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return collect([{ issue: { code: 'invalid', field: '' } }]);
  return collect(
    detail.map((entry: { loc?: unknown; type?: unknown }) => {
      const loc = Array.isArray(entry?.loc) ? entry.loc.map(String) : [];
      const code = typeof entry?.type === 'string' && entry.type.startsWith('flow.') ? entry.type.slice(5) : 'invalid';
      const onNode = loc[1] === 'nodes' && loc[2] !== undefined;
      return { nodeId: onNode ? loc[2] : undefined, issue: { code, field: onNode ? (loc[3] ?? '') : (loc[1] ?? '') } };
    }),
  );
}

/** Both sets of issues together (what the editor checks and what the server answered). */
export function mergeIssues(a: IssueMap, b: IssueMap): IssueMap {
  if (b.total === 0) return a;
  if (a.total === 0) return b;
  const byNode = new Map(a.byNode);
  for (const [id, issues] of b.byNode) byNode.set(id, [...(byNode.get(id) ?? []), ...issues]);
  return { byNode, graph: [...a.graph, ...b.graph], total: a.total + b.total };
}

/** A string that changes when a node's issues do (the canvas redraws a node only then). */
export function issuesKey(issues: readonly NodeIssue[] | undefined): string {
  return issues ? issues.map((issue) => `${issue.code}:${issue.field}`).join('|') : '';
}
