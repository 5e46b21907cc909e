import { Button } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import {
  SCENE_LIMITS,
  useT,
  type Dataset,
  type SceneField,
  type SceneTemplate,
  type SceneValues,
} from '@flotilla/shared';
import type { SceneFormValues } from '../business-scenes.model';

const NAME_MAX = 100;

/** One template field as its kind asks for it: a line, several lines, or a choice of datasets. */
function fieldInput(field: SceneField, datasets: Dataset[], datasetsLoading: boolean, t: ReturnType<typeof useT>) {
  const common = { field: `values.${field.name}`, label: field.label, key: field.name };
  const required = field.required ? [{ required: true, message: t('robots.scenes.fieldRequired') }] : [];
  if (field.kind === 'datasets')
    return (
      <Form.Select
        {...common}
        multiple
        filter
        loading={datasetsLoading}
        placeholder={t('robots.scenes.datasetsPlaceholder')}
        emptyContent={t('robots.scenes.noDatasets')}
        optionList={datasets.map((dataset) => ({ value: dataset.id, label: dataset.name }))}
        style={{ width: '100%' }}
        rules={[
          ...(field.required
            ? [{ type: 'array' as const, required: true, message: t('robots.scenes.fieldRequired') }]
            : []),
          {
            type: 'array' as const,
            max: SCENE_LIMITS.datasets,
            message: t('robots.scenes.datasetsTooMany', { max: SCENE_LIMITS.datasets }),
          },
        ]}
      />
    );
  const max = field.kind === 'text' ? SCENE_LIMITS.text : SCENE_LIMITS.textarea;
  const rules = [...required, { max, message: t('robots.scenes.fieldTooLong', { max }) }];
  if (field.kind === 'text') return <Form.Input {...common} maxLength={max} rules={rules} />;
  return <Form.TextArea {...common} autosize={{ minRows: 2, maxRows: 10 }} maxCount={max} rules={rules} />;
}

/** The form's start: the robot's name and each field's value (a text field's default when none is given). */
export function initialSceneValues(template: SceneTemplate, given?: { name: string; values: SceneValues }) {
  const values = Object.fromEntries(
    template.fields.map((field) => [
      field.name,
      given?.values[field.name] ?? (field.kind === 'datasets' ? [] : (field.default ?? '')),
    ]),
  );
  return { name: given?.name ?? template.name, values };
}

/** A template's short form: the robot's name, then the template's fields by kind. */
export function SceneForm({
  template,
  initial,
  datasets,
  datasetsLoading,
  saving,
  submitLabel,
  onSubmit,
}: {
  template: SceneTemplate;
  initial: SceneFormValues;
  datasets: Dataset[];
  datasetsLoading: boolean;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: SceneFormValues) => void;
}) {
  const t = useT();
  return (
    <Form<SceneFormValues>
      initValues={initial}
      labelPosition="top"
      style={{ maxWidth: 760 }}
      onSubmit={(values) => onSubmit({ name: values.name ?? '', values: values.values ?? {} })}
    >
      <Form.Input
        field="name"
        label={t('robots.scenes.name')}
        maxLength={NAME_MAX}
        rules={[
          { required: true, whitespace: true, message: t('robots.scenes.nameRequired') },
          { max: NAME_MAX, message: t('robots.scenes.fieldTooLong', { max: NAME_MAX }) },
        ]}
      />
      {template.fields.map((field) => fieldInput(field, datasets, datasetsLoading, t))}
      <Button htmlType="submit" theme="solid" type="primary" loading={saving} style={{ marginTop: 12 }}>
        {submitLabel}
      </Button>
    </Form>
  );
}
