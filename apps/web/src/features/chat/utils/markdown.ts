/**
 * The Markdown the assistant writes, read into a small tree that the page renders as React
 * elements. HTML is never interpreted: `<b>` is the text "<b>", and the renderer puts every piece
 * of text on the page as text. What is understood:
 *
 * - blocks: paragraphs (a single line break stays a line break), block quotes (`>`), bulleted and
 *   numbered lists (nested by indentation), headings (`#`, shown as a bold line so the page's own
 *   headings keep their order), fenced code and horizontal rules;
 * - inline: bold (`**` or `__`), italic (`*` or `_`), code (backticks), links `[text](url)`,
 *   `<url>` and bare `http(s)://` addresses, and backslash escapes.
 *
 * A link survives only when its address is http or https; any other (`javascript:`, `data:`,
 * relative, mail) keeps its text and loses the link.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'code'; text: string }
  | { type: 'rule' };

/** Deeper quotes, lists or emphasis than this are read as plain text (no runaway recursion). */
const MAX_DEPTH = 12;
/** Longest link text and address looked for; longer runs are plain text. */
const MAX_LINK_LABEL = 1000;
const MAX_LINK_URL = 2048;

/** The address as an absolute http(s) URL, or null for anything else. */
export function safeHref(raw: string): string | null {
  const trimmed = raw.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null; // Not a URL at all: its text stays, without a link.
  }
}

// ---------------------------------------------------------------------------------------------
// Blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+)(.*)$/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

/** A line that starts a block other than a paragraph (and so ends a paragraph). */
function startsBlock(line: string): boolean {
  if (FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || RULE.test(line)) return true;
  const item = LIST_ITEM.exec(line);
  // A numbered line interrupts a paragraph only from 1 ("In 2019. I filed" is a sentence).
  return item !== null && (!/\d/.test(item[2] ?? '') || /^1[.)]$/.test(item[2] ?? ''));
}

type ListMarker = { ordered: boolean; delimiter: string };

function markerOf(marker: string): ListMarker {
  const ordered = /\d/.test(marker);
  return { ordered, delimiter: ordered ? marker.slice(-1) : marker };
}

function sameList(a: ListMarker, b: ListMarker): boolean {
  return a.ordered === b.ordered && a.delimiter === b.delimiter;
}

function parseBlocks(lines: readonly string[], depth: number): Block[] {
  if (depth > MAX_DEPTH) {
    const text = lines.join('\n').trim();
    return text ? [{ type: 'paragraph', children: [{ type: 'text', text }] }] : [];
  }
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (isBlank(line)) {
      index += 1;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const closing = new RegExp(
        `^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`,
      );
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !closing.test(lines[index] ?? '')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      index += 1; // The closing fence (or the end).
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', children: parseInline(heading[1] ?? '', depth) });
      index += 1;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      index += 1;
      continue;
    }

    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (index < lines.length && QUOTE.test(lines[index] ?? '')) {
        quoted.push((lines[index] ?? '').replace(QUOTE, ''));
        index += 1;
      }
      blocks.push({ type: 'blockquote', children: parseBlocks(quoted, depth + 1) });
      continue;
    }

    const firstItem = LIST_ITEM.exec(line);
    if (firstItem) {
      const marker = markerOf(firstItem[2] ?? '-');
      const start = marker.ordered ? Number.parseInt(firstItem[2] ?? '1', 10) : 1;
      const items: Block[][] = [];
      while (index < lines.length) {
        const item = LIST_ITEM.exec(lines[index] ?? '');
        if (!item || !sameList(markerOf(item[2] ?? '-'), marker)) break;
        const spacing = (item[3] ?? ' ').length;
        const contentIndent =
          (item[1] ?? '').length + (item[2] ?? '').length + (spacing > 4 ? 1 : spacing);
        const itemLines = [item[4] ?? ''];
        index += 1;
        while (index < lines.length) {
          const next = lines[index] ?? '';
          if (isBlank(next)) {
            // A blank line continues the item only if indented content follows it.
            let ahead = index + 1;
            while (ahead < lines.length && isBlank(lines[ahead] ?? '')) ahead += 1;
            if (ahead < lines.length && indentOf(lines[ahead] ?? '') >= contentIndent) {
              itemLines.push('');
              index += 1;
              continue;
            }
            break;
          }
          if (indentOf(next) >= contentIndent) {
            itemLines.push(next.slice(contentIndent));
          } else if (LIST_ITEM.test(next) || startsBlock(next)) {
            break;
          } else {
            // A lazy continuation of the item's paragraph.
            itemLines.push(next.trim());
          }
          index += 1;
        }
        items.push(parseBlocks(itemLines, depth + 1));
        // Blank lines between items of the same list.
        let ahead = index;
        while (ahead < lines.length && isBlank(lines[ahead] ?? '')) ahead += 1;
        const following = LIST_ITEM.exec(lines[ahead] ?? '');
        if (following && sameList(markerOf(following[2] ?? '-'), marker)) index = ahead;
        else break;
      }
      blocks.push({ type: 'list', ordered: marker.ordered, start, items });
      continue;
    }

    const paragraph = [line.trim()];
    index += 1;
    while (index < lines.length) {
      const next = lines[index] ?? '';
      if (isBlank(next) || startsBlock(next)) break;
      paragraph.push(next.trim());
      index += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n'), depth) });
  }
  return blocks;
}

