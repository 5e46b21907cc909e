import { Tag, Typography, IconDislikeThumb, IconLikeThumb } from '@flotilla/shared/ui/semi';
import { useT, type CompletionLog } from '@flotilla/shared';

/** Message ids of the channels an answer came through. */
export const CHANNEL_LABELS = {
  visitor: 'robots.logs.channel.visitor',
  staff: 'robots.logs.channel.staff',
  api: 'robots.logs.channel.api',
} as const satisfies Record<CompletionLog['channel'], string>;

const CHANNEL_COLORS = { visitor: 'blue', staff: 'violet', api: 'cyan' } as const satisfies Record<CompletionLog['channel'], string>;

const STATUS_LABELS = {
  done: 'robots.logs.status.done',
  stopped: 'robots.logs.status.stopped',
  error: 'robots.logs.status.error',
} as const satisfies Record<CompletionLog['status'], string>;

const STATUS_COLORS = { done: 'green', stopped: 'orange', error: 'red' } as const satisfies Record<CompletionLog['status'], string>;

/** Where a question came from: a share's visitor, the console's debug chat, or an API secret. */
export function ChannelTag({ channel }: { channel: CompletionLog['channel'] }) {
  const t = useT();
  return (
    <Tag color={CHANNEL_COLORS[channel]} type="light">
      {t(CHANNEL_LABELS[channel])}
    </Tag>
  );
}

/** How the answer ended: complete, stopped by the user, or failed. */
export function AnswerStatusTag({ status }: { status: CompletionLog['status'] }) {
  const t = useT();
  return (
    <Tag color={STATUS_COLORS[status]} type="light">
      {t(STATUS_LABELS[status])}
    </Tag>
  );
}

/** The chatter's like or dislike, or a dash without one. */
export function FeedbackMark({ feedback }: { feedback: CompletionLog['feedback'] }) {
  const t = useT();
  if (feedback === 'like') return <IconLikeThumb style={{ color: 'var(--semi-color-success)' }} aria-label={t('robots.logs.feedback.like')} />;
  if (feedback === 'dislike') return <IconDislikeThumb style={{ color: 'var(--semi-color-danger)' }} aria-label={t('robots.logs.feedback.dislike')} />;
  return <Typography.Text type="tertiary">{t('robots.logs.none')}</Typography.Text>;
}

/** How long the answer took, in ms below a second, else in seconds. */
export function useLatency(): (ms: number) => string {
  const t = useT();
  return (ms) => (ms < 1000 ? t('robots.logs.latencyMs', { ms }) : t('robots.logs.latencySeconds', { seconds: (ms / 1000).toFixed(1) }));
}
