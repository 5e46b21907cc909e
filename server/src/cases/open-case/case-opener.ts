import {
  CASE_VALUE_KEY_PATTERN,
  CASE_LIMITS,
  type CaseFormValues,
  type CaseSource,
  type Locale,
} from '@flotilla/shared/contracts';
import type { ChatAccess } from '../../plugins/app/chats/chats-repository';
import type { Repositories } from '../../plugins/app/repositories';
import { routeOpenedCase } from '../route-opened-case';
import {
  complete,
  extractBuiltin,
  foundValue,
  isNameLike,
  normalizeValue,
  type ExtractedField,
  type FoundValues,
} from './extract-fields';
import { extractionInstructions, parseExtraction, TRANSCRIPT_LIMITS, transcriptOf } from './model-extraction';

/** How long a model may take to fill a case form (it runs beside the conversation, never in its way). */
const EXTRACTION_TIMEOUT_MS = 30_000;

/** A flow's formCollect node whose required fields are all in: its fields and values. */
export type CompletedFlowForm = { fields: ExtractedField[]; values: Record<string, string> };

/** A stored answer, as case opening needs it. */
export type AnswerRecorded = {
  access: ChatAccess;
  sessionId: string;
  locale: Locale;
  /** The robot's model: a configured model fills case forms, the builtin one leaves it to patterns. */
  model: string;
  /** The flow's forms completed by this answer. */
  flowForms: CompletedFlowForm[];
};

export type CaseOpenerDeps = {
  repos: Pick<Repositories, 'cases' | 'caseForms' | 'processes'>;
  /** A model's whole reply (undefined for the builtin model): the answer engine's completeWith. */
  completeWith(
    modelId: string,
    instructions: string,
    question: string,
    locale: Locale,
    signal: AbortSignal,
  ): Promise<{ text: string } | undefined>;
  log?: { warn(object: unknown, message: string): void };
};

const CASE_VALUE_KEY = new RegExp(CASE_VALUE_KEY_PATTERN);

/**
 * The values as a case keeps them: number fields as numbers, the rest as text; a field whose name a case's
 * values cannot hold (a flow field's may be longer) is left out.
 */
function caseValues(fields: readonly ExtractedField[], found: FoundValues): CaseFormValues {
  const values: CaseFormValues = {};
  for (const field of fields) {
    const value = foundValue(found, field.name);
    if (value === undefined || !CASE_VALUE_KEY.test(field.name)) continue;
    values[field.name] = field.type === 'number' ? Number(value) : value.slice(0, CASE_LIMITS.valueMax);
  }
  return values;
}

/** A flow form's values checked as extracted ones are: each must match its field's type (numbers bounded). */
function flowValues(flowForm: CompletedFlowForm): FoundValues {
  const found: FoundValues = {};
  for (const field of flowForm.fields) {
    const raw = foundValue(flowForm.values, field.name);
    const value = raw === undefined ? undefined : normalizeValue(field.type, raw);
    if (value !== undefined) found[field.name] = value;
  }
  return found;
}

/**
 * Opens cases from conversations: after each stored answer, a robot whose case form is on has the session's
 * questions read for the form's fields (patterns, or its model), and a flow form just completed gives its
 * values; once every required field is there and the conversation has no case, exactly one case opens.
 * Everything runs after the answer and apart from it: a failure is logged, never seen by the visitor.
 */
