import { Button, IconDelete, IconPlus, Input, Radio, RadioGroup, Select } from '@flotilla/shared/ui/semi';
import { CONDITION_OPERATORS, FLOW_LIMITS, useT, type ConditionOperator, type ConditionRule } from '@flotilla/shared';
import { FieldRow } from '../field-row';
import { TemplateField } from '../template-field';
import type { PanelProps } from './panel-props';

/** The operator names, by operator. */
const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'robots.flowEditor.operator.equals',
  notEquals: 'robots.flowEditor.operator.notEquals',
  contains: 'robots.flowEditor.operator.contains',
  notContains: 'robots.flowEditor.operator.notContains',
  isEmpty: 'robots.flowEditor.operator.isEmpty',
  isNotEmpty: 'robots.flowEditor.operator.isNotEmpty',
  greaterThan: 'robots.flowEditor.operator.greaterThan',
  lessThan: 'robots.flowEditor.operator.lessThan',
};

const UNARY: ReadonlySet<ConditionOperator> = new Set(['isEmpty', 'isNotEmpty']);

/** A condition node: its rules (left, operator, right) and whether all or any must hold. */
export function ConditionPanel({ node, change, variables }: PanelProps<'condition'>) {
  const t = useT();
  const { rules } = node.data;
  const setRules = (next: ConditionRule[], field: string) => change({ rules: next }, field);
  const update = (index: number, patch: Partial<ConditionRule>, field: string) =>
    setRules(
      rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)),
      `rules.${index}.${field}`,
    );
  return (
    <>
      <FieldRow label={t('robots.flowEditor.field.match')}>
        <RadioGroup
          type="button"
          aria-label={t('robots.flowEditor.field.match')}
          value={node.data.match ?? 'all'}
          onChange={(event) => change({ match: event.target.value === 'any' ? 'any' : 'all' }, 'match')}
        >
          <Radio value="all">{t('robots.flowEditor.field.matchAll')}</Radio>
          <Radio value="any">{t('robots.flowEditor.field.matchAny')}</Radio>
        </RadioGroup>
      </FieldRow>
      {rules.map((rule, index) => (
        <div
          key={index}
          style={{ border: '1px solid var(--semi-color-border)', borderRadius: 6, padding: 8, marginBottom: 8 }}
        >
          <TemplateField
            label={t('robots.flowEditor.field.ruleLeft', { n: index + 1 })}
            value={rule.left}
            onChange={(left) => update(index, { left }, 'left')}
            variables={variables}
            multiline={false}
          />
          <div style={{ display: 'flex', gap: 4 }}>
            <Select
              aria-label={t('robots.flowEditor.field.ruleOperator', { n: index + 1 })}
              style={{ flex: 1 }}
              value={rule.operator}
              optionList={CONDITION_OPERATORS.map((operator) => ({
                value: operator,
                label: t(OPERATOR_LABELS[operator]),
              }))}
              onChange={(operator) => update(index, { operator: operator as ConditionOperator }, 'operator')}
            />
            <Button
              icon={<IconDelete />}
              type="danger"
              theme="borderless"
              disabled={rules.length <= 1}
              aria-label={t('robots.flowEditor.field.removeRule', { n: index + 1 })}
              onClick={() =>
                setRules(
                  rules.filter((_, i) => i !== index),
                  'rules',
                )
              }
            />
          </div>
          {!UNARY.has(rule.operator) && (
            <Input
              style={{ marginTop: 4 }}
              aria-label={t('robots.flowEditor.field.ruleRight', { n: index + 1 })}
              placeholder={t('robots.flowEditor.field.ruleRightPlaceholder')}
              maxLength={FLOW_LIMITS.text}
              value={rule.right ?? ''}
              onChange={(right) => update(index, { right }, 'right')}
            />
          )}
        </div>
      ))}
      <Button
        icon={<IconPlus />}
        disabled={rules.length >= FLOW_LIMITS.conditionRules}
        onClick={() => setRules([...rules, { left: '{{start.question}}', operator: 'contains', right: '' }], 'rules')}
      >
        {t('robots.flowEditor.field.addRule')}
      </Button>
    </>
  );
}
