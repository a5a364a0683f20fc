/** A piece of a page's text, marked when it is one of the words looked for. */
export type TextSegment = { text: string; isMatch: boolean };

/** Escaped for a regular expression, with any run of spaces matching any run of white space. */
function termPattern(term: string): string {
  return term
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
}

/**
 * Splits `text` around the words of a finding. The terms are tried in order and the first that
 * appears on the page is marked everywhere it appears (case aside): the finding's own name first,
 * then its evidence when the page words it differently ("PTSD" for "Posttraumatic stress
 * disorder"). Nothing found: the text comes back whole.
 */
export function highlightSegments(text: string, terms: readonly string[]): TextSegment[] {
  for (const term of terms) {
    if (term.trim() === '') continue;
    const pattern = new RegExp(termPattern(term), 'gi');
    const segments: TextSegment[] = [];
    let cursor = 0;
    for (const match of text.matchAll(pattern)) {
      if (match[0] === '') continue;
      if (match.index > cursor)
        segments.push({ text: text.slice(cursor, match.index), isMatch: false });
      segments.push({ text: match[0], isMatch: true });
      cursor = match.index + match[0].length;
    }
    if (segments.length === 0) continue;
    if (cursor < text.length) segments.push({ text: text.slice(cursor), isMatch: false });
    return segments;
  }
  return [{ text, isMatch: false }];
}
