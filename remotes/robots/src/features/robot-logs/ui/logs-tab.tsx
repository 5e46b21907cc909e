import { Button, Radio, RadioGroup, Switch, Table, Tag, Typography, IconClose } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, usePermission, useT, type CompletionLog, type FeedbackValue, type RobotSession } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, type CSSProperties, type MouseEvent } from 'react';
import type { RobotRef } from '../../../lib/robot-ref';
import { SaveFailedBanner } from '../../../ui/tab-states';
import {
  $answerFilters,
  $checkedChanges,
  $checkFailure,
  $checkingIds,
  answerCheckedFilterChanged,
  answerCheckedToggled,
  answerFeedbackFilterChanged,
  answerList,
  answerOpened,
  logSessionPicked,
  logsOpened,
  REVIEWER_ROLES,
  sessionList,
} from '../robot-logs.model';
import { AnswerDrawer } from './answer-drawer';
import { AnswerStatusTag, ChannelTag, FeedbackMark, useLatency } from './log-labels';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();
const clamp = (lines: number): CSSProperties => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
});
const ANY = 'any';

function short(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The robot's sessions; a click shows that session's answers only (again: every session). */
function SessionsPanel() {
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
      { title: t('robots.logs.column.channel'), dataIndex: 'channel', width: 100, render: (_, session) => <ChannelTag channel={session.channel} /> },
    ],
    [t, formatDate],
  );
  if (m.status === 'error') {
    return <ErrorState title={t('robots.logs.sessions.loadFailed')} description={m.failure ? failureText(m.failure, t) : undefined} onRetry={m.retried} />;
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
              style: { cursor: 'pointer', background: session.sessionId === selected ? 'var(--semi-color-primary-light-default)' : undefined },
              'aria-selected': session.sessionId === selected,
            }
          : {}
      }
      pagination={m.total > m.pageSize ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged, size: 'small' } : false}
    />
  );
}

/** Filters of the answers: the session picked on the left, feedback, and whether an agent checked them. */
function AnswerFiltersBar() {
  const t = useT();
  const m = useUnit({
    filters: $answerFilters,
    sessions: sessionList.$items,
    total: answerList.$total,
    status: answerList.$status,
    sessionPicked: logSessionPicked,
    feedbackChanged: answerFeedbackFilterChanged,
    checkedChanged: answerCheckedFilterChanged,
  });
  const { sessionId, feedback, checked } = m.filters;
  const session = sessionId ? m.sessions.find((candidate) => candidate.sessionId === sessionId) : undefined;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <RadioGroup
        type="button"
        aria-label={t('robots.logs.filter.feedback')}
        value={feedback ?? ANY}
        onChange={(event) => {
          const value = event.target.value as FeedbackValue | typeof ANY;
          m.feedbackChanged(value === ANY ? null : value);
        }}
      >
        <Radio value={ANY}>{t('robots.logs.filter.anyFeedback')}</Radio>
        <Radio value="like">{t('robots.logs.feedback.like')}</Radio>
        <Radio value="dislike">{t('robots.logs.feedback.dislike')}</Radio>
      </RadioGroup>
      <RadioGroup
        type="button"
        aria-label={t('robots.logs.filter.checked')}
        value={checked === null ? ANY : String(checked)}
        onChange={(event) => {
          const value = event.target.value as string;
          m.checkedChanged(value === ANY ? null : value === 'true');
        }}
      >
        <Radio value={ANY}>{t('robots.logs.filter.anyChecked')}</Radio>
        <Radio value="true">{t('robots.logs.checked')}</Radio>
        <Radio value="false">{t('robots.logs.unchecked')}</Radio>
      </RadioGroup>
      {sessionId && (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
          <Tag size="large" color="light-blue">
            {t('robots.logs.filter.session', { title: short(session?.title || t('robots.logs.sessions.untitled'), 24) })}
          </Tag>
          <Button size="small" theme="borderless" type="tertiary" icon={<IconClose />} aria-label={t('robots.logs.filter.allSessions')} onClick={() => m.sessionPicked(null)} />
        </span>
      )}
      {m.status === 'ready' && (
        <Typography.Text type="tertiary" style={{ marginLeft: 'auto' }}>
          {t('robots.logs.total', { count: m.total })}
        </Typography.Text>
      )}
    </div>
  );
}

