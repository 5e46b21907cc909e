import { ListCases, type Case } from '@flotilla/shared';
import { fakeApi, on, type FakeCall, type Refusal } from '@flotilla/shared/test';

let sequence = 0;

/** A case as the server answers it; fields not given get plain values. */
export function makeCase(patch: Partial<Case> = {}): Case {
  sequence += 1;
  return {
    id: `c${sequence}`,
    processId: 'p1',
    processName: 'Sales robot',
    title: `Case ${sequence}`,
    customer: 'Li Lei',
    phone: '13800000000',
    status: 'new',
    checked: false,
    source: 'caseForm',
    form: {},
    sessionId: null,
    teamId: null,
    teamName: '',
    assigneeId: null,
    assigneeName: '',
    notes: '',
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-01T08:00:00.000Z',
    closedAt: null,
    ...patch,
  };
}

/** What a test answers a list call with instead of the in-memory cases (a refusal); `undefined` leaves it to them. */
type CasesOverride = (call: FakeCall<typeof ListCases>) => Refusal | undefined;

/**
 * An in-memory case list that behaves like the server's (keyword over title, customer and phone;
 * robot and status filters; offset/limit). `override` answers a call first when it returns.
 */
export function fakeCasesApi(initial: Case[] = [], override?: CasesOverride) {
  const cases = [...initial];
  const requests = fakeApi([
    on(ListCases, (call) => {
      const overridden = override?.(call);
      if (overridden) return overridden;
      const { keyword, processId, status, offset, limit } = call.query;
      const needle = keyword?.toLowerCase();
      const matching = cases.filter(
        (item) =>
          (!status || item.status === status) &&
          (!processId || item.processId === processId) &&
          (!needle || [item.title, item.customer, item.phone].some((text) => text.toLowerCase().includes(needle))),
      );
      return { list: matching.slice(offset, offset + limit), total: matching.length };
    }),
  ]);
  return { cases, requests };
}
