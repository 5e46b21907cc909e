import { Banner, Button, List, Modal, Spin } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import {
  $tagChangeFailure,
  $tagManagerOpen,
  $tags,
  $tagsLoadFailure,
  $tagsStatus,
  tagManagerClosed,
  tagsRetryClicked,
} from '../robot-tags.model';
import { NewTagInput } from './new-tag-input';
import { TagRow } from './tag-row';

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
    body = (
      <ErrorState
        title={t('robots.tags.loadFailed')}
        description={m.loadFailure ? failureText(m.loadFailure, t) : undefined}
        onRetry={m.retried}
      />
    );
  } else if (m.status !== 'ready') {
    body = <Spin tip={t('robots.tab.loading')} style={{ width: '100%', padding: 24 }} />;
  } else if (m.tags.length === 0) {
    body = <EmptyState title={t('robots.tags.empty')} description={t('robots.tags.emptyHint')} />;
  } else {
    body = (
      <List
        size="small"
        dataSource={m.tags}
        renderItem={(tag) => (
          <List.Item key={tag.id}>
            <TagRow tag={tag} />
          </List.Item>
        )}
      />
    );
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
