import { Tag } from '@flotilla/shared/ui/semi';
import type { TagColor } from '@flotilla/shared/ui/semi';
import { useT, type CaseStatus } from '@flotilla/shared';

/** Semi palette colours (they follow the dark theme) and catalog ids of each status. */
export const CASE_STATUS_LOOK: Record<CaseStatus, { color: TagColor; labelId: string }> = {
  new: { color: 'blue', labelId: 'cases.status.new' },
  assigned: { color: 'violet', labelId: 'cases.status.assigned' },
  in_progress: { color: 'orange', labelId: 'cases.status.in_progress' },
  closed: { color: 'grey', labelId: 'cases.status.closed' },
};

/** Where a case stands: new, assigned to an agent, in progress, or closed. */
export function CaseStatusTag({ status }: { status: CaseStatus }) {
  const t = useT();
  const look = CASE_STATUS_LOOK[status];
  return (
    <Tag color={look.color} type="light">
      {t(look.labelId)}
    </Tag>
  );
}
