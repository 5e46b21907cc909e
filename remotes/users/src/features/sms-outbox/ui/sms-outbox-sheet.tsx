import { Button, SideSheet, Table, Typography, IconClose } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT, type SmsOutboxEntry } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { $smsOutboxOpen, smsOutbox, smsOutboxClosed } from '../sms-outbox.model';

/** The built-in SMS outbox in a side sheet: phone, text and time of each message, newest first, paged. */
export function SmsOutboxSheet() {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    open: $smsOutboxOpen,
    items: smsOutbox.$items,
    total: smsOutbox.$total,
    status: smsOutbox.$status,
    loading: smsOutbox.$loading,
    failure: smsOutbox.$failure,
    page: smsOutbox.$page,
    pageSize: smsOutbox.$pageSize,
    closed: smsOutboxClosed,
    paged: smsOutbox.pageChanged,
    retried: smsOutbox.reloadRequested,
  });

  const columns = useMemo<ColumnProps<SmsOutboxEntry>[]>(
    () => [
      { title: t('users.smsOutbox.phone'), dataIndex: 'phone', width: 140 },
      {
        title: t('users.smsOutbox.text'),
        dataIndex: 'text',
        render: (text: string) => <span style={{ wordBreak: 'break-word' }}>{text}</span>,
      },
      {
        title: t('users.smsOutbox.time'),
        dataIndex: 'createdAt',
        width: 170,
        render: (createdAt: string) => formatDate(createdAt),
      },
    ],
    [t, formatDate],
  );

  return (
    <SideSheet
      title={t('users.smsOutbox.title')}
      visible={m.open}
      onCancel={m.closed}
      closeIcon={<IconClose aria-label={t('users.smsOutbox.close')} />}
      width="min(720px, 100vw)"
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <Typography.Text type="tertiary">{t('users.smsOutbox.description')}</Typography.Text>
          <Button onClick={() => m.retried()} loading={m.loading && m.status !== 'idle'}>
            {t('users.smsOutbox.refresh')}
          </Button>
        </div>
        {m.failure && m.items.length === 0 ? (
          <ErrorState
            title={t('users.smsOutbox.failed')}
            description={failureText(m.failure, t)}
            onRetry={() => m.retried()}
          />
        ) : (
          <Table<SmsOutboxEntry>
            rowKey={(entry?: SmsOutboxEntry) => (entry ? `${entry.createdAt} ${entry.phone} ${entry.text}` : '')}
            columns={columns}
            dataSource={m.items}
            loading={m.loading}
            scroll={{ x: 560 }}
            empty={
              m.status === 'ready' ? (
                <EmptyState title={t('users.smsOutbox.empty')} description={t('users.smsOutbox.emptyHint')} />
              ) : null
            }
            pagination={
              m.total > 0
                ? {
                    currentPage: m.page,
                    pageSize: m.pageSize,
                    total: m.total,
                    onChange: (page: number) => m.paged(page),
                  }
                : false
            }
          />
        )}
      </div>
    </SideSheet>
  );
}
