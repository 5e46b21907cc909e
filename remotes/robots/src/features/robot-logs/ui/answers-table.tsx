import { Switch, Table, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, REVIEWERS, useDateTime, usePermission, useT, type CompletionLog } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo, type CSSProperties, type MouseEvent } from 'react';
import {
  $answerFilters,
  $checkedChanges,
  $checkingIds,
  answerCheckedToggled,
  answerList,
  answerOpened,
} from '../robot-logs.model';
import { AnswerStatusTag } from './answer-status-tag';
import { ChannelTag } from './channel-tag';
import { FeedbackMark } from './feedback-mark';
import { useLatency } from './use-latency';
import { short } from './short';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();
const clamp = (lines: number): CSSProperties => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
});

/** The robot's answers, newest first: a click opens the details; reviewers check them here. */
export function AnswersTable() {
  const t = useT();
  const formatDate = useDateTime();
  const latency = useLatency();
  const canReview = usePermission(REVIEWERS);
  const m = useUnit({
    answers: answerList.$items,
    total: answerList.$total,
    status: answerList.$status,
    loading: answerList.$loading,
    failure: answerList.$failure,
    page: answerList.$page,
    pageSize: answerList.$pageSize,
    pageChanged: answerList.pageChanged,
    retried: answerList.reloadRequested,
    filters: $answerFilters,
    changes: $checkedChanges,
    checkingIds: $checkingIds,
    opened: answerOpened,
    toggled: answerCheckedToggled,
  });
  const { changes, checkingIds, toggled } = m;
  const columns = useMemo<ColumnProps<CompletionLog>[]>(
    () => [
      {
        title: t('robots.logs.column.time'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, answer) => formatDate(answer.createdAt),
      },
      {
        title: t('robots.logs.question'),
        dataIndex: 'question',
        width: 220,
        render: (_, answer) => <span style={clamp(2)}>{answer.question}</span>,
      },
      {
        title: t('robots.logs.answer'),
        dataIndex: 'answer',
        width: 260,
        render: (_, answer) => (
          <Typography.Text type="secondary">
            <span style={clamp(2)}>{answer.answer || t('robots.logs.noAnswer')}</span>
          </Typography.Text>
        ),
      },
      {
        title: t('robots.logs.column.channel'),
        dataIndex: 'channel',
        width: 100,
        render: (_, answer) => <ChannelTag channel={answer.channel} />,
      },
      { title: t('robots.logs.column.model'), dataIndex: 'model', width: 120 },
      {
        title: t('robots.logs.column.tokens'),
        dataIndex: 'usage',
        width: 90,
        render: (_, answer) => answer.usage.totalTokens,
      },
      {
        title: t('robots.logs.column.latency'),
        dataIndex: 'latencyMs',
        width: 90,
        render: (_, answer) => latency(answer.latencyMs),
      },
      { title: t('robots.logs.column.cost'), dataIndex: 'cost', width: 80, render: (_, answer) => answer.cost },
      {
        title: t('robots.logs.column.status'),
        dataIndex: 'status',
        width: 100,
        render: (_, answer) => <AnswerStatusTag status={answer.status} />,
      },
      {
        title: t('robots.logs.column.feedback'),
        dataIndex: 'feedback',
        width: 90,
        render: (_, answer) => <FeedbackMark feedback={answer.feedback} />,
      },
      {
        title: t('robots.logs.column.checked'),
        dataIndex: 'checked',
        width: 110,
        fixed: 'right',
        render: (_, answer) => {
          const checked = changes[answer.id] ?? answer.checked;
          if (!canReview) {
            return (
              <Tag type="light" color={checked ? 'green' : 'grey'}>
                {t(checked ? 'robots.logs.checked' : 'robots.logs.unchecked')}
              </Tag>
            );
          }
          return (
            <span onClick={stopPropagation}>
              <Switch
                size="small"
                checked={checked}
                loading={checkingIds.includes(answer.id)}
                aria-label={t('robots.logs.checkedFor', { question: short(answer.question) })}
                onChange={(next) => toggled({ id: answer.id, checked: next })}
              />
            </span>
          );
        },
      },
    ],
    [t, formatDate, latency, canReview, changes, checkingIds, toggled],
  );
  if (m.status === 'error') {
    return (
      <ErrorState
        title={t('robots.logs.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  }
  const filtered = m.filters.sessionId !== null || m.filters.feedback !== null || m.filters.checked !== null;
  return (
    <Table<CompletionLog>
      rowKey="id"
      columns={columns}
      dataSource={m.answers}
      loading={m.loading}
      scroll={{ x: 1400 }}
      empty={
        m.loading ? (
          <div style={{ height: 160 }} />
        ) : (
          <EmptyState
            title={t(filtered ? 'robots.logs.noMatch' : 'robots.logs.empty')}
            description={t(filtered ? 'robots.logs.noMatchHint' : 'robots.logs.emptyHint')}
          />
        )
      }
      onRow={(answer) => (answer ? { onClick: () => m.opened(answer), style: { cursor: 'pointer' } } : {})}
      pagination={
        m.total > m.pageSize
          ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged }
          : false
      }
    />
  );
}
