import { Banner, Button, Empty, List, Popconfirm, SideSheet, Spin, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import {
  $restoreFailure,
  $versions,
  $versionsLoading,
  restoreFx,
  versionRestoreConfirmed,
  versionsOpened,
} from '../flow-editor.model';

/** The flow's published versions, newest first; one can be made the draft again (confirmed). */
export function VersionsSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    versions: $versions,
    loading: $versionsLoading,
    restoring: restoreFx.pending,
    failure: $restoreFailure,
    opened: versionsOpened,
    restore: versionRestoreConfirmed,
  });
  const { opened } = m;
  useEffect(() => {
    if (visible) opened();
  }, [visible, opened]);
  return (
    <SideSheet visible={visible} onCancel={onClose} title={t('robots.flowEditor.versions')} width={420}>
      {m.failure && (
        <Banner type="danger" closeIcon={null} description={failureText(m.failure, t)} style={{ marginBottom: 12 }} />
      )}
      {m.loading && m.versions.length === 0 ? (
        <Spin />
      ) : m.versions.length === 0 ? (
        <Empty description={t('robots.flowEditor.versions.empty')} />
      ) : (
        <List
          dataSource={m.versions}
          renderItem={(version) => (
            <List.Item
              main={
                <div>
                  <Typography.Text strong>
                    {t('robots.flowEditor.versions.number', { number: version.number })}
                  </Typography.Text>
                  <Typography.Text type="tertiary" size="small" style={{ display: 'block' }}>
                    {t('robots.flowEditor.versions.meta', {
                      at: formatDate(version.publishedAt),
                      by: version.publishedBy,
                      nodes: version.nodeCount,
                    })}
                  </Typography.Text>
                </div>
              }
              extra={
                <Popconfirm
                  title={t('robots.flowEditor.versions.restoreTitle', { number: version.number })}
                  content={t('robots.flowEditor.versions.restoreContent')}
                  okText={t('robots.flowEditor.versions.restore')}
                  cancelText={t('robots.flowEditor.cancel')}
                  okButtonProps={{ 'aria-label': t('robots.flowEditor.versions.restore') }}
                  cancelButtonProps={{ 'aria-label': t('robots.flowEditor.cancel') }}
                  onConfirm={() => {
                    m.restore(version.id);
                  }}
                >
                  <Button
                    loading={m.restoring}
                    aria-label={t('robots.flowEditor.versions.restoreNumber', { number: version.number })}
                  >
                    {t('robots.flowEditor.versions.restore')}
                  </Button>
                </Popconfirm>
              }
            />
          )}
        />
      )}
    </SideSheet>
  );
}
