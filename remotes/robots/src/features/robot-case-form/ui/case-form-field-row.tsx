import { Button, Checkbox, Input, IconDelete } from '@flotilla/shared/ui/semi';
import { CASE_FIELD_TYPES, CASE_FORM_LIMITS, useT, type CaseFieldType } from '@flotilla/shared';
import { LabelledSelect } from '@flotilla/shared/ui';
import type { DraftField, FieldProblems } from '../lib/case-form-draft';

/** Catalog ids of the field types' names. */
const TYPE_LABEL_IDS: Record<CaseFieldType, string> = {
  text: 'robots.caseForm.type.text',
  phone: 'robots.caseForm.type.phone',
  email: 'robots.caseForm.type.email',
  number: 'robots.caseForm.type.number',
};

export type CaseFormFieldRowProps = {
  field: DraftField;
  /** 0-based; the labels count from 1. */
  index: number;
  count: number;
  problems: FieldProblems | undefined;
  onChange: (patch: Partial<DraftField>) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
};

/** One field of the case form: its name, label, type and whether it is required, moved up or down or removed. */
export function CaseFormFieldRow({ field, index, count, problems, onChange, onMove, onRemove }: CaseFormFieldRowProps) {
  const t = useT();
  const n = index + 1;
  return (
    <div className="flr-case-form__row">
      <div className="flr-case-form__cell">
        <Input
          aria-label={t('robots.caseForm.name', { index: n })}
          placeholder={t('robots.caseForm.namePlaceholder')}
          value={field.name}
          maxLength={CASE_FORM_LIMITS.nameMax}
          validateStatus={problems?.name ? 'error' : 'default'}
          onChange={(name) => onChange({ name })}
        />
        {problems?.name && (
          <span className="flr-case-form__error">{t(problems.name, { max: CASE_FORM_LIMITS.nameMax })}</span>
        )}
      </div>
      <div className="flr-case-form__cell">
        <Input
          aria-label={t('robots.caseForm.label', { index: n })}
          placeholder={t('robots.caseForm.labelPlaceholder')}
          value={field.label}
          maxLength={CASE_FORM_LIMITS.labelMax}
          validateStatus={problems?.label ? 'error' : 'default'}
          onChange={(label) => onChange({ label })}
        />
        {problems?.label && (
          <span className="flr-case-form__error">{t(problems.label, { max: CASE_FORM_LIMITS.labelMax })}</span>
        )}
      </div>
      <div className="flr-case-form__cell">
        <LabelledSelect
          label={t('robots.caseForm.type', { index: n })}
          value={field.type}
          optionList={CASE_FIELD_TYPES.map((type) => ({ value: type, label: t(TYPE_LABEL_IDS[type]) }))}
          // Without the opening animation: with it a click on an option did not select it (Chromium and jsdom).
          motion={false}
          onChange={(type) => onChange({ type: type as CaseFieldType })}
          style={{ width: '100%' }}
        />
      </div>
      <Checkbox
        className="flr-case-form__required"
        checked={field.required}
        onChange={(event) => onChange({ required: Boolean(event.target.checked) })}
      >
        {t('robots.caseForm.required')}
      </Checkbox>
      <div className="flr-case-form__moves">
        <Button
          theme="borderless"
          size="small"
          disabled={index === 0}
          aria-label={t('robots.caseForm.moveUp', { index: n })}
          onClick={() => onMove(-1)}
        >
          {t('robots.caseForm.up')}
        </Button>
        <Button
          theme="borderless"
          size="small"
          disabled={index === count - 1}
          aria-label={t('robots.caseForm.moveDown', { index: n })}
          onClick={() => onMove(1)}
        >
          {t('robots.caseForm.down')}
        </Button>
        <Button
          type="danger"
          theme="borderless"
          icon={<IconDelete />}
          aria-label={t('robots.caseForm.remove', { index: n })}
          onClick={onRemove}
        />
      </div>
    </div>
  );
}
