import { Button, Typography, IconPlus } from '@flotilla/shared/ui/semi';
import { FLOW_LIMITS, useT } from '@flotilla/shared';
import { newClass } from '../lib/steps';
import { ClassForm } from './class-form';
import { FieldIssues } from './field-issues';
import type { StepFormProps } from './step-form-props';

/**
 * A classify step: the classes a question may be of, each with examples and its reply. A question of no
 * class goes on to the next step.
 */
export function ClassifyStepForm({ step, issues, variables, onChange }: StepFormProps<'classify'>) {
  const t = useT();
  const { classes } = step.data;
  const classIssues = issues.filter((issue) => issue.field === 'classes');
  const listIssues = classIssues.filter((issue) => issue.path[1] === undefined);
  return (
    <>
      <Typography.Text type="tertiary" size="small">
        {t('robots.flowV1.field.classesHint')}
      </Typography.Text>
      {classes.map((option, index) => (
        <ClassForm
          key={option.id}
          stepId={step.id}
          index={index}
          option={option}
          issues={classIssues.filter((issue) => issue.path[1] === String(index))}
          variables={variables}
          removable={classes.length > 1}
          onChange={(changed) =>
            onChange({ ...step.data, classes: classes.map((other, at) => (at === index ? changed : other)) })
          }
          onRemove={() => onChange({ ...step.data, classes: classes.filter((_, at) => at !== index) })}
        />
      ))}
      <FieldIssues issues={listIssues} />
      <div>
        <Button
          icon={<IconPlus />}
          disabled={classes.length >= FLOW_LIMITS.classes}
          onClick={() => onChange({ ...step.data, classes: [...classes, newClass(classes)] })}
        >
          {t('robots.flowV1.addClass')}
        </Button>
      </div>
    </>
  );
}
