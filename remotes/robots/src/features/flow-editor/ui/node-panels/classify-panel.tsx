import { Button, IconDelete, IconPlus, Input, TagInput } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT, type FlowClass } from '@flotilla/shared';
import { freshId } from '@flotilla/shared/flows';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import { ModelSelect } from './model-select';
import type { PanelProps } from './panel-props';

/**
 * A classify node: its classes (each a name and examples, and a handle of its own; removing one removes
 * its edge), what it classifies and with which model.
 */
export function ClassifyPanel({ node, change, variables }: PanelProps<'classify'>) {
  const t = useT();
  const { classes } = node.data;
  const setClasses = (next: FlowClass[], field: string) => change({ classes: next }, field);
  const update = (index: number, patch: Partial<FlowClass>, field: string) =>
    setClasses(
      classes.map((option, i) => (i === index ? { ...option, ...patch } : option)),
      `classes.${index}.${field}`,
    );
  const add = () => {
    const id = freshId('class', new Set(classes.map((option) => option.id)));
    setClasses(
      [...classes, { id, name: t('robots.flowEditor.field.newClass', { n: classes.length + 1 }), examples: [] }],
      'classes',
    );
  };
  return (
    <>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
        <legend style={{ fontWeight: 600, fontSize: 13, marginBottom: 4 }}>
          {t('robots.flowEditor.field.classes')}
        </legend>
        {classes.map((option, index) => (
          <div
            key={option.id}
            style={{ border: '1px solid var(--semi-color-border)', borderRadius: 6, padding: 8, marginBottom: 8 }}
          >
            <FieldRow
              label={t('robots.flowEditor.field.className', { n: index + 1 })}
              htmlFor={`${node.id}-class-${option.id}`}
            >
              <div style={{ display: 'flex', gap: 4 }}>
                <Input
                  id={`${node.id}-class-${option.id}`}
                  maxLength={100}
                  value={option.name}
                  onChange={(name) => update(index, { name }, 'name')}
                />
                <Button
                  icon={<IconDelete />}
                  type="danger"
                  theme="borderless"
                  aria-label={t('robots.flowEditor.field.removeClass', { name: option.name })}
                  onClick={() =>
                    setClasses(
                      classes.filter((_, i) => i !== index),
                      'classes',
                    )
                  }
                />
              </div>
            </FieldRow>
            <TagInput
              aria-label={t('robots.flowEditor.field.examples', { name: option.name })}
              placeholder={t('robots.flowEditor.field.examplesPlaceholder')}
              value={option.examples}
              maxLength={FLOW_LIMITS.examples}
              maxTagCount={FLOW_LIMITS.examples}
              onChange={(examples) =>
                update(index, { examples: examples.map((e) => e.slice(0, 200)).filter(Boolean) }, 'examples')
              }
            />
          </div>
        ))}
        <Button icon={<IconPlus />} disabled={classes.length >= FLOW_LIMITS.classes} onClick={add}>
          {t('robots.flowEditor.field.addClass')}
        </Button>
      </fieldset>
      <TemplateField
        label={t('robots.flowEditor.field.query')}
        value={node.data.query ?? ''}
        onChange={(query) => change({ query: query || undefined }, 'query')}
        variables={variables}
        placeholder={t('robots.flowEditor.field.queryPlaceholder')}
      />
      <ModelSelect value={node.data.model} onChange={(model) => change({ model }, 'model')} />
    </>
  );
}
