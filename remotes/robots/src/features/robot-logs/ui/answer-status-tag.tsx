import { Tag } from '@flotilla/shared/ui/semi';
import { useT, type CompletionLog } from '@flotilla/shared';

const STATUS_LABELS = {
  done: 'robots.logs.status.done',
  stopped: 'robots.logs.status.stopped',
  error: 'robots.logs.status.error',
} as const satisfies Record<CompletionLog['status'], string>;

const STATUS_COLORS = { done: 'green', stopped: 'orange', error: 'red' } as const satisfies Record<
  CompletionLog['status'],
  string
>;

/** How the answer ended: complete, stopped by the user, or failed. */
export function AnswerStatusTag({ status }: { status: CompletionLog['status'] }) {
  const t = useT();
  return (
    <Tag color={STATUS_COLORS[status]} type="light">
      {t(STATUS_LABELS[status])}
    </Tag>
  );
}
