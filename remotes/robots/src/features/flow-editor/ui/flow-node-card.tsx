import { Tooltip } from '@flotilla/shared/ui/semi';
import { ERROR_HANDLE, OTHER_CLASS_HANDLE, useT } from '@flotilla/shared';
import { outputHandles } from '@flotilla/shared/flows';
import { memo, type CSSProperties } from 'react';
import { Handle, Position, type NodeProps } from 'reactflow';
import type { CanvasNodeData } from '../lib/canvas-mapping';
import { issueText, NODE_LOOKS } from './node-look';

/**
 * One node on the canvas: its icon, colour and name by type, its label, its issues (red outline, the
 * words in a tooltip), how it ran in the last debug run, and its handles (none in for start, one out per
 * class plus `else` for classify, `true`/`false` for condition, none out for end, and a small failure
 * branch on the right of every node but start and end). Memoised: it draws again only when its data does.
 */
export const FlowNodeCard = memo(function FlowNodeCard({ data, selected }: NodeProps<CanvasNodeData>) {
  const t = useT();
  const { node, issues, status } = data;
  const look = NODE_LOOKS[node.type];
  const Icon = look.icon;
  const handles = outputHandles(node);
  const name = t(look.labelId);
  const handleName = (handle: string | undefined) => {
    if (handle === undefined) return '';
    if (handle === OTHER_CLASS_HANDLE) return t('robots.flowEditor.handle.else');
    if (handle === 'true' || handle === 'false') return t(`robots.flowEditor.handle.${handle}`);
    return node.type === 'classify' ? (node.data.classes.find((c) => c.id === handle)?.name ?? handle) : handle;
  };
  const problems = issues?.map((issue) => issueText(issue, t)) ?? [];
  const classes = [
    'flow-node',
    selected ? 'flow-node-selected' : '',
    problems.length > 0 ? 'flow-node-invalid' : '',
    status ? `flow-node-run-${status}` : '',
  ].join(' ');
  const card = (
    <div
      className={classes}
      style={{ '--flow-node-color': look.color } as CSSProperties}
      aria-label={`${name}: ${node.data.label || node.id}`}
      data-status={status ?? undefined}
      data-invalid={problems.length > 0 ? 'true' : undefined}
    >
      {node.type !== 'start' && <Handle type="target" position={Position.Top} />}
      <div className="flow-node-head">
        <span className="flow-node-icon">
          <Icon size="small" />
        </span>
        <span className="flow-node-title">{node.data.label || name}</span>
      </div>
      <div className="flow-node-meta">
        {name} · {node.id}
      </div>
      {problems.length > 0 && <div className="flow-node-issue">{problems[0]}</div>}
      {handles.length > 1 && (
        <div className="flow-node-handles">
          {handles.map((handle) => (
            <span key={handle ?? ''}>{handleName(handle)}</span>
          ))}
        </div>
      )}
      {handles.map((handle, index) => (
        <Handle
          key={handle ?? ''}
          type="source"
          position={Position.Bottom}
          id={handle}
          style={{ left: `${((index + 1) / (handles.length + 1)) * 100}%` }}
          title={handleName(handle) || undefined}
        />
      ))}
      {node.type !== 'start' && node.type !== 'end' && (
        <Handle
          type="source"
          position={Position.Right}
          id={ERROR_HANDLE}
          className="flow-handle-error"
          title={t('robots.flowEditor.handle.error')}
        />
      )}
    </div>
  );
  if (problems.length === 0) return card;
  return (
    <Tooltip content={problems.join('\n')} position="top">
      {card}
    </Tooltip>
  );
});
