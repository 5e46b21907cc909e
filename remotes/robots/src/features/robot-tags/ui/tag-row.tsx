import { Button, Input, Popconfirm, Typography, IconDelete, IconEdit } from '@flotilla/shared/ui/semi';
import { useT, type RobotTag } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { $tagChanging, tagDeleteConfirmed, tagRenameSubmitted } from '../robot-tags.model';
import { TAG_NAME_MAX } from './tag-name-max';

export function TagRow({ tag }: { tag: RobotTag }) {
  const t = useT();
  const { changing, renamed, deleted } = useUnit({
    changing: $tagChanging,
    renamed: tagRenameSubmitted,
    deleted: tagDeleteConfirmed,
  });
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    if (draft === null || !draft.trim()) return;
    if (draft.trim() !== tag.name) renamed({ id: tag.id, name: draft });
    setDraft(null);
  };
  if (draft !== null) {
    return (
      <div style={{ display: 'flex', gap: 8, width: '100%' }}>
        <Input
          value={draft}
          onChange={setDraft}
          onEnterPress={save}
          maxLength={TAG_NAME_MAX}
          autoFocus
          aria-label={t('robots.tags.renameInput', { name: tag.name })}
          style={{ flex: 1 }}
        />
        <Button theme="solid" type="primary" onClick={save} disabled={!draft.trim()}>
          {t('robots.tags.save')}
        </Button>
        <Button onClick={() => setDraft(null)}>{t('robots.tags.cancel')}</Button>
      </div>
    );
  }
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 4, width: '100%' }}>
      <Typography.Text style={{ flex: 1 }} ellipsis={{ showTooltip: true }}>
        {tag.name}
      </Typography.Text>
      <Button
        theme="borderless"
        icon={<IconEdit />}
        disabled={changing}
        aria-label={t('robots.tags.rename', { name: tag.name })}
        onClick={() => setDraft(tag.name)}
      />
      <Popconfirm
        title={t('robots.tags.deleteTitle', { name: tag.name })}
        content={t('robots.tags.deleteContent')}
        okType="danger"
        okText={t('robots.tags.delete')}
        cancelText={t('robots.tags.cancel')}
        // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
        okButtonProps={{ 'aria-label': t('robots.tags.delete') }}
        cancelButtonProps={{ 'aria-label': t('robots.tags.cancel') }}
        onConfirm={() => {
          deleted(tag);
        }}
      >
        <Button
          theme="borderless"
          type="danger"
          icon={<IconDelete />}
          disabled={changing}
          aria-label={t('robots.tags.deleteTag', { name: tag.name })}
        />
      </Popconfirm>
    </div>
  );
}
