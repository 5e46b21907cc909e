/** The most characters of a node's input or output the trace shows; the server already cuts long texts. */
export const TRACE_TEXT_MAX = 2000;

/** A node's input or output as indented JSON (a text as it is), cut to `max` characters with an ellipsis. */
export function traceJson(value: unknown, max = TRACE_TEXT_MAX): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value, null, 2) ?? '';
    } catch {
      // A value JSON cannot hold (a cycle, a BigInt) never comes from the server's JSON; say what it is anyway.
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
