import { Button, Switch, Typography } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useId } from 'react';
import { NEXT_STATUS, type LaterStatus } from '../../../lib/case-status';
import { $case, $pendingChange, caseAdvanceClicked, caseCheckedChanged, caseReopenClicked } from '../case-detail.model';
import { CaseStatusTag } from './case-status-tag';

/** Catalog ids of the button that moves a case to each status. */
const ADVANCE_LABEL_IDS: Record<LaterStatus, string> = {
  assigned: 'cases.detail.markAssigned',
  in_progress: 'cases.detail.startWork',
  closed: 'cases.detail.close',
};

/** Where the case stands and the step that moves it along (or reopens it), and whether it was checked. */
export function CaseStatusPanel() {
  const t = useT();
  const checkedLabel = useId();
  const m = useUnit({
    item: $case,
    pending: $pendingChange,
    advanced: caseAdvanceClicked,
    reopened: caseReopenClicked,
    checkedChanged: caseCheckedChanged,
  });
  if (!m.item) return null;
  const next = NEXT_STATUS[m.item.status];
  return (
    <div className="flc-case__actions">
      <CaseStatusTag status={m.item.status} />
      {next ? (
        <Button
          theme="solid"
          type={next === 'closed' ? 'warning' : 'primary'}
          loading={m.pending === 'status'}
          disabled={m.pending !== null && m.pending !== 'status'}
          onClick={m.advanced}
        >
          {t(ADVANCE_LABEL_IDS[next])}
        </Button>
      ) : (
        <Button
          loading={m.pending === 'status'}
          disabled={m.pending !== null && m.pending !== 'status'}
          onClick={m.reopened}
        >
          {t('cases.detail.reopen')}
        </Button>
      )}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Switch
          checked={m.item.checked}
          loading={m.pending === 'checked'}
          disabled={m.pending !== null && m.pending !== 'checked'}
          onChange={(checked) => m.checkedChanged(checked)}
          aria-labelledby={checkedLabel}
        />
        <Typography.Text id={checkedLabel}>{t('cases.detail.checked')}</Typography.Text>
      </span>
    </div>
  );
}
