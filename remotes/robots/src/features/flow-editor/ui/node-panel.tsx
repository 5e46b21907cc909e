import { Banner, Typography } from '@flotilla/shared/ui/semi';
import { useT, type FlowNode } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { $graph, $issues, $panelRevision, nodeDataChanged } from '../flow-editor.model';
import { variablesFor } from '../lib/variables';
import { issueText, NODE_LOOKS } from './node-look';
import { AiChatPanel } from './node-panels/ai-chat-panel';
import { ClassifyPanel } from './node-panels/classify-panel';
import { CommonFields } from './node-panels/common-fields';
import { ConditionPanel } from './node-panels/condition-panel';
import { DbQueryPanel } from './node-panels/db-query-panel';
import { FormCollectPanel } from './node-panels/form-collect-panel';
import { HttpRequestPanel } from './node-panels/http-request-panel';
import { KnowledgeSearchPanel } from './node-panels/knowledge-search-panel';
import { ReplyPanel } from './node-panels/reply-panel';
import { SetVariablePanel } from './node-panels/set-variable-panel';
import { WebReaderPanel } from './node-panels/web-reader-panel';

/** The data with `patch` applied, optional fields set to `undefined` removed (the saved JSON has no holes). */
function patched(data: FlowNode['data'], patch: Record<string, unknown>): FlowNode['data'] {
  const next: Record<string, unknown> = { ...data, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  return next as FlowNode['data'];
}

/** The fields of the selected node, by its type, with its issues on top. */
export function NodePanel({ node }: { node: FlowNode }) {
  const t = useT();
  const { graph, issues, revision, changed } = useUnit({
    graph: $graph,
    issues: $issues,
    revision: $panelRevision,
    changed: nodeDataChanged,
  });
  const variables = useMemo(() => variablesFor(graph, node.id), [graph, node.id]);
  const change = (patch: Record<string, unknown>, field: string) =>
    changed({ id: node.id, data: patched(node.data, patch), key: `${node.id}.${field}` });
  const nodeIssues = issues.byNode.get(node.id) ?? [];
  const body = () => {
    switch (node.type) {
      case 'reply':
        return <ReplyPanel node={node} change={change} variables={variables} />;
      case 'aiChat':
        return <AiChatPanel node={node} change={change} variables={variables} />;
      case 'knowledgeSearch':
        return <KnowledgeSearchPanel node={node} change={change} variables={variables} />;
      case 'dbQuery':
        return <DbQueryPanel node={node} change={change} variables={variables} />;
      case 'classify':
        return <ClassifyPanel node={node} change={change} variables={variables} />;
      case 'condition':
        return <ConditionPanel node={node} change={change} variables={variables} />;
      case 'setVariable':
        return <SetVariablePanel node={node} change={change} variables={variables} />;
      case 'httpRequest':
        return <HttpRequestPanel node={node} change={change} variables={variables} />;
      case 'webReader':
        return <WebReaderPanel node={node} change={change} variables={variables} />;
      case 'formCollect':
        return <FormCollectPanel node={node} change={change} variables={variables} />;
      default:
        return null;
    }
  };
  return (
    <section aria-label={t('robots.flowEditor.panel.title', { id: node.id })} key={`${node.id}:${revision}`}>
      <Typography.Title heading={6} style={{ marginBottom: 4 }}>
        {t(NODE_LOOKS[node.type].labelId)} · {node.id}
      </Typography.Title>
      <Typography.Text type="tertiary" size="small" style={{ display: 'block', marginBottom: 12 }}>
        {t(NODE_LOOKS[node.type].hintId)}
      </Typography.Text>
      {nodeIssues.length > 0 && (
        <Banner
          type="danger"
          closeIcon={null}
          style={{ marginBottom: 12 }}
          description={
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {nodeIssues.map((issue, index) => (
                <li key={index}>{issueText(issue, t)}</li>
              ))}
            </ul>
          }
        />
      )}
      <CommonFields node={node} change={change} />
      {body()}
    </section>
  );
}
