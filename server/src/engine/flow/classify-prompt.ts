import type { FlowClass } from '@flotilla/shared/contracts';

/** The instructions a model gets to classify a question: numbered classes, answer with one number. */
export function classifyInstructions(classes: readonly FlowClass[]): string {
  const listed = classes
    .map((option, i) => {
      const examples = option.examples.length > 0 ? ` (e.g. ${option.examples.join('; ')})` : '';
      return `${i + 1}. ${option.name}${examples}`;
    })
    .join('\n');
  return [
    'Classify the user message into exactly one of these classes:',
    listed,
    'Answer with the number of the class only. Answer 0 if none fits.',
  ].join('\n');
}

/** The class a model's answer names (the first number in it), or undefined for 0, nonsense or out of range. */
export function classFromAnswer(answer: string, classes: readonly FlowClass[]): string | undefined {
  const number = Number(/\d+/.exec(answer)?.[0] ?? '0');
  return number >= 1 && number <= classes.length ? classes[number - 1]?.id : undefined;
}
