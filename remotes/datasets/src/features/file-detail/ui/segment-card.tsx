import {
  Button,
  Card,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
  IconDelete,
  IconEdit,
} from '@flotilla/shared/ui/semi';
import { useT, type Segment } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import {
  $busySegmentIds,
  segmentDeleteConfirmed,
  segmentEditOpened,
  segmentEnabledToggled,
} from '../file-detail.model';

export function SegmentCard({ segment }: { segment: Segment }) {
  const t = useT();
  const m = useUnit({
    busy: $busySegmentIds,
    edit: segmentEditOpened,
    toggled: segmentEnabledToggled,
    deleted: segmentDeleteConfirmed,
  });
  const busy = m.busy.includes(segment.id);
  const number = segment.position + 1;
  const editLabel = t('datasets.segment.edit', { position: number });
  const deleteLabel = t('datasets.segment.delete', { position: number });
  return (
    <Card
      data-testid="segment"
      bodyStyle={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 12, opacity: segment.enabled ? 1 : 0.6 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Tag color="blue">#{number}</Tag>
        {!segment.enabled && <Tag color="grey">{t('datasets.segment.disabled')}</Tag>}
        <Typography.Text type="tertiary" size="small">
          {t('datasets.segment.characters', { count: segment.text.length })}
        </Typography.Text>
        <Space spacing={4} style={{ marginLeft: 'auto' }}>
          <Tooltip content={segment.enabled ? t('datasets.segment.disableHint') : t('datasets.segment.enableHint')}>
            <Switch
              size="small"
              checked={segment.enabled}
              loading={busy}
              onChange={(enabled) => m.toggled({ segment, enabled })}
              aria-label={t('datasets.segment.enabled', { position: number })}
            />
          </Tooltip>
          <Tooltip content={editLabel}>
            <Button
              size="small"
              theme="borderless"
              icon={<IconEdit />}
              aria-label={editLabel}
              disabled={busy}
              onClick={() => m.edit(segment)}
            />
          </Tooltip>
          <Popconfirm
            title={t('datasets.segment.deleteTitle', { position: number })}
            content={t('datasets.segment.deleteContent')}
            okType="danger"
            okText={t('datasets.delete.ok')}
            cancelText={t('datasets.cancel')}
            // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
            okButtonProps={{ 'aria-label': t('datasets.delete.ok') }}
            cancelButtonProps={{ 'aria-label': t('datasets.cancel') }}
            onConfirm={() => {
              m.deleted(segment);
            }}
          >
            <Button
              size="small"
              theme="borderless"
              type="danger"
              icon={<IconDelete />}
              aria-label={deleteLabel}
              disabled={busy}
            />
          </Popconfirm>
        </Space>
      </div>
      {segment.question !== undefined ? (
        <div>
          <Typography.Paragraph strong>
            {t('datasets.segment.question', { text: segment.question })}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            {t('datasets.segment.answer', { text: segment.answer ?? '' })}
          </Typography.Paragraph>
        </div>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {segment.text}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
