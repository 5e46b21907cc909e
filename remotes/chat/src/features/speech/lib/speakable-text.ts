/**
 * An answer as it should be read aloud: the Markdown marks, code blocks, link targets and citation
 * numbers left out, so the voice reads words only.
 */
export function speakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[\d+\]/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|~~|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,!?;:，。！？；：])/g, '$1')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** `text` cut to at most `max` characters: after its last sentence that fits, unless that loses more than half. */
export function withinLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentences = /^[\s\S]*[.!?。！？\n]/.exec(cut)?.[0];
  return sentences && sentences.length > max / 2 ? sentences.trim() : cut;
}
