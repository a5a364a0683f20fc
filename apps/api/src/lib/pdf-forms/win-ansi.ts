/**
 * The standard PDF fonts (Helvetica here) draw only the WinAnsi (Windows-1252) characters, and
 * pdf-lib throws on anything else. `toWinAnsi` turns any text into text Helvetica can draw, so a
 * veteran's emoji or a pasted arrow never makes a download fail. The Word file keeps the text as
 * written; only PDFs go through here.
 */

/** The 27 characters WinAnsi puts in 0x80-0x9F, besides printable ASCII and Latin-1 (0xA0-0xFF). */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Text made only of WinAnsi characters and line breaks: the fast path. */
const ALL_WIN_ANSI = new RegExp(`^[\\n\\x20-\\x7E\\xA0-\\xFF${WIN_ANSI_EXTRAS}]*$`);

const WIN_ANSI_CODE_POINTS = new Set<number>([
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => 0xa0 + i),
  ...[...WIN_ANSI_EXTRAS].map((c) => c.codePointAt(0) ?? 0),
]);

/**
 * Characters outside WinAnsi with a close drawable form. Anything not here (and not a Latin
 * letter with accents, handled by decomposition) becomes '?'.
 */
const REPLACEMENTS: Record<string, string> = {
  // Dashes and hyphens.
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '–', // figure dash
  '\u2015': '—', // horizontal bar
  '\u2043': '-', // hyphen bullet
  '\u2212': '-', // minus sign
  '\u2E3A': '——', // two-em dash
  // Quotes and primes.
  '\u201B': '‘',
  '\u201F': '“',
  '\u2032': "'",
  '\u2033': '"',
  '\u2035': "'",
  '\u02BC': '’', // modifier letter apostrophe
  '\u2E42': '„',
  // Spaces.
  '\u2000': ' ',
  '\u2001': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2004': ' ',
  '\u2005': ' ',
  '\u2006': ' ',
  '\u2007': ' ',
  '\u2008': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u202F': '\u00A0', // narrow no-break space
  '\u205F': ' ',
  '\u3000': ' ',
  '\t': ' ',
  // Arrows.
  '→': '->',
  '←': '<-',
  '↔': '<->',
  '⇒': '=>',
  '⇐': '<=',
  '⇔': '<=>',
  '⟶': '->',
  '⟵': '<-',
  '➔': '->',
  '➜': '->',
  '➝': '->',
  '➞': '->',
  '↑': '^',
  '↓': 'v',
  // Maths.
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '≈': '~',
  '∼': '~',
  '∞': 'infinity',
  '√': 'sqrt',
  '∕': '/',
  '⁄': '/',
  '∙': '·',
  '⋅': '·',
  // Bullets and marks.
  '◦': '•',
  '‣': '•',
  '●': '•',
  '○': '•',
  '▪': '•',
  '▫': '•',
  '■': '•',
  '□': '•',
  '◆': '•',
  '★': '*',
  '☆': '*',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '✘': 'x',
  '☐': '[ ]',
  '☑': '[x]',
  '☒': '[x]',
  '№': 'No.',
  '℃': '°C',
  '℉': '°F',
  // Latin letters that do not decompose into a base letter and accents.
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
  ŧ: 't',
  Ŧ: 'T',
  ĸ: 'k',
  ŋ: 'n',
  Ŋ: 'N',
  ȷ: 'j',
  // Greek letters with a Latin-1 look-alike.
  μ: 'µ',
};

/** Combining marks (variation selectors among them) and invisible joiners, dropped once a character has been decomposed. */
const MARKS = /\p{M}|[\u200B\u200C\u2060\uFEFF]|\u200D/gu;
/** C0 and C1 controls other than the line feed: dropped (input is validated free of them). */
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const CONTROLS = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g;
/** Zero-width characters that render as nothing: dropped. */
const INVISIBLE = /^(?:[\u200B\u200C\u2060\uFEFF]|\u200D|\p{Variation_Selector})+$/u;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function isWinAnsi(text: string): boolean {
  for (const char of text) {
    if (char !== '\n' && !WIN_ANSI_CODE_POINTS.has(char.codePointAt(0) ?? 0)) return false;
  }
  return true;
}

/** The drawable form of one user-perceived character (a grapheme cluster). */
function mapGrapheme(grapheme: string): string {
  if (isWinAnsi(grapheme)) return grapheme;
  const mapped = REPLACEMENTS[grapheme];
  if (mapped !== undefined) return mapped;
  if (INVISIBLE.test(grapheme)) return '';
  // An accented letter outside Latin-1 (č, ő, ș) or a compatibility form (ﬁ, fullwidth Ａ):
  // decompose, drop the accents, keep the result when all of it is drawable.
  const decomposed = [...grapheme.normalize('NFKD').replace(MARKS, '')].map((char) =>
    isWinAnsi(char) ? char : REPLACEMENTS[char],
  );
  if (decomposed.length > 0 && decomposed.every((char) => char !== undefined)) {
    return decomposed.join('');
  }
  const base = [...grapheme.normalize('NFC')][0] ?? '';
  const baseMapped = REPLACEMENTS[base];
  if (baseMapped !== undefined) return baseMapped;
  return '?';
}

/**
 * Text Helvetica can draw: every WinAnsi character is kept (curly quotes, dashes, the ellipsis,
 * accented Latin letters), common others become a close ASCII form ('→' becomes '->'), and each
 * remaining character (emoji, CJK, …) becomes one '?'. Line breaks become '\n'; tabs become spaces;
 * other control characters are dropped.
 */
export function toWinAnsi(text: string): string {
  // The soft hyphen is in WinAnsi, but Helvetica draws it as a visible hyphen: dropped.
  const unified = text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').replace(/\u00AD/g, '');
  if (ALL_WIN_ANSI.test(unified)) return unified;
  const composed = unified.normalize('NFC').replace(CONTROLS, (c) => (c === '\t' ? ' ' : ''));
  let out = '';
  for (const { segment } of graphemes.segment(composed)) out += mapGrapheme(segment);
  return out;
}
