/** The title the server gives an untitled session from its first question: the first line, shortened. */
export function titleFrom(question: string): string {
  const line = question.trim().split('\n')[0] ?? '';
  return line.length > 30 ? `${line.slice(0, 30)}…` : line;
}
