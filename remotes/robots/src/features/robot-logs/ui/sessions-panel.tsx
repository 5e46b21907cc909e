import { Table, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT, type RobotSession } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { $answerFilters, logSessionPicked, sessionList } from '../robot-logs.model';
import { ChannelTag } from './channel-tag';

/** The robot's sessions; a click shows that session's answers only (again: every session). */
export function SessionsPanel() {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    sessions: sessionList.$items,
    total: sessionList.$total,
    status: sessionList.$status,
    loading: sessionList.$loading,
    failure: sessionList.$failure,
    page: sessionList.$page,
    pageSize: sessionList.$pageSize,
    pageChanged: sessionList.pageChanged,
    retried: sessionList.reloadRequested,
    filters: $answerFilters,
    picked: logSessionPicked,
  });
  const columns = useMemo<ColumnProps<RobotSession>[]>(
    () => [
      {
        title: t('robots.logs.sessions.title'),
        dataIndex: 'title',
        render: (_, session) => (
          <div style={{ minWidth: 0 }}>
            <Typography.Text ellipsis={{ showTooltip: true }} style={{ maxWidth: 220, display: 'block' }}>
              {session.title || t('robots.logs.sessions.untitled')}
            </Typography.Text>
            <Typography.Text type="tertiary" size="small">
              {t('robots.logs.sessions.count', { count: session.completions })} · {formatDate(session.updatedAt)}
            </Typography.Text>
          </div>
        ),
      },
      {
        title: t('robots.logs.column.channel'),
        dataIndex: 'channel',
        width: 100,
        render: (_, session) => <ChannelTag channel={session.channel} />,
      },
    ],
    [t, formatDate],
  );
  if (m.status === 'error') {
    return (
      <ErrorState
        title={t('robots.logs.sessions.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  }
  const selected = m.filters.sessionId;
  return (
    <Table<RobotSession>
      size="small"
      rowKey="sessionId"
      columns={columns}
      dataSource={m.sessions}
      loading={m.loading}
      empty={m.loading ? <div style={{ height: 120 }} /> : <EmptyState title={t('robots.logs.sessions.empty')} />}
      onRow={(session) =>
        session
          ? {
              onClick: () => m.picked(session.sessionId === selected ? null : session.sessionId),
              style: {
                cursor: 'pointer',
                background: session.sessionId === selected ? 'var(--semi-color-primary-light-default)' : undefined,
              },
              'aria-selected': session.sessionId === selected,
            }
          : {}
      }
      pagination={
        m.total > m.pageSize
          ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged, size: 'small' }
          : false
      }
    />
  );
}
