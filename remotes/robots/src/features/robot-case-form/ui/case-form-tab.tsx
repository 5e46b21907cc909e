import { Button, IconPlus, Switch, Typography } from '@flotilla/shared/ui/semi';
import { CASE_FORM_LIMITS, useT, type CaseForm } from '@flotilla/shared';
import { EmptyState, SaveFailedBanner } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useId, useState } from 'react';
import { useRobotOpened, type RobotRef } from '../../../lib/robot-ref';
import { TabLoadFailed } from '../../../ui/tab-load-failed';
import { TabLoading } from '../../../ui/tab-loading';
import { blankField, draftProblems, moveField, toCaseForm, toDraft, type DraftField } from '../lib/case-form-draft';
import {
  $caseForm,
  $caseFormLoadCount,
  $caseFormLoadFailure,
  $caseFormSaveFailure,
  $caseFormSaving,
  $caseFormStatus,
  caseFormOpened,
  caseFormRetryClicked,
  caseFormSubmitted,
} from '../robot-case-form.model';
import { CaseFormFieldRow } from './case-form-field-row';
import './case-form.css';

/** The editor of a loaded form: its rows start from the saved form and are sent whole. */
function useDraft(form: CaseForm | null, loadCount: number) {
  const [enabled, setEnabled] = useState(false);
  const [fields, setFields] = useState<DraftField[]>([]);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!form) return;
    setEnabled(form.enabled);
    setFields(toDraft(form));
    setTried(false);
  }, [form, loadCount]);
  return { enabled, setEnabled, fields, setFields, tried, setTried };
}

/**
 * The "Case form" tab: whether the robot opens cases, and the fields a conversation must give for one to open
 * (name, label, type, required), in order; checked as the server checks them before saving.
 */
export function CaseFormTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  const enabledLabel = useId();
  const m = useUnit({
    form: $caseForm,
    status: $caseFormStatus,
    loadFailure: $caseFormLoadFailure,
    saveFailure: $caseFormSaveFailure,
    saving: $caseFormSaving,
    loadCount: $caseFormLoadCount,
    opened: caseFormOpened,
    retried: caseFormRetryClicked,
    submitted: caseFormSubmitted,
  });
  useRobotOpened(m.opened, robot);
  const draft = useDraft(m.form, m.loadCount);

  if (m.status === 'error') return <TabLoadFailed failure={m.loadFailure} onRetry={m.retried} />;
  if (!m.form) return <TabLoading />;

  const { fields, setFields } = draft;
  const problems = draft.tried ? draftProblems(fields) : {};
  const change = (key: string, patch: Partial<DraftField>) =>
    setFields(fields.map((field) => (field.key === key ? { ...field, ...patch } : field)));
  const save = () => {
    draft.setTried(true);
    if (Object.keys(draftProblems(fields)).length === 0) m.submitted(toCaseForm(draft.enabled, fields));
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, maxWidth: 960 }}>
      <SaveFailedBanner failure={m.saveFailure} title={t('robots.caseForm.saveFailed')} />
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Switch checked={draft.enabled} onChange={draft.setEnabled} aria-labelledby={enabledLabel} />
        <Typography.Text id={enabledLabel} strong>
          {t('robots.caseForm.enabled')}
        </Typography.Text>
      </span>
      <Typography.Text type="tertiary">{t('robots.caseForm.hint')}</Typography.Text>
      {fields.length === 0 ? (
        <EmptyState title={t('robots.caseForm.noFields')} description={t('robots.caseForm.noFieldsHint')} />
      ) : (
        <div role="list" aria-label={t('robots.caseForm.fields')}>
          {fields.map((field, index) => (
            <div role="listitem" key={field.key}>
              <CaseFormFieldRow
                field={field}
                index={index}
                count={fields.length}
                problems={problems[field.key]}
                onChange={(patch) => change(field.key, patch)}
                onMove={(step) => setFields(moveField(fields, index, step))}
                onRemove={() => setFields(fields.filter((other) => other.key !== field.key))}
              />
            </div>
          ))}
        </div>
      )}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button
          icon={<IconPlus />}
          disabled={fields.length >= CASE_FORM_LIMITS.fieldsMax}
          onClick={() => setFields([...fields, blankField()])}
        >
          {t('robots.caseForm.add', { max: CASE_FORM_LIMITS.fieldsMax })}
        </Button>
        <Button theme="solid" type="primary" loading={m.saving} onClick={save}>
          {t('robots.caseForm.save')}
        </Button>
      </div>
    </div>
  );
}
