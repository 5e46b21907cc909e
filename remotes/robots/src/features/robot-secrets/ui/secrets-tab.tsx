import { Button, Popconfirm, Table, Typography, IconDelete, IconKey, IconPlus } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { useDateTime, useT, type ApiSecret } from '@flotilla/shared';
import { EmptyState, SaveFailedBanner } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import type { RobotRef } from '../../../lib/robot-ref';
import { TabLoadFailed } from '../../../ui/tab-load-failed';
import { TabLoading } from '../../../ui/tab-loading';
import {
  $secretDeleteFailure,
  $secretDeletingIds,
  $secrets,
  $secretsLoadFailure,
  $secretsStatus,
  secretCreateClicked,
  secretDeleteConfirmed,
  secretRevealClosed,
  secretsOpened,
  secretsRetryClicked,
} from '../robot-secrets.model';
import { ApiUsage } from './api-usage';
import { CreateSecretModal } from './create-secret-modal';
import { RevealSecretModal } from './reveal-secret-modal';

/** The "API keys" tab: the robot's secrets (create, shown once; revoke) and how to call the robot with one. */
export function SecretsTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    secrets: $secrets,
    status: $secretsStatus,
    loadFailure: $secretsLoadFailure,
    deleteFailure: $secretDeleteFailure,
    deletingIds: $secretDeletingIds,
    opened: secretsOpened,
    revealClosed: secretRevealClosed,
    retried: secretsRetryClicked,
    createClicked: secretCreateClicked,
    deleteConfirmed: secretDeleteConfirmed,
  });
  const { opened, revealClosed } = m;
  const { processId, adminId } = robot;
  useEffect(() => {
    opened({ processId, adminId });
    // Leaving the page forgets a secret still on screen.
    return () => revealClosed();
  }, [opened, revealClosed, processId, adminId]);

  const { deleteConfirmed, deletingIds } = m;
  const columns = useMemo<ColumnProps<ApiSecret>[]>(
    () => [
      { title: t('robots.secrets.column.name'), dataIndex: 'name' },
      {
        title: t('robots.secrets.column.prefix'),
        dataIndex: 'prefix',
        width: 200,
        render: (_, secret) => <Typography.Text code>{`${secret.prefix}…`}</Typography.Text>,
      },
      {
        title: t('robots.secrets.column.createdAt'),
        dataIndex: 'createdAt',
        width: 190,
        render: (_, secret) => formatDate(secret.createdAt),
      },
      {
        title: t('robots.secrets.column.lastUsedAt'),
        dataIndex: 'lastUsedAt',
        width: 190,
        render: (_, secret) =>
          secret.lastUsedAt ? (
            formatDate(secret.lastUsedAt)
          ) : (
            <Typography.Text type="tertiary">{t('robots.secrets.neverUsed')}</Typography.Text>
          ),
      },
      {
        title: t('robots.secrets.column.actions'),
        dataIndex: 'actions',
        width: 90,
        render: (_, secret) => (
          <Popconfirm
            title={t('robots.secrets.deleteTitle', { name: secret.name })}
            content={t('robots.secrets.deleteContent')}
            okType="danger"
            okText={t('robots.secrets.delete')}
            cancelText={t('robots.secrets.cancel')}
            // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
            okButtonProps={{ 'aria-label': t('robots.secrets.delete') }}
            cancelButtonProps={{ 'aria-label': t('robots.secrets.cancel') }}
            onConfirm={() => {
              deleteConfirmed(secret);
            }}
          >
            <Button
              type="danger"
              theme="borderless"
              icon={<IconDelete />}
              loading={deletingIds.includes(secret.id)}
              aria-label={t('robots.secrets.deleteSecret', { name: secret.name })}
            />
          </Popconfirm>
        ),
      },
    ],
    [t, formatDate, deleteConfirmed, deletingIds],
  );

  let list;
  if (m.status === 'error') list = <TabLoadFailed failure={m.loadFailure} onRetry={m.retried} />;
  else if (m.status === 'loading') list = <TabLoading />;
  else
    list = (
      <Table<ApiSecret>
        rowKey="id"
        columns={columns}
        dataSource={m.secrets}
        pagination={false}
        empty={<EmptyState title={t('robots.secrets.empty')} description={t('robots.secrets.emptyHint')} />}
      />
    );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 960 }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 16,
          flexWrap: 'wrap',
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <Typography.Title heading={6} style={{ margin: 0 }}>
            <IconKey style={{ marginRight: 8 }} />
            {t('robots.secrets.title')}
          </Typography.Title>
          <Typography.Text type="tertiary">{t('robots.secrets.description')}</Typography.Text>
        </div>
        <Button theme="solid" type="primary" icon={<IconPlus />} onClick={m.createClicked}>
          {t('robots.secrets.create')}
        </Button>
      </div>
      <SaveFailedBanner failure={m.deleteFailure} title={t('robots.secrets.deleteFailed')} />
      {list}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('robots.secrets.usageTitle')}
        </Typography.Title>
        <Typography.Text type="tertiary">{t('robots.secrets.usageHint')}</Typography.Text>
      </div>
      <ApiUsage />
      <CreateSecretModal />
      <RevealSecretModal />
    </div>
  );
}
