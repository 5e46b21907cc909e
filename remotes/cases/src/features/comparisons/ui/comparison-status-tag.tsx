import { Tag } from '@flotilla/shared/ui/semi';
import type { TagColor } from '@flotilla/shared/ui/semi';
import { useT, type ComparisonStatus } from '@flotilla/shared';

const COLORS: Record<ComparisonStatus, TagColor> = { queued: 'grey', running: 'blue', done: 'green', failed: 'red' };

/** A comparison's status as a coloured tag. */
export function ComparisonStatusTag({ status }: { status: ComparisonStatus }) {
  const t = useT();
  return (
    <Tag color={COLORS[status]} type="light">
      {t(`cases.comparisons.status.${status}`)}
    </Tag>
  );
}
