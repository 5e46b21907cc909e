import { Banner, Descriptions, SideSheet, Spin, Switch, Tag, Typography, IconClose } from '@flotilla/shared/ui/semi';
import { failureText, REVIEWERS, useDateTime, usePermission, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { CSSProperties } from 'react';
import {
  $checkingIds,
  $openAnswer,
  $openAnswerFailure,
  $openAnswerLoading,
  $openTrace,
  answerCheckedToggled,
  answerClosed,
} from '../robot-logs.model';
import { AnswerStatusTag } from './answer-status-tag';
import { ChannelTag } from './channel-tag';
import { FeedbackMark } from './feedback-mark';
import { TraceSteps } from './trace-steps';
import { useLatency } from './use-latency';

const textBlock: CSSProperties = {
  margin: 0,
  padding: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  background: 'var(--semi-color-fill-0)',
  borderRadius: 'var(--semi-border-radius-medium)',
};

/** The details of one answer: question, answer, citations, who asked how, cost, feedback and review. */
export function AnswerDrawer() {
  const t = useT();
  const formatDate = useDateTime();
  const latency = useLatency();
  const canReview = usePermission(REVIEWERS);
  const m = useUnit({
    answer: $openAnswer,
    loading: $openAnswerLoading,
    failure: $openAnswerFailure,
    trace: $openTrace,
    checkingIds: $checkingIds,
    closed: answerClosed,
    toggled: answerCheckedToggled,
  });
  const answer = m.answer;
  return (
    <SideSheet
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {t('robots.logs.detailTitle')}
          {m.loading && <Spin size="small" />}
        </span>
      }
      visible={answer !== null}
      onCancel={m.closed}
      closeIcon={<IconClose aria-label={t('robots.logs.closeDetail')} />}
      width={600}
    >
      {answer && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          {m.failure && (
            <Banner
              type="warning"
              fullMode={false}
              closeIcon={null}
              title={t('robots.logs.detailFailed')}
              description={failureText(m.failure, t)}
            />
          )}
          <section>
            <Typography.Text strong>{t('robots.logs.question')}</Typography.Text>
            <p style={textBlock}>{answer.question}</p>
          </section>
          <section>
            <Typography.Text strong>{t('robots.logs.answer')}</Typography.Text>
            <p style={textBlock}>{answer.answer || t('robots.logs.noAnswer')}</p>
          </section>
          {answer.citations.length > 0 && (
            <section>
              <Typography.Text strong>{t('robots.logs.citations')}</Typography.Text>
              <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                {answer.citations.map((citation) => (
                  <li key={`${citation.index}-${citation.segmentId}`}>
                    <Typography.Text type="tertiary" size="small">
                      [{citation.index}] {citation.fileName}
                    </Typography.Text>
                    <Typography.Paragraph size="small" ellipsis={{ rows: 3, expandable: true }}>
                      {citation.text}
                    </Typography.Paragraph>
                  </li>
                ))}
              </ol>
            </section>
          )}
          <Descriptions
            data={[
              { key: t('robots.logs.column.time'), value: formatDate(answer.createdAt) },
              { key: t('robots.logs.column.channel'), value: <ChannelTag channel={answer.channel} /> },
              { key: t('robots.logs.user'), value: <Typography.Text copyable>{answer.userId}</Typography.Text> },
              { key: t('robots.logs.session'), value: <Typography.Text copyable>{answer.sessionId}</Typography.Text> },
              { key: t('robots.logs.column.model'), value: answer.model || t('robots.logs.none') },
              {
                key: t('robots.logs.column.tokens'),
                value: t('robots.logs.tokensDetail', {
                  prompt: answer.usage.promptTokens,
                  completion: answer.usage.completionTokens,
                  total: answer.usage.totalTokens,
                }),
              },
              { key: t('robots.logs.column.latency'), value: latency(answer.latencyMs) },
              { key: t('robots.logs.column.cost'), value: t('robots.logs.credits', { cost: answer.cost }) },
              {
                key: t('robots.logs.column.status'),
                value: (
                  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                    <AnswerStatusTag status={answer.status} />
                    {answer.errorCode && <Typography.Text code>{answer.errorCode}</Typography.Text>}
                  </span>
                ),
              },
              {
                key: t('robots.logs.column.feedback'),
                value: (
                  <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                    <FeedbackMark feedback={answer.feedback} />
                    {answer.feedbackText && <Typography.Text>{answer.feedbackText}</Typography.Text>}
                  </span>
                ),
              },
              {
                key: t('robots.logs.column.checked'),
                value: canReview ? (
                  <Switch
                    size="small"
                    checked={answer.checked}
                    loading={m.checkingIds.includes(answer.id)}
                    aria-label={t('robots.logs.checkedSwitch')}
                    onChange={(checked) => m.toggled({ id: answer.id, checked })}
                  />
                ) : (
                  <Tag type="light" color={answer.checked ? 'green' : 'grey'}>
                    {t(answer.checked ? 'robots.logs.checked' : 'robots.logs.unchecked')}
                  </Tag>
                ),
              },
            ]}
          />
          <TraceSteps trace={m.trace} />
        </div>
      )}
    </SideSheet>
  );
}
