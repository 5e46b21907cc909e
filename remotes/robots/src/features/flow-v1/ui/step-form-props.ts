import type { FlowIssue } from '@flotilla/shared/flows';
import type { StepVariable, V1Step } from '../lib/steps';

/** What the form of one step type gets: its step, the issues on it, the variables it may use, and how to change it. */
export type StepFormProps<Type extends V1Step['type']> = {
  step: Extract<V1Step, { type: Type }>;
  issues: readonly FlowIssue[];
  variables: readonly StepVariable[];
  onChange: (data: Extract<V1Step, { type: Type }>['data']) => void;
};
