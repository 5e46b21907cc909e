import { Tooltip, Typography } from '@flotilla/shared/ui/semi';
import { FLOW_NODE_TYPES, useT, type FlowNodeType } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { CSSProperties, DragEvent } from 'react';
import { nodeAdded } from '../flow-editor.model';
import { NODE_LOOKS } from './node-look';
import { PALETTE_MIME } from './palette-mime';

/** The types a flow may gain from the palette (it has one start, added with the flow). */
const PALETTE_TYPES = FLOW_NODE_TYPES.filter((type) => type !== 'start');

const itemStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  width: '100%',
  padding: '6px 8px',
  marginBottom: 4,
  borderRadius: 6,
  border: '1px solid var(--semi-color-border)',
  borderLeft: '4px solid var(--palette-color)',
  background: 'var(--semi-color-bg-2)',
  color: 'var(--semi-color-text-0)',
  cursor: 'grab',
  textAlign: 'left',
  font: 'inherit',
};

/** The node types to drag onto the canvas, or click to add at the default place. */
export function NodePalette() {
  const t = useT();
  const added = useUnit(nodeAdded);
  const startDrag = (type: FlowNodeType) => (event: DragEvent) => {
    event.dataTransfer.setData(PALETTE_MIME, type);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <nav
      aria-label={t('robots.flowEditor.palette')}
      style={{ width: 180, flexShrink: 0, overflowY: 'auto', padding: 8 }}
    >
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t('robots.flowEditor.palette')}
      </Typography.Text>
      {PALETTE_TYPES.map((type) => {
        const look = NODE_LOOKS[type];
        const Icon = look.icon;
        const name = t(look.labelId);
        return (
          <Tooltip key={type} content={t(look.hintId)} position="right">
            <button
              type="button"
              draggable
              data-testid={`palette-${type}`}
              aria-label={t('robots.flowEditor.add', { type: name })}
              onDragStart={startDrag(type)}
              onClick={() => added({ type })}
              style={{ ...itemStyle, '--palette-color': look.color } as CSSProperties}
            >
              <span style={{ color: look.color, display: 'inline-flex' }}>
                <Icon size="small" />
              </span>
              {name}
            </button>
          </Tooltip>
        );
      })}
    </nav>
  );
}
