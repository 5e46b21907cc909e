import { Tag } from '@flotilla/shared/ui/semi';
import type { TagColor } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';

const COLORS: Record<string, TagColor> = {
  queued: 'grey',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** A report's status (queued, running, done, failed, cancelled; any other as the server says it). */
export function ReportStatusTag({ status }: { status: string }) {
  const t = useT();
  const known = status in COLORS;
  return (
    <Tag color={COLORS[status] ?? 'grey'} type="light">
      {known ? t(`cases.reports.status.${status}`) : status}
    </Tag>
  );
}
