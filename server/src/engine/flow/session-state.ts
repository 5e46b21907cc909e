/** What a flow keeps between the questions of one chat session. */
export type FlowSessionState = {
  /** `{{session.<name>}}`: set by setVariable nodes. */
  variables: Record<string, string>;
  /** Fields collected by each formCollect node (by node id), complete or not. */
  forms: Record<string, Record<string, string>>;
  /** A formCollect node waiting for the answer to its question: the next question resumes there. */
  waiting?: {
    nodeId: string;
    field: string;
    /** The outputs of the nodes that ran before it, so its later nodes still read them. */
    outputs: Record<string, Record<string, unknown>>;
  };
};

/** Bytes of state a session may keep (the outputs of a paused run are what can grow). */
const MAX_STATE_CHARS = 200_000;

export const emptySessionState = (): FlowSessionState => ({ variables: {}, forms: {} });

export function parseSessionState(json: string | undefined): FlowSessionState {
  if (!json) return emptySessionState();
  const parsed = JSON.parse(json) as Partial<FlowSessionState>;
  return {
    variables: parsed.variables ?? {},
    forms: parsed.forms ?? {},
    ...(parsed.waiting ? { waiting: parsed.waiting } : {}),
  };
}

/** The state as stored; a paused run's outputs are dropped when they would make it too big. */
export function serializeSessionState(state: FlowSessionState): string {
  const json = JSON.stringify(state);
  if (json.length <= MAX_STATE_CHARS || !state.waiting) return json;
  return JSON.stringify({ ...state, waiting: { ...state.waiting, outputs: {} } });
}
