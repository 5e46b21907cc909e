import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Failure, type QaPair } from '@flotilla/shared';
import { showSuccessFx, type CatalogMessage } from '@flotilla/shared/ui';
import { createQaPairs } from './api/create-qa-pairs';
import { $uploadDatasetId, uploadPageOpened } from './file-upload.model';

/** At most this many pairs go in one call (the contract's limit). */
export const QA_PAIRS_MAX = 500;

/** One row of the table of QA pairs entered by hand. */
export type QaRow = { key: string; question: string; answer: string };
type QaField = 'question' | 'answer';

let lastKey = 0;
const emptyRow = (): QaRow => ({ key: `qa-${(lastKey += 1)}`, question: '', answer: '' });

/**
 * The pairs to send, or why they cannot be sent: rows left empty are skipped, a row with only a
 * question or only an answer is refused with its number.
 */
export function pairsOf(rows: readonly QaRow[]): { pairs: QaPair[] } | { problem: CatalogMessage } {
  const pairs: QaPair[] = [];
  for (const [index, row] of rows.entries()) {
    const question = row.question.trim();
    const answer = row.answer.trim();
    if (!question && !answer) continue;
    if (!question || !answer) return { problem: { id: 'datasets.qa.error.incomplete', values: { row: index + 1 } } };
    pairs.push({ question, answer });
  }
  if (pairs.length === 0) return { problem: { id: 'datasets.qa.error.empty' } };
  if (pairs.length > QA_PAIRS_MAX)
    return { problem: { id: 'datasets.qa.error.tooMany', values: { max: QA_PAIRS_MAX } } };
  return { pairs };
}

/** The user added a row. */
export const qaRowAdded = createEvent();
/** The user removed a row. */
export const qaRowRemoved = createEvent<string>();
/** The user typed in a row. */
export const qaRowChanged = createEvent<{ key: string; field: QaField; value: string }>();
/** The user asked to save the pairs. */
export const qaPairsSubmitted = createEvent();

export const createQaPairsFx = createEffect(createQaPairs);

export const $qaRows = createStore<QaRow[]>([emptyRow()])
  .on(qaRowAdded, (rows) => [...rows, emptyRow()])
  .on(qaRowRemoved, (rows, key) => (rows.length > 1 ? rows.filter((row) => row.key !== key) : [emptyRow()]))
  .on(qaRowChanged, (rows, { key, field, value }) =>
    rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
  )
  .on([createQaPairsFx.done, uploadPageOpened], () => [emptyRow()]);
/** Why the rows cannot be saved (a message and its values), until they change. */
export const $qaProblem = createStore<CatalogMessage | null>(null, { skipVoid: false }).reset(
  qaRowAdded,
  qaRowRemoved,
  qaRowChanged,
  uploadPageOpened,
  createQaPairsFx,
);
export const $qaFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(createQaPairsFx.failData, (_, error) => toFailure(error))
  .reset(createQaPairsFx, uploadPageOpened);
export const $qaSaving = createQaPairsFx.pending;

const checked = sample({ clock: qaPairsSubmitted, source: $qaRows, fn: pairsOf });
sample({
  clock: checked,
  filter: (result) => 'problem' in result,
  fn: (result) => ('problem' in result ? result.problem : null),
  target: $qaProblem,
});
sample({
  clock: checked,
  source: { datasetId: $uploadDatasetId, saving: $qaSaving },
  filter: ({ datasetId, saving }, result) => datasetId !== null && !saving && 'pairs' in result,
  fn: ({ datasetId }, result) => ({ datasetId: datasetId as string, pairs: 'pairs' in result ? result.pairs : [] }),
  target: createQaPairsFx,
});
sample({
  clock: createQaPairsFx.done,
  fn: ({ params }) => ({ id: 'datasets.qa.saved', values: { count: params.pairs.length } }),
  target: showSuccessFx,
});
