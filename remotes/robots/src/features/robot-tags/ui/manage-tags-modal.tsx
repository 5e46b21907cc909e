import {
  Banner,
  Button,
  Input,
  List,
  Modal,
  Popconfirm,
  Spin,
  Typography,
  IconDelete,
  IconEdit,
  IconPlus,
} from '@flotilla/shared/ui/semi';
import { failureText, useT, type RobotTag } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import {
  $tagChangeFailure,
  $tagChanging,
  $tagManagerOpen,
  $tags,
  $tagsCreated,
  $tagsLoadFailure,
  $tagsStatus,
  tagCreateSubmitted,
  tagDeleteConfirmed,
  tagManagerClosed,
  tagRenameSubmitted,
  tagsRetryClicked,
} from '../robot-tags.model';

/** The same limit the server checks (contracts' tag name: 1–50 characters, not only spaces). */
const TAG_NAME_MAX = 50;

function NewTagInput() {
  const t = useT();
  const [name, setName] = useState('');
  const { changing, created, submitted } = useUnit({ changing: $tagChanging, created: $tagsCreated, submitted: tagCreateSubmitted });
  // A created tag clears the input; a refused one keeps it for correcting.
  const [seen, setSeen] = useState(created);
  if (seen !== created) {
    setSeen(created);
    setName('');
  }
  const submit = () => {
    if (name.trim()) submitted(name);
  };
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        value={name}
        onChange={setName}
        onEnterPress={submit}
        maxLength={TAG_NAME_MAX}
        placeholder={t('robots.tags.newPlaceholder')}
        aria-label={t('robots.tags.newName')}
        style={{ flex: 1 }}
      />
      <Button icon={<IconPlus />} onClick={submit} disabled={!name.trim()} loading={changing}>
        {t('robots.tags.add')}
      </Button>
    </div>
  );
}

function TagRow({ tag }: { tag: RobotTag }) {
  const t = useT();
  const { changing, renamed, deleted } = useUnit({ changing: $tagChanging, renamed: tagRenameSubmitted, deleted: tagDeleteConfirmed });
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
      <Button theme="borderless" icon={<IconEdit />} disabled={changing} aria-label={t('robots.tags.rename', { name: tag.name })} onClick={() => setDraft(tag.name)} />
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
        <Button theme="borderless" type="danger" icon={<IconDelete />} disabled={changing} aria-label={t('robots.tags.deleteTag', { name: tag.name })} />
      </Popconfirm>
    </div>
  );
}

/** Creates, renames and deletes the tenant's robot tags. */
export function ManageTagsModal() {
  const t = useT();
  const m = useUnit({
    open: $tagManagerOpen,
    tags: $tags,
    status: $tagsStatus,
    loadFailure: $tagsLoadFailure,
    changeFailure: $tagChangeFailure,
    closed: tagManagerClosed,
    retried: tagsRetryClicked,
  });
  let body;
  if (m.status === 'error') {
    body = <ErrorState title={t('robots.tags.loadFailed')} description={m.loadFailure ? failureText(m.loadFailure, t) : undefined} onRetry={m.retried} />;
  } else if (m.status !== 'ready') {
    body = <Spin tip={t('robots.tab.loading')} style={{ width: '100%', padding: 24 }} />;
  } else if (m.tags.length === 0) {
    body = <EmptyState title={t('robots.tags.empty')} description={t('robots.tags.emptyHint')} />;
  } else {
    body = <List size="small" dataSource={m.tags} renderItem={(tag) => <List.Item key={tag.id}><TagRow tag={tag} /></List.Item>} />;
  }
  return (
    <Modal
      title={t('robots.tags.manageTitle')}
      visible={m.open}
      onCancel={m.closed}
      footer={
        <Button aria-label={t('robots.tags.close')} onClick={m.closed}>
          {t('robots.tags.close')}
        </Button>
      }
      width={520}
    >
      {m.changeFailure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('robots.tags.changeFailed')}
          description={failureText(m.changeFailure, t)}
          style={{ marginBottom: 12 }}
        />
      )}
      <NewTagInput />
      <div style={{ marginTop: 12, maxHeight: 360, overflowY: 'auto' }}>{body}</div>
    </Modal>
  );
}