export function createCaseOpener(deps: CaseOpenerDeps) {
  const { repos, log } = deps;
  const pending = new Set<Promise<void>>();
  // One opening at a time per conversation; an answer arriving meanwhile runs once more after it.
  const running = new Map<string, { again: AnswerRecorded | undefined }>();
  const closing = new AbortController();

  const openWith = async (
    event: AnswerRecorded,
    fields: readonly ExtractedField[],
    found: FoundValues,
    source: CaseSource,
  ): Promise<boolean> => {
    const { access } = event;
    const form = caseValues(fields, found);
    const robot = await repos.processes.get(access.tenantId, access.processId);
    const named = fields.find((field) => isNameLike(field) && foundValue(found, field.name) !== undefined);
    const phone = fields.find((field) => field.type === 'phone' && foundValue(found, field.name) !== undefined);
    const firstValues = Object.values(form).slice(0, 2).map(String);
    const title = [robot?.name ?? '', firstValues.join(' / ')].filter(Boolean).join(': ');
    const id = await repos.cases.open(
      access.tenantId,
      {
        processId: access.processId,
        title: (title || access.processId).slice(0, CASE_LIMITS.titleMax),
        customer: named ? (foundValue(found, named.name) ?? '').slice(0, CASE_LIMITS.customerMax) : '',
        phone: phone ? (foundValue(found, phone.name) ?? '').slice(0, CASE_LIMITS.phoneMax) : '',
        source,
        form,
        sessionId: event.sessionId,
        ...(access.channel === 'visitor' ? { visitorId: access.userId } : {}),
        ...(access.channel === 'visitor' && access.shareId ? { shareId: access.shareId } : {}),
      },
      routeOpenedCase,
    );
    return id !== undefined;
  };

  const extract = async (event: AnswerRecorded, fields: ExtractedField[]): Promise<FoundValues> => {
    const { access } = event;
    const questions = await repos.cases.sessionQuestions(
      access.tenantId,
      access.processId,
      event.sessionId,
      TRANSCRIPT_LIMITS.questions,
    );
    const builtin = extractBuiltin(fields, questions);
    if (event.model === 'builtin') return builtin;
    try {
      const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(EXTRACTION_TIMEOUT_MS)]);
      const reply = await deps.completeWith(
        event.model,
        extractionInstructions(fields),
        transcriptOf(questions),
        event.locale,
        signal,
      );
      const byModel = reply && parseExtraction(fields, reply.text);
      // What the model missed, the patterns may still have found.
      return byModel ? { ...builtin, ...byModel } : builtin;
    } catch (error) {
      log?.warn({ err: error }, 'case form: the model extraction failed, patterns only');
      return builtin;
    }
  };

  const openFor = async (event: AnswerRecorded): Promise<void> => {
    const { access } = event;
    const caseForm = await repos.caseForms.get(access.tenantId, access.processId);
    const formOn = caseForm.enabled && caseForm.fields.length > 0;
    // Most answers come from robots with no form on and complete no flow form: one small read, then nothing.
    if (!formOn && event.flowForms.length === 0) return;
    if (await repos.cases.sessionHasCase(access.tenantId, access.processId, event.sessionId)) return;
    for (const flowForm of event.flowForms) {
      const found = flowValues(flowForm);
      if (complete(flowForm.fields, found) && (await openWith(event, flowForm.fields, found, 'flow'))) return;
    }
    if (!formOn) return;
    const found = await extract(event, caseForm.fields);
    if (complete(caseForm.fields, found)) await openWith(event, caseForm.fields, found, 'caseForm');
  };

  const run = async (event: AnswerRecorded): Promise<void> => {
    const key = `${event.access.tenantId}:${event.access.processId}:${event.sessionId}`;
    const busy = running.get(key);
    if (busy) {
      busy.again = event;
      return;
    }
    const slot: { again: AnswerRecorded | undefined } = { again: undefined };
    running.set(key, slot);
    try {
      for (let next: AnswerRecorded | undefined = event; next && !closing.signal.aborted;) {
        slot.again = undefined;
        try {
          await openFor(next);
        } catch (error) {
          log?.warn({ err: error }, 'case opening failed');
        }
        next = slot.again;
      }
    } finally {
      running.delete(key);
    }
  };

  return {
    /** Looks for a case to open after an answer was stored; returns at once (the work runs apart). */
    answerRecorded(event: AnswerRecorded): void {
      const task = run(event);
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },

    /** Resolves once no opening is under way (one that starts meanwhile is waited for too). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    /** Waits for the openings under way (the server is closing); model calls are cut short. */
    async close(): Promise<void> {
      closing.abort();
      await Promise.allSettled([...pending]);
    },
  };
}

export type CaseOpener = ReturnType<typeof createCaseOpener>;
