import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refuse } from '@flotilla/shared/test';
import { fakeCasesApi, makeCase, makeMessage, type FakeCasesState } from '../../../test/fake-cases-api';
import {
  $assigneeOptions,
  $case,
  $caseStatus,
  $conversation,
  $updateFailure,
  caseAdvanceClicked,
  caseAssigneePicked,
  caseCheckedChanged,
  caseDetailOpened,
  caseNotesSaved,
  caseReopenClicked,
} from '../case-detail.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

const puts = (requests: ReturnType<typeof fakeCasesApi>['requests']) =>
  requests.filter((request) => request.method === 'PUT').map((request) => request.body);

async function openCase(patch: Parameters<typeof makeCase>[0], state: FakeCasesState = {}) {
  const item = makeCase(patch);
  const api = fakeCasesApi([item], undefined, {
    users: [
      { id: 'u1', name: 'Agent Wang', role: 'agent' },
      { id: 'u2', name: 'Agent Zhao', role: 'agent' },
    ],
    ...state,
  });
  const scope = fork();
  await allSettled(caseDetailOpened, { scope, params: item.id });
  return { scope, item, ...api };
}

describe('case detail model', () => {
  it('shows the conversation by stages when the server split it', async () => {
    const enquiry = makeMessage('How much is it?', 'From 99 yuan.');
    const collection = makeMessage('My phone is 13900000000', 'Thanks, we will call you.');
    const { scope } = await openCase(
      { title: 'Split lead', id: 'split-1' },
      {
        splits: {
          'split-1': [
            { stage: 'enquiry', messages: [enquiry] },
            { stage: 'collection', messages: [collection] },
          ],
        },
      },
    );
    expect(scope.getState($caseStatus)).toBe('ready');
    expect(scope.getState($conversation)).toEqual({
      kind: 'stages',
      stages: [
        { stage: 'enquiry', messages: [enquiry] },
        { stage: 'collection', messages: [collection] },
      ],
    });
  });

  it('falls back to the messages when the conversation has no stages', async () => {
    const message = makeMessage('Hello', 'Hi, how can I help?');
    const { scope, requests } = await openCase({ id: 'plain-1' }, { messages: { 'plain-1': [message] } });
    expect(scope.getState($conversation)).toEqual({ kind: 'messages', messages: [message], total: 1 });
    expect(requests.some((request) => request.path === '/v1/case/completions/byCaseId')).toBe(true);
  });

  it('moves a case along new → assigned → in progress → closed, and reopens it', async () => {
    const { scope, requests } = await openCase({ status: 'new', assigneeId: 'u1', assigneeName: 'Agent Wang' });
    for (const expected of ['assigned', 'in_progress', 'closed'] as const) {
      await allSettled(caseAdvanceClicked, { scope });
      expect(scope.getState($case)!.status).toBe(expected);
    }
    expect(scope.getState($case)!.closedAt).not.toBeNull();
    await allSettled(caseAdvanceClicked, { scope });
    await allSettled(caseReopenClicked, { scope });
    expect(scope.getState($case)!.status).toBe('in_progress');
    expect(puts(requests)).toEqual([
      { status: 'assigned' },
      { status: 'in_progress' },
      { status: 'closed' },
      { status: 'in_progress' },
    ]);
  });

  it('gives the case to an agent, takes it back, saves notes and marks it checked', async () => {
    const { scope, requests } = await openCase({});
    expect(scope.getState($assigneeOptions)).toEqual([
      { id: 'u1', name: 'Agent Wang' },
      { id: 'u2', name: 'Agent Zhao' },
    ]);
    await allSettled(caseAssigneePicked, { scope, params: 'u2' });
    expect(scope.getState($case)!.assigneeName).toBe('Agent Zhao');
    await allSettled(caseAssigneePicked, { scope, params: 'u2' });
    await allSettled(caseAssigneePicked, { scope, params: null });
    await allSettled(caseNotesSaved, { scope, params: 'Call back on Monday' });
    await allSettled(caseCheckedChanged, { scope, params: true });
    expect(scope.getState($case)).toMatchObject({ assigneeId: null, notes: 'Call back on Monday', checked: true });
    expect(puts(requests)).toEqual([
      { assigneeId: 'u2' },
      { assigneeId: null },
      { notes: 'Call back on Monday' },
      { checked: true },
    ]);
  });

  it('keeps the case as it was and says why when a change is refused', async () => {
    const { scope } = await openCase(
      { status: 'new' },
      { refuseWhen: (request) => (request.method === 'PUT' ? refuse(403, 'FORBIDDEN', 'Not your case') : undefined) },
    );
    await allSettled(caseAdvanceClicked, { scope });
    expect(scope.getState($case)!.status).toBe('new');
    expect(scope.getState($updateFailure)).toEqual({ status: 403, code: 'FORBIDDEN', message: 'Not your case' });
  });

  it('is not found for an id the server does not know', async () => {
    fakeCasesApi([]);
    const scope = fork();
    await allSettled(caseDetailOpened, { scope, params: 'missing' });
    expect(scope.getState($caseStatus)).toBe('not-found');
    expect(scope.getState($conversation)).toBeNull();
  });
});
