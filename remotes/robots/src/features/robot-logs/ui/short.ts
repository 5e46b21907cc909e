/** `text` cut to `max` characters, an ellipsis marking the cut. */
export function short(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