/** The assistant's Markdown as blocks; see the module comment for what is understood. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  return parseBlocks(lines, 0);
}

// ---------------------------------------------------------------------------------------------
// Inline

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const BARE_URL = /^https?:\/\/[^\s<>]+/i;
const ANGLE_URL = /^<(https?:\/\/[^\s<>]+)>/i;

function pushText(out: Inline[], text: string) {
  const last = out.at(-1);
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

/** A bare address loses trailing punctuation that ends the sentence, and an unmatched ")". */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const character = url[end - 1] ?? '';
    if (/[.,;:!?'"*_]/.test(character)) {
      end -= 1;
      continue;
    }
    if (character === ')') {
      const opened = (url.slice(0, end).match(/\(/g) ?? []).length;
      const closed = (url.slice(0, end).match(/\)/g) ?? []).length;
      if (closed > opened) {
        end -= 1;
        continue;
      }
    }
    return url.slice(0, end);
  }
}

function parseInline(text: string, depth: number): Inline[] {
  const out: Inline[] = [];
  if (depth > MAX_DEPTH) {
    pushText(out, text);
    return out;
  }
  /**
   * Where a search for a closing delimiter already failed: any later search for it fails too,
   * so a run of unmatched `*` costs one scan, not one per character.
   */
  const noCloseFrom = new Map<string, number>();

  const findClosing = (delimiter: string, from: number): number => {
    const failedFrom = noCloseFrom.get(delimiter);
    if (failedFrom !== undefined && from >= failedFrom) return -1;
    let at = text.indexOf(delimiter, from);
    while (at !== -1) {
      const before = text[at - 1] ?? '';
      const after = text[at + delimiter.length] ?? '';
      const isSingle = delimiter.length === 1;
      const isCloser =
        at > from &&
        !/\s/.test(before) &&
        // A single delimiter is not half of a double one.
        !(isSingle && (after === delimiter || before === delimiter)) &&
        // Underscores close only at the end of a word ("snake_case_name" stays as it is).
        !(delimiter[0] === '_' && WORD.test(after));
      if (isCloser) return at;
      at = text.indexOf(delimiter, at + 1);
    }
    noCloseFrom.set(delimiter, Math.min(from, failedFrom ?? from));
    return -1;
  };

  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? '';
    const next = text[index + 1] ?? '';
    const previous = text[index - 1] ?? '';

    if (character === '\\' && ESCAPABLE.test(next)) {
      pushText(out, next);
      index += 2;
      continue;
    }
    if (character === '\n') {
      out.push({ type: 'break' });
      index += 1;
      continue;
    }
    if (character === '`') {
      let run = 1;
      while (text[index + run] === '`') run += 1;
      const fence = '`'.repeat(run);
      let close = text.indexOf(fence, index + run);
      while (close !== -1 && text[close + run] === '`')
        close = text.indexOf(fence, close + run + 1);
      if (close === -1) {
        pushText(out, fence);
        index += run;
        continue;
      }
      let code = text.slice(index + run, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
      out.push({ type: 'code', text: code });
      index = close + run;
      continue;
    }
    if (character === '*' || character === '_') {
      const canOpen = character === '*' || !WORD.test(previous);
      const double = next === character;
      const delimiter = double ? character + character : character;
      const contentStart = index + delimiter.length;
      const first = text[contentStart] ?? '';
      if (canOpen && first !== '' && !/\s/.test(first) && !(double && first === character)) {
        const close = findClosing(delimiter, contentStart);
        if (close !== -1) {
          const children = parseInline(text.slice(contentStart, close), depth + 1);
          out.push(double ? { type: 'strong', children } : { type: 'emphasis', children });
          index = close + delimiter.length;
          continue;
        }
      }
      pushText(out, delimiter);
      index += delimiter.length;
      continue;
    }
    if (character === '[') {
      const link = readLink(text, index);
      if (link) {
        const children = parseInline(link.label, depth + 1);
        const href = safeHref(link.url);
        if (href) out.push({ type: 'link', href, children });
        // An address that is not http(s): the text stays, the link goes.
        else for (const child of children) pushChild(out, child);
        index = link.end;
        continue;
      }
    }
    if (character === '<') {
      const angle = ANGLE_URL.exec(text.slice(index, index + MAX_LINK_URL + 2));
      const href = angle ? safeHref(angle[1] ?? '') : null;
      if (angle && href) {
        out.push({ type: 'link', href, children: [{ type: 'text', text: angle[1] ?? '' }] });
        index += angle[0].length;
        continue;
      }
    }
    // A bare address starts a word: not inside another (`src="https://…"` stays text).
    if ((character === 'h' || character === 'H') && (previous === '' || /[\s(]/.test(previous))) {
      const bare = BARE_URL.exec(text.slice(index, index + MAX_LINK_URL));
      if (bare) {
        const url = trimUrl(bare[0]);
        const href = safeHref(url);
        if (href && url.length > 'https://'.length) {
          out.push({ type: 'link', href, children: [{ type: 'text', text: url }] });
          index += url.length;
          continue;
        }
      }
    }
    pushText(out, character);
    index += 1;
  }
  return out;
}

function pushChild(out: Inline[], child: Inline) {
  if (child.type === 'text') pushText(out, child.text);
  else out.push(child);
}

/** `[label](url)` starting at `start`, with nested brackets in the label; null when it is not one. */
function readLink(text: string, start: number): { label: string; url: string; end: number } | null {
  let depth = 0;
  let close = -1;
  const labelLimit = Math.min(text.length, start + MAX_LINK_LABEL);
  for (let index = start; index < labelLimit; index += 1) {
    const character = text[index];
    if (character === '\\') {
      index += 1;
      continue;
    }
    if (character === '[') depth += 1;
    if (character === ']') {
      depth -= 1;
      if (depth === 0) {
        close = index;
        break;
      }
    }
  }
  if (close === -1 || text[close + 1] !== '(') return null;
  // The address: no spaces, parentheses balanced ("…/Rating_(VA)"), up to the closing one.
  let parens = 0;
  const urlLimit = Math.min(text.length, close + 2 + MAX_LINK_URL);
  for (let index = close + 2; index < urlLimit; index += 1) {
    const character = text[index] ?? '';
    if (/\s/.test(character)) return null;
    if (character === '(') parens += 1;
    if (character === ')') {
      if (parens === 0) {
        return {
          label: text.slice(start + 1, close),
          url: text.slice(close + 2, index),
          end: index + 1,
        };
      }
      parens -= 1;
    }
  }
  return null;
}
