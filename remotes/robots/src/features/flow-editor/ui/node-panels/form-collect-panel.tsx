import { Button, IconDelete, IconPlus, Input, Select, Switch } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, FORM_FIELD_TYPES, useT, type FormField, type FormFieldType } from '@flotilla/shared';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'robots.flowEditor.fieldType.text',
  phone: 'robots.flowEditor.fieldType.phone',
  email: 'robots.flowEditor.fieldType.email',
  number: 'robots.flowEditor.fieldType.number',
};

/** A formCollect node: the fields it asks for (name, label, type, required, question) and what it says when done. */
export function FormCollectPanel({ node, change, variables }: PanelProps<'formCollect'>) {
  const t = useT();
  const { fields } = node.data;
  const setFields = (next: FormField[], field: string) => change({ fields: next }, field);
  const update = (index: number, patch: Partial<FormField>, field: string) =>
    setFields(
      fields.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)),
      `fields.${index}.${field}`,
    );
  const add = () => {
    const n = fields.length + 1;
    setFields(
      [
        ...fields,
        { name: `field${n}`, label: t('robots.flowEditor.field.newField', { n }), type: 'text', required: true },
      ],
      'fields',
    );
  };
  return (
    <>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
        <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 4 }}>
          {t('robots.flowEditor.field.formFields')}
        </legend>
        {fields.map((entry, index) => {
          const n = index + 1;
          return (
            <div
              key={index}
              style={{
                border: '1px solid var(--semi-color-border)',
                borderRadius: 6,
                padding: 8,
                marginBottom: 8,
                display: 'grid',
                gap: 4,
              }}
            >
              <Input
                aria-label={t('robots.flowEditor.field.formFieldName', { n })}
                placeholder={t('robots.flowEditor.field.formFieldName', { n })}
                maxLength={50}
                value={entry.name}
                onChange={(name) => update(index, { name }, 'name')}
              />
              <Input
                aria-label={t('robots.flowEditor.field.formFieldLabel', { n })}
                placeholder={t('robots.flowEditor.field.formFieldLabel', { n })}
                maxLength={100}
                value={entry.label}
                onChange={(label) => update(index, { label }, 'label')}
              />
              <Select
                aria-label={t('robots.flowEditor.field.formFieldType', { n })}
                value={entry.type}
                optionList={FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(FIELD_TYPE_LABELS[type]) }))}
                onChange={(type) => update(index, { type: type as FormFieldType }, 'type')}
              />
              <Input
                aria-label={t('robots.flowEditor.field.formFieldQuestion', { n })}
                placeholder={t('robots.flowEditor.field.formFieldQuestionPlaceholder')}
                maxLength={500}
                value={entry.question ?? ''}
                onChange={(question) => update(index, { question: question || undefined }, 'question')}
              />
              <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  <Switch
                    size="small"
                    aria-label={t('robots.flowEditor.field.formFieldRequired', { n })}
                    checked={entry.required}
                    onChange={(required) => update(index, { required }, 'required')}
                  />
                  {t('robots.flowEditor.field.required')}
                </span>
                <Button
                  icon={<IconDelete />}
                  type="danger"
                  theme="borderless"
                  aria-label={t('robots.flowEditor.field.removeFormField', { n })}
                  onClick={() =>
                    setFields(
                      fields.filter((_, i) => i !== index),
                      'fields',
                    )
                  }
                />
              </div>
            </div>
          );
        })}
        <Button icon={<IconPlus />} disabled={fields.length >= FLOW_LIMITS.fields} onClick={add}>
          {t('robots.flowEditor.field.addFormField')}
        </Button>
      </fieldset>
      <TemplateField
        label={t('robots.flowEditor.field.doneText')}
        value={node.data.doneText ?? ''}
        onChange={(doneText) => change({ doneText: doneText || undefined }, 'doneText')}
        variables={variables}
      />
    </>
  );
}
