import { Typography, IconDislikeThumb, IconLikeThumb } from '@flotilla/shared/ui/semi';
import { useT, type CompletionLog } from '@flotilla/shared';

/** The chatter's like or dislike, or a dash without one. */
export function FeedbackMark({ feedback }: { feedback: CompletionLog['feedback'] }) {
  const t = useT();
  if (feedback === 'like')
    return <IconLikeThumb style={{ color: 'var(--semi-color-success)' }} aria-label={t('robots.logs.feedback.like')} />;
  if (feedback === 'dislike')
    return (
      <IconDislikeThumb style={{ color: 'var(--semi-color-danger)' }} aria-label={t('robots.logs.feedback.dislike')} />
    );
  return <Typography.Text type="tertiary">{t('robots.logs.none')}</Typography.Text>;
}
