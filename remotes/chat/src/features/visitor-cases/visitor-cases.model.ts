import { createEffect, createEvent, createStore, sample } from 'effector';
import type { CasePreviewUi, VisitorCase } from '@flotilla/shared';
import { getCasePreviewUi } from './api/get-case-preview-ui';
import { getVisitorCases } from './api/get-visitor-cases';

/** A visitor and the share they chat through. */
export type VisitorOfShare = { shareId: string; visitorId: string };

/** The visitor's cases as the panel shows them. */
export type VisitorCasesState = { status: 'loading' | 'ready' | 'failed'; list: VisitorCase[] };

/** The chat page painted: whether its share shows "My requests" is asked for (once per share). */
export const caseEntryShown = createEvent<{ shareId: string }>();
/** The visitor opened "My requests". */
export const myRequestsOpened = createEvent<VisitorOfShare>();
/** The visitor pressed Retry after the list failed. */
export const myRequestsRetryClicked = createEvent<VisitorOfShare>();

export const loadCaseUiFx = createEffect(getCasePreviewUi);
export const loadVisitorCasesFx = createEffect(getVisitorCases);

/** The case form each share shows, by share id (a share whose call failed shows none). */
export const $caseUi = createStore<Record<string, CasePreviewUi>>({})
  .on(loadCaseUiFx.done, (all, { params, result }) => ({ ...all, [params]: result }))
  .on(loadCaseUiFx.fail, (all, { params }) => ({ ...all, [params]: { enabled: false, fields: [] } }));

export const $visitorCases = createStore<VisitorCasesState>({ status: 'loading', list: [] })
  .on(loadVisitorCasesFx, (state) => ({ ...state, status: 'loading' }))
  .on(loadVisitorCasesFx.doneData, (_, list) => ({ status: 'ready', list }))
  .on(loadVisitorCasesFx.fail, (state) => ({ ...state, status: 'failed' }));

sample({
  clock: caseEntryShown,
  source: { all: $caseUi, pending: loadCaseUiFx.pending },
  filter: ({ all, pending }, { shareId }) => !pending && all[shareId] === undefined,
  fn: (_, { shareId }) => shareId,
  target: loadCaseUiFx,
});

// Opening asks once (a panel mounted twice, as in development, does not ask twice); Retry always asks.
sample({
  clock: myRequestsOpened,
  filter: loadVisitorCasesFx.pending.map((pending) => !pending),
  target: loadVisitorCasesFx,
});
sample({ clock: myRequestsRetryClicked, target: loadVisitorCasesFx });
