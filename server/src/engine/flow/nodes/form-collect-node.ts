import { renderTemplate } from '@flotilla/shared/flows';
import { answerFor, findTypedValue, invalidAnswer, questionFor } from '../form-fields';
import type { InstantNode } from '../node-types';

/**
 * Collects its fields over as many turns as it takes. Each question may fill typed fields (phone, email,
 * number) wherever they appear in it; the answer to the question the node asked last fills that field.
 * While a required field is missing the node asks for it and the run pauses there; once all are in it
 * says its done text (if any) and the run goes on with the fields as outputs. The fields stay with the
 * session (`state.forms`), where cases read them.
 */
export const formCollectNode: InstantNode<'formCollect'> = (node, scope, run) => {
  const { fields } = node.data;
  const before = run.state.forms[node.id] ?? {};
  const values = { ...before };
  const asked = run.state.waiting?.nodeId === node.id ? run.state.waiting.field : undefined;
  let rejected: string | undefined;

  for (const field of fields) {
    if (values[field.name] !== undefined) continue;
    const value = field.name === asked ? answerFor(field, run.question) : findTypedValue(field.type, run.question);
    if (value !== undefined) values[field.name] = value;
    else if (field.name === asked) rejected = field.name;
  }
  run.state.forms[node.id] = values;
  const input = { question: run.question, asked: asked ?? null };

  const missing = fields.find((field) => field.required && values[field.name] === undefined);
  if (missing) {
    const ask = questionFor(missing, run.locale);
    const say = missing.name === rejected ? `${invalidAnswer(missing, run.locale)}\n${ask}` : ask;
    return { input, output: { ...values }, waitFor: missing.name, say };
  }
  // Said when the form is completed, not each time a later question of the session passes a form complete before.
  const completedNow = fields.some((field) => field.required && before[field.name] === undefined);
  const doneText =
    completedNow && node.data.doneText?.trim()
      ? renderTemplate(node.data.doneText, { ...scope, [node.id]: values })
      : '';
  return { input, output: { ...values }, ...(doneText ? { say: doneText } : {}) };
};
