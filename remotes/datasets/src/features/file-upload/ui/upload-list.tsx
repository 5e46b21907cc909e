import { Button, Tooltip, Typography, IconClose, IconEyeOpened, IconFile, IconRefresh } from '@flotilla/shared/ui/semi';
import { $locale, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { CSSProperties } from 'react';
import { formatSize } from '../../../lib/format-size';
import {
  $previewKey,
  $uploadItems,
  previewFileSelected,
  uploadItemRemoved,
  uploadRetried,
  type UploadKind,
} from '../file-upload.model';
import { ItemState } from './item-state';

const rowStyle = (selected: boolean): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 12px',
  borderRadius: 'var(--semi-border-radius-medium)',
  border: `1px solid ${selected ? 'var(--semi-color-primary)' : 'var(--semi-color-border)'}`,
  background: 'var(--semi-color-bg-2)',
});

/** The chosen files of one kind with their check, progress, then parse status; documents can be previewed. */
export function UploadList({ kind }: { kind: UploadKind }) {
  const t = useT();
  const m = useUnit({
    items: $uploadItems,
    locale: $locale,
    previewKey: $previewKey,
    previewed: previewFileSelected,
    removed: uploadItemRemoved,
    retried: uploadRetried,
  });
  const items = m.items.filter((item) => item.kind === kind);
  if (items.length === 0) return null;
  return (
    <ul
      aria-label={t(kind === 'qa' ? 'datasets.upload.qaListLabel' : 'datasets.upload.listLabel')}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {items.map((item) => {
        const name = item.file.name;
        const canPreview = kind === 'document' && !item.problem;
        const removable = item.state !== 'uploading' && item.state !== 'waiting';
        return (
          <li key={item.key} style={rowStyle(m.previewKey === item.key)} data-testid="upload-item">
            <IconFile style={{ color: 'var(--semi-color-text-2)' }} />
            <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1, gap: 2 }}>
              <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: '100%' }}>
                {name}
              </Typography.Text>
              <Typography.Text type="tertiary" size="small">
                {formatSize(item.file.size, m.locale)}
              </Typography.Text>
            </div>
            <ItemState item={item} />
            {canPreview && (
              <Tooltip content={t('datasets.upload.preview', { name })}>
                <Button
                  size="small"
                  theme={m.previewKey === item.key ? 'solid' : 'borderless'}
                  icon={<IconEyeOpened />}
                  aria-label={t('datasets.upload.preview', { name })}
                  aria-pressed={m.previewKey === item.key}
                  onClick={() => m.previewed(item.key)}
                />
              </Tooltip>
            )}
            {item.state === 'failed' && (
              <Tooltip content={t('datasets.upload.retry', { name })}>
                <Button
                  size="small"
                  theme="borderless"
                  icon={<IconRefresh />}
                  aria-label={t('datasets.upload.retry', { name })}
                  onClick={() => m.retried(item.key)}
                />
              </Tooltip>
            )}
            {removable && (
              <Tooltip content={t('datasets.upload.remove', { name })}>
                <Button
                  size="small"
                  theme="borderless"
                  type="tertiary"
                  icon={<IconClose />}
                  aria-label={t('datasets.upload.remove', { name })}
                  onClick={() => m.removed(item.key)}
                />
              </Tooltip>
            )}
          </li>
        );
      })}
    </ul>
  );
}
