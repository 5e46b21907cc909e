import { Button, Radio, RadioGroup, Tag, Typography, IconClose } from '@flotilla/shared/ui/semi';
import { useT, type FeedbackValue } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import {
  $answerFilters,
  answerCheckedFilterChanged,
  answerFeedbackFilterChanged,
  answerList,
  logSessionPicked,
  sessionList,
} from '../robot-logs.model';
import { short } from './short';

const ANY = 'any';

/** Filters of the answers: the session picked on the left, feedback, and whether an agent checked them. */
export function AnswerFiltersBar() {
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
            {t('robots.logs.filter.session', {
              title: short(session?.title || t('robots.logs.sessions.untitled'), 24),
            })}
          </Tag>
          <Button
            size="small"
            theme="borderless"
            type="tertiary"
            icon={<IconClose />}
            aria-label={t('robots.logs.filter.allSessions')}
            onClick={() => m.sessionPicked(null)}
          />
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
