import { useT } from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { $assigneeOptions, $case, $pendingChange, caseAssigneePicked } from '../case-detail.model';

/** Who works on the case: any user the caller may act for (an agent may only take it), or nobody. */
export function CaseAssigneePicker() {
  const t = useT();
  const m = useUnit({ item: $case, options: $assigneeOptions, pending: $pendingChange, picked: caseAssigneePicked });
  if (!m.item) return null;
  return (
    <LabelledSelect
      label={t('cases.detail.assignee')}
      placeholder={t('cases.detail.noAssignee')}
      value={m.item.assigneeId ?? undefined}
      optionList={m.options.map((option) => ({ value: option.id, label: option.name }))}
      onChange={(value) => m.picked(typeof value === 'string' ? value : null)}
      loading={m.pending === 'assigneeId'}
      disabled={m.pending !== null && m.pending !== 'assigneeId'}
      filter
      showClear
      style={{ width: '100%' }}
    />
  );
}
