import type { FlowIssue } from '@flotilla/shared/flows';

/** A message id and its values. */
export type Words = { id: string; values?: Record<string, unknown> };

const INVALID_FIELD: Readonly<Record<string, string>> = {
  datasetIds: 'robots.flowV1.issue.datasets',
  limit: 'robots.flowV1.issue.limit',
  prompt: 'robots.flowV1.issue.prompt',
  model: 'robots.flowV1.issue.model',
  temperature: 'robots.flowV1.issue.temperature',
  text: 'robots.flowV1.issue.text',
  query: 'robots.flowV1.issue.query',
  label: 'robots.flowV1.issue.label',
};

const CLASS_FIELD: Readonly<Record<string, string>> = {
  name: 'robots.flowV1.issue.className',
  reply: 'robots.flowV1.issue.classReply',
  examples: 'robots.flowV1.issue.classExamples',
};

/**
 * How the editor words an issue, by its code and where it is (the issue's own `detail` is English, for logs
 * and API users). What it does not know is said with that detail.
 */
export function issueWords(issue: FlowIssue): Words {
  switch (issue.code) {
    case 'noSteps':
      return { id: 'robots.flowV1.issue.noSteps' };
    case 'unknownVariable':
      return { id: 'robots.flowV1.issue.unknownVariable' };
    case 'invalid': {
      if (issue.field === 'classes') {
        const [, index, field] = issue.path;
        if (index === undefined) return { id: 'robots.flowV1.issue.classes' };
        const id = field === undefined ? undefined : CLASS_FIELD[field];
        if (id) return { id, values: { n: Number(index) + 1 } };
        break;
      }
      const id = INVALID_FIELD[issue.field];
      if (id) return { id };
      break;
    }
    default:
      break;
  }
  return { id: 'robots.flowV1.issue.other', values: { detail: issue.detail } };
}

/** The issues of one field of a step (`classes` with `index`: of that class only). */
export function issuesAt(issues: readonly FlowIssue[], field: string, index?: number): FlowIssue[] {
  return issues.filter(
    (issue) => issue.field === field && (index === undefined ? true : issue.path[1] === String(index)),
  );
}
