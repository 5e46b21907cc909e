import { OTHER_CLASS_HANDLE, type Citation, type Usage } from '@flotilla/shared/contracts';
import { renderTemplate } from '@flotilla/shared/flows';
import { classifyByWords } from '../classify-builtin';
import type { RunContext, WorkingNode } from '../node-types';

const DEFAULT_PASSAGES = 3;

export function addUsage(run: RunContext, usage: Usage): void {
  run.usage = {
    promptTokens: run.usage.promptTokens + usage.promptTokens,
    completionTokens: run.usage.completionTokens + usage.completionTokens,
    totalTokens: run.usage.totalTokens + usage.totalTokens,
  };
}

/** A node's query: its own (templated), else the question. */
export const queryOf = (query: string | undefined, scope: Record<string, unknown>, question: string) =>
  query?.trim() ? renderTemplate(query, scope) : question;

export const knowledgeSearchNode: WorkingNode<'knowledgeSearch'> = async function* (node, scope, run, signal) {
  const query = queryOf(node.data.query, scope, run.question);
  const limit = node.data.limit ?? DEFAULT_PASSAGES;
  const found = await run.services.searchKnowledge(node.data.datasetIds, query, limit, signal);
  // Numbered after the passages earlier nodes found, as the answer cites them all.
  const numbered: Citation[] = found.citations.map((c, i) => ({ ...c, index: run.citations.length + i + 1 }));
  run.citations.push(...numbered);
  if (found.qaAnswer !== undefined && run.qaAnswer === undefined) run.qaAnswer = found.qaAnswer;
  return {
    input: { query, datasetIds: node.data.datasetIds, limit },
    output: { text: numbered.map((c) => `[${c.index}] ${c.text}`).join('\n\n'), count: numbered.length },
  };
};

export const aiChatNode: WorkingNode<'aiChat'> = async function* (node, scope, run, signal) {
  const prompt = node.data.prompt?.trim() ? renderTemplate(node.data.prompt, scope) : undefined;
  let answer = '';
  const request = {
    ...(node.data.model ? { model: node.data.model } : {}),
    ...(prompt !== undefined ? { prompt } : {}),
    ...(node.data.temperature !== undefined ? { temperature: node.data.temperature } : {}),
    knowledge: run.citations,
    ...(run.qaAnswer !== undefined ? { qaAnswer: run.qaAnswer } : {}),
  };
  for await (const chunk of run.services.answer(request, signal)) {
    if (chunk.type === 'usage') {
      addUsage(run, chunk.usage);
    } else {
      answer += chunk.text;
      yield chunk.text;
    }
  }
  return {
    input: { model: node.data.model ?? 'robot', prompt: prompt ?? '', passages: run.citations.length },
    output: { answer },
  };
};

export const classifyNode: WorkingNode<'classify'> = async function* (node, scope, run, signal) {
  const query = queryOf(node.data.query, scope, run.question);
  const { classes } = node.data;
  const byModel = await run.services.classifyWithModel(node.data.model, query, classes, signal);
  let classId: string | undefined;
  if (byModel === 'builtin') {
    classId = classifyByWords(query, classes)?.classId;
  } else {
    classId = byModel.classId;
    addUsage(run, byModel.usage);
  }
  const chosen = classes.find((option) => option.id === classId);
  return {
    input: { query, classes: classes.map((option) => option.name), by: byModel === 'builtin' ? 'words' : 'model' },
    output: { class: chosen?.name ?? '', classId: chosen?.id ?? '' },
    handle: chosen?.id ?? OTHER_CLASS_HANDLE,
  };
};
