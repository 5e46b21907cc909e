import type { V1StepType } from '@flotilla/shared';
import type { StepVariable } from './steps';

/** Each step type's name, and one line saying what it does (the add menu, the step's title). */
export const STEP_TYPE_WORDS: Readonly<Record<V1StepType, { name: string; hint: string }>> = {
  knowledgeSearch: { name: 'robots.flowV1.type.knowledgeSearch', hint: 'robots.flowV1.type.knowledgeSearchHint' },
  aiChat: { name: 'robots.flowV1.type.aiChat', hint: 'robots.flowV1.type.aiChatHint' },
  classify: { name: 'robots.flowV1.type.classify', hint: 'robots.flowV1.type.classifyHint' },
  reply: { name: 'robots.flowV1.type.reply', hint: 'robots.flowV1.type.replyHint' },
};

/** What each output a step gives later steps is, by `<type>.<output>`. */
const OUTPUT_WORDS: Readonly<Record<string, string>> = {
  'start.question': 'robots.flowV1.output.question',
  'knowledgeSearch.text': 'robots.flowV1.output.knowledgeText',
  'knowledgeSearch.count': 'robots.flowV1.output.knowledgeCount',
  'aiChat.answer': 'robots.flowV1.output.answer',
  'classify.class': 'robots.flowV1.output.className',
  'classify.classId': 'robots.flowV1.output.classId',
  'reply.text': 'robots.flowV1.output.replyText',
};

/** The message id of an output, or the output's own name when it has none (translated by the caller). */
export function outputWordsId(variable: StepVariable): string | undefined {
  return OUTPUT_WORDS[`${variable.type}.${variable.output}`];
}

/** The fields each step type's form shows; an issue on any other field shows at the top of the step. */
export const STEP_FIELDS: Readonly<Record<V1StepType, readonly string[]>> = {
  knowledgeSearch: ['datasetIds', 'limit'],
  aiChat: ['prompt', 'model', 'temperature'],
  classify: ['classes'],
  reply: ['text'],
};
