/** How deep a JSON body may nest: far more than any call declares, far less than what overflows a parser's stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * True when JSON text nests arrays or objects deeper than `max`. One pass over the characters, skipping
 * strings, before the text is parsed: a body nested ten thousand levels deep is refused without being built.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}