/** The robot's answers, newest first: a click opens the details; reviewers check them here. */
function AnswersTable() {
  const t = useT();
  const formatDate = useDateTime();
  const latency = useLatency();
  const canReview = usePermission(REVIEWER_ROLES);
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
  const columns = useMemo<ColumnProps<CompletionLog>[]>(
    () => [
      { title: t('robots.logs.column.time'), dataIndex: 'createdAt', width: 170, render: (_, answer) => formatDate(answer.createdAt) },
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
        render: (_, answer) => <Typography.Text type="secondary"><span style={clamp(2)}>{answer.answer || t('robots.logs.noAnswer')}</span></Typography.Text>,
      },
      { title: t('robots.logs.column.channel'), dataIndex: 'channel', width: 100, render: (_, answer) => <ChannelTag channel={answer.channel} /> },
      { title: t('robots.logs.column.model'), dataIndex: 'model', width: 120 },
      { title: t('robots.logs.column.tokens'), dataIndex: 'usage', width: 90, render: (_, answer) => answer.usage.totalTokens },
      { title: t('robots.logs.column.latency'), dataIndex: 'latencyMs', width: 90, render: (_, answer) => latency(answer.latencyMs) },
      { title: t('robots.logs.column.cost'), dataIndex: 'cost', width: 80, render: (_, answer) => answer.cost },
      { title: t('robots.logs.column.status'), dataIndex: 'status', width: 100, render: (_, answer) => <AnswerStatusTag status={answer.status} /> },
      { title: t('robots.logs.column.feedback'), dataIndex: 'feedback', width: 90, render: (_, answer) => <FeedbackMark feedback={answer.feedback} /> },
      {
        title: t('robots.logs.column.checked'),
        dataIndex: 'checked',
        width: 110,
        fixed: 'right',
        render: (_, answer) => {
          const checked = m.changes[answer.id] ?? answer.checked;
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
                loading={m.checkingIds.includes(answer.id)}
                aria-label={t('robots.logs.checkedFor', { question: short(answer.question) })}
                onChange={(next) => m.toggled({ id: answer.id, checked: next })}
              />
            </span>
          );
        },
      },
    ],
    [t, formatDate, latency, canReview, m.changes, m.checkingIds, m.toggled],
  );
  if (m.status === 'error') {
    return <ErrorState title={t('robots.logs.loadFailed')} description={m.failure ? failureText(m.failure, t) : undefined} onRetry={m.retried} />;
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
      pagination={m.total > m.pageSize ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged } : false}
    />
  );
}

/**
 * The "Logs" tab: the robot's sessions and answers with model, tokens, latency, cost and feedback,
 * filtered on the server; details in a drawer; agents and admins mark answers checked.
 */
export function LogsTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const { opened, checkFailure } = useUnit({ opened: logsOpened, checkFailure: $checkFailure });
  const { processId, adminId } = robot;
  useEffect(() => {
    opened({ processId, adminId });
  }, [opened, processId, adminId]);
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <section style={{ flex: '0 1 320px', minWidth: 260, display: 'flex', flexDirection: 'column', gap: 8 }} aria-label={t('robots.logs.sessions.heading')}>
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('robots.logs.sessions.heading')}
        </Typography.Title>
        <SessionsPanel />
      </section>
      <section style={{ flex: '1 1 560px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }} aria-label={t('robots.logs.answersHeading')}>
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t('robots.logs.answersHeading')}
        </Typography.Title>
        <SaveFailedBanner failure={checkFailure} title={t('robots.logs.checkFailed')} />
        <AnswerFiltersBar />
        <AnswersTable />
      </section>
      <AnswerDrawer />
    </div>
  );
}
