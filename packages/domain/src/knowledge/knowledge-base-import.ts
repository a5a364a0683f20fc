import statusFile from '../part4-status.json' with { type: 'json' };
import type { Part4StatusFile } from '../part4-status-import.ts';

/**
 * Builds passages.json, the assistant's knowledge base: 38 CFR Parts 3, 4 and 20 cut into
 * passages short enough to quote. Pure: the caller reads the files (scripts/import-knowledge-base.ts
 * with fs, the test with the bundler), so the script and the test that guards the committed file
 * run the same derivation.
 *
 * Sources, in ../shared/data/cfr (public-domain US Government text, not reworded here):
 * - Part 3 and Part 20: the eCFR text of 2025, one entry per section with its paragraphs.
 * - Part 4: the e-CFR text of 2019-10-07 in structured form (paragraphs and tables), the newest
 *   complete text of the rating schedule with its tables that we have.
 *
 * What is kept:
 * - Part 3: every section of Subparts A and D that bears on a veteran's own disability
 *   compensation claim. Left out: Subpart B (burial); reserved sections; the subject groups on
 *   family relationships, pre-1979 income programs, apportionments and hospital adjustments; and
 *   sections whose title shows they concern only pension, survivors' benefits (DIC, death
 *   compensation, accrued benefits), dependents' status, insurance or other programs (see
 *   PART3_LEFT_OUT_TITLES).
 * - Part 20 (the Board's rules of practice): every section with text.
 * - Part 4: every section with text, except the numeric look-up table of § 4.25 (Table I, which
 *   combined-rating.ts computes) and the images the source could not hold.
 * - Source notes ("[.. FR ..]"), authority lines, editorial notes and cross references that only
 *   point to other sections are dropped; a cross reference that names a statute (the Part 20 note
 *   on 38 U.S.C. 7332) is kept as a passage of its own.
 *
 * How it is cut:
 * - Part 3, Part 20 and Part 4 prose: by paragraph. A lettered paragraph with its sub-paragraphs
 *   is one passage when it is short enough (MAX_PASSAGE_CHARS); a longer one is cut at its
 *   numbered, then roman, then lettered sub-paragraphs, consecutive pieces packed together again
 *   up to the limit, each piece led by the short heading of the paragraph it belongs to. Very
 *   short lettered paragraphs (items of a list) are packed with their neighbours. Designators are
 *   read in context: "(i)" after "(h)" is a letter, inside "(h)(2)" a roman numeral.
 * - Part 4 tables without a rating column: rows as lines, grouped by their first cell.
 * - Part 4 rating tables: one passage per diagnostic code, holding its title row and every row of
 *   criteria, each rating written "<n> percent", then its notes (notes that would make it too
 *   long go to further passages with the same citation). A general rating formula (the spine, the
 *   mental disorders, the sinusitis formula…) is a passage of its own, and every code rated under
 *   it names it in `rated_under`: the codes the formula's heading or a note lists, the codes
 *   whose own rows name the formula, and the codes without criteria of their own listed just
 *   before it.
 * - `changed_on`: for a Part 4 section whose status in part4-status.json is `changed` (amended
 *   since the 2019 text), the date eCFR last received a change; null everywhere else.
 *
 * Anything the import does not understand (a missing required section, a rating it cannot read,
 * an id used twice) stops it.
 */

export type KnowledgePassage = {
  /** Stable id: the section and paragraph ("3.400-o"), or the code ("4.87-dc6260"). */
  id: string;
  /** "38 CFR 3.400", or "38 CFR 4.87, DC 6260" for a diagnostic code. */
  citation: string;
  /** The section number ("3.400", "4.71a", "20.1202-20.1299"). */
  section: string;
  title: string;
  /** The regulation's words; lines are rows or paragraphs. */
  text: string;
  /** Where the text comes from, for people ("38 CFR Part 4, e-CFR text of 2019-10-07"). */
  source: string;
  /** The day eCFR recorded an amendment of the section after this text, or null. */
  changed_on: string | null;
  diagnostic_code?: string;
  /** Ids of the general rating formulas this code is rated under. */
  rated_under?: string[];
  /** For the notes or the continuation of a long table entry: the id of its first passage. */
  part_of?: string;
  /** For a guide written here: the citations of the regulation passages it rests on. */
  sources?: string[];
};

export type KnowledgeBaseFile = {
  source: {
    generated_by: string;
    files: string[];
    versions: Record<string, string>;
    selection: string;
    license: string;
  };
  passages: KnowledgePassage[];
};

/** The source files, relative to ../shared/data. */
export const KNOWLEDGE_SOURCE_FILES = {
  part3: 'cfr/part3_eCFR_2025/38CFR_part3_eCFR_2025.json',
  part20: 'cfr/part20_eCFR_2025/38CFR_part20_eCFR_2025.json',
  part4: 'cfr/part4_2019-10-07/38CFR_part4_2019-10-07.json',
} as const;

export type KnowledgeSources = { part3: string; part20: string; part4: string };

/** A passage is cut when it would grow past this many characters (about 300 words). */
export const MAX_PASSAGE_CHARS = 1900;

/** Top-level paragraphs are packed together only while the passage stays this short. */
const SHORT_PARAGRAPHS_CHARS = 360;

/** Sections the question set and the guides rely on: the import stops if one is missing. */
export const REQUIRED_SECTIONS = [
  '3.12',
  '3.155',
  '3.2500',
  '3.2501',
  '3.2601',
  '3.307',
  '3.309',
  '3.310',
  '3.317',
  '3.320',
  '3.320a',
  '3.320b',
  '3.350',
  '3.385',
  '3.400',
  '4.16',
  '4.25',
  '4.26',
  '4.59',
  '4.71a',
  '4.85',
  '4.86',
  '4.87',
  '4.97',
  '4.124a',
  '4.130',
  '20.202',
  '20.203',
  '20.800',
  '20.1202-20.1299',
] as const;

const SOURCE_LABELS = {
  part3: '38 CFR Part 3, eCFR text of 2025',
  part20: '38 CFR Part 20, eCFR text of 2025',
  part4: '38 CFR Part 4, e-CFR text of 2019-10-07',
} as const;

/** Part 3 subject groups with nothing on a veteran's own compensation claim. */
const PART3_LEFT_OUT_GROUPS = new Set([
  'Relationship',
  'Regulations Applicable to Programs in Effect Prior to January 1, 1979',
  'Apportionments',
  'Hospitalization Adjustments',
]);

/** Part 3 sections whose title shows they concern other benefits or other people. */
const PART3_LEFT_OUT_TITLES =
  /pension|dependency and indemnity|\bDIC\b|surviving spouse|survivor|burial|death|parents?\b|child|marri|divorce|annul|widow|annuit|insurance|Filipino|Philippine|Spanish-American|Mexican border|income|net worth|estate|Medal of Honor|educational assistance|loan guaranty|homicide|renouncement|Nehmer|chapter 18|Radiation Exposure Compensation Act|Section 306|old-law|unexplained absence|civil service|Federal Employees|accrued|substitution|political subdivision|checks|personal funds|incompeten|testamentary|disappearance|school attendance|exchange rates|fractions of one cent|rounding|monetary rates|automatic adjustment|birth|dependents?\b|helpless|Public Health Service|emergency officers|special acts|clothing allowance|automobiles|specially adapted housing|special home adaptation|Pub\. L\. 97-377|Pub\. L\. 85-56|foreign|State Department|financial records|Social Security|tobacco|mustard gas|fugitive|forfeiture|fraud|treasonable|subversive|concurrent|elections?\b|Special allowance|Spina bifida|Court decisions/i;

type Part3Section = {
  section: string;
  title: string;
  subpart: string;
  subject_group: string | null;
  paragraphs: string[];
};

type Part4Row = { cells: string[]; indent: number; subheading?: boolean };
type Part4Block =
  | { type: 'p'; class: string; text: string }
  | { type: 'table'; title: string; header: string[]; rows: Part4Row[]; notes: string[] }
  | { type: 'group'; blocks?: Part4Block[] };
type Part4Section = {
  section: string;
  title: string;
  subpart: string;
  subject_group: string | null;
  blocks: Part4Block[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readSections<T>(text: string, name: string, check: (value: unknown) => boolean): T[] {
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed) || !Array.isArray(parsed.sections))
    throw new Error(`${name}: no sections[]`);
  parsed.sections.forEach((value, index) => {
    if (!check(value)) throw new Error(`${name}: sections[${index}] is not a section`);
  });
  return parsed.sections as T[];
}

const isPart3Section = (value: unknown) =>
  isRecord(value) &&
  typeof value.section === 'string' &&
  typeof value.title === 'string' &&
  typeof value.subpart === 'string' &&
  Array.isArray(value.paragraphs) &&
  value.paragraphs.every((p) => typeof p === 'string');

const isPart4Section = (value: unknown) =>
  isRecord(value) &&
  typeof value.section === 'string' &&
  typeof value.title === 'string' &&
  Array.isArray(value.blocks);

/** Whitespace runs (the source's non-breaking spaces too) to one space, ends trimmed. */
function clean(text: string): string {
  return text
    .replace(/[\u00a0\t ]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

function slug(text: string, words = 6): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, words)
    .join('-');
}

// ---------------------------------------------------------------------------------------------
// Paragraph designators: "(a)", "(1)", "(i)", "(A)", nested in that order (and deeper, again).

type DesignatorKind = 'lower' | 'digit' | 'roman' | 'upper';

const ROMAN = [
  'i',
  'ii',
  'iii',
  'iv',
  'v',
  'vi',
  'vii',
  'viii',
  'ix',
  'x',
  'xi',
  'xii',
  'xiii',
  'xiv',
  'xv',
  'xvi',
  'xvii',
  'xviii',
  'xix',
  'xx',
  'xxi',
  'xxii',
  'xxiii',
  'xxiv',
  'xxv',
];

/**
 * The designators a paragraph opens with: "(c)(1) The…" → ["c", "1"], and those after its heading
 * and a dash: "(c) Advancement on the docket—(1) Grounds…" → ["c", "1"].
 */
function leadingDesignators(paragraph: string): string[] {
  const match = /^((?:\([a-zA-Z0-9]{1,5}\))+)(?:[^\n(—]{1,200}—((?:\([a-zA-Z0-9]{1,5}\))+))?/.exec(
    paragraph,
  );
  if (!match?.[1]) return [];
  return [...`${match[1]}${match[2] ?? ''}`.matchAll(/\(([a-zA-Z0-9]{1,5})\)/g)].map(
    (m) => m[1] ?? '',
  );
}

function lowerIndex(token: string): number | null {
  if (!/^([a-z])\1*$/.test(token)) return null;
  const letter = token.charCodeAt(0) - 97;
  return (token.length - 1) * 26 + letter;
}

function kindsOf(token: string): DesignatorKind[] {
  const kinds: DesignatorKind[] = [];
  if (/^\d+$/.test(token)) kinds.push('digit');
  if (/^[A-Z]$/.test(token)) kinds.push('upper');
  if (lowerIndex(token) !== null) kinds.push('lower');
  if (ROMAN.includes(token)) kinds.push('roman');
  return kinds;
}

function ordinal(kind: DesignatorKind, token: string): number {
  if (kind === 'digit') return Number(token);
  if (kind === 'upper') return token.charCodeAt(0) - 64;
  if (kind === 'roman') return ROMAN.indexOf(token) + 1;
  return (lowerIndex(token) ?? -1) + 1;
}

type OpenLevel = { kind: DesignatorKind; value: number; token: string };

/**
 * Tracks the open levels of designators so that "(i)" after "(h)" is read as the letter, and
 * "(i)" inside "(h)(2)" as the roman numeral: a token continues the deepest open level it can
 * follow; one that can only start a list opens a new level; when it could do either, the next
 * designator decides ("(ii)" next means it was a roman numeral).
 */
class DesignatorReader {
  private open: OpenLevel[] = [];

  /**
   * The depth (1 = top) of the paragraph these tokens open, and its full path. A paragraph that
   * opens two levels at once ("(c) Advancement…—(1) Grounds…") sits at the first.
   */
  read(tokens: string[], next: string | undefined): { depth: number; path: string[] } {
    let depth = 0;
    tokens.forEach((token, index) => {
      this.step(token, next);
      if (index === 0) depth = this.open.length;
    });
    return { depth, path: this.open.map((level) => level.token) };
  }

  reset() {
    this.open = [];
  }

  private step(token: string, next: string | undefined) {
    const kinds = kindsOf(token);
    let continueAt = -1;
    let continueKind: DesignatorKind | null = null;
    for (let depth = this.open.length - 1; depth >= 0; depth--) {
      const level = this.open[depth];
      if (!level) continue;
      if (kinds.includes(level.kind) && ordinal(level.kind, token) === level.value + 1) {
        continueAt = depth;
        continueKind = level.kind;
        break;
      }
    }
    const startKind = kinds.find((kind) => ordinal(kind, token) === 1);
    const canStart = startKind !== undefined && !this.open.some((l) => l.kind === startKind);
    if (continueKind !== null && canStart && startKind !== continueKind) {
      // "(i)" after "(h)…": a roman list starts only if "(ii)" follows.
      const nextIsSecond = next !== undefined && kindsOf(next).includes(startKind);
      if (nextIsSecond && ordinal(startKind, next) === 2) {
        this.open.push({ kind: startKind, value: 1, token });
        return;
      }
    }
    if (continueKind !== null) {
      this.open = this.open.slice(0, continueAt + 1);
      this.open[continueAt] = { kind: continueKind, value: ordinal(continueKind, token), token };
      return;
    }
    if (startKind !== undefined) {
      this.open.push({ kind: startKind, value: 1, token });
      return;
    }
    // Out of sequence (a gap in the source): take the nearest open level of its kind, else a new one.
    const kind = kinds[0] ?? 'lower';
    const depth = this.open.findLastIndex((level) => level.kind === kind);
    if (depth >= 0) {
      this.open = this.open.slice(0, depth + 1);
      this.open[depth] = { kind, value: ordinal(kind, token), token };
    } else {
      this.open.push({ kind, value: ordinal(kind, token), token });
    }
  }
}

type ParagraphNode = {
  path: string[];
  /** The paragraph itself and the undesignated paragraphs after it (notes, list lines). */
  own: string[];
  children: ParagraphNode[];
};

/** Paragraphs into a tree by their designators; text before the first one is the root's own. */
function paragraphTree(paragraphs: string[]): ParagraphNode {
  const root: ParagraphNode = { path: [], own: [], children: [] };
  const reader = new DesignatorReader();
  const stack: ParagraphNode[] = [root];
  const designators = paragraphs.map(leadingDesignators);
  paragraphs.forEach((paragraph, index) => {
    const tokens = designators[index] ?? [];
    if (tokens.length === 0) {
      (stack.at(-1) ?? root).own.push(paragraph);
      return;
    }
    const next = designators.slice(index + 1).find((found) => found.length > 0)?.[0];
    const { depth, path } = reader.read(tokens, next);
    // stack[d] is the open paragraph at depth d; a skipped level is held by the parent.
    stack.length = Math.min(stack.length, depth);
    const parent = stack.at(-1) ?? root;
    const node: ParagraphNode = { path, own: [paragraph], children: [] };
    parent.children.push(node);
    while (stack.length < depth) stack.push(parent);
    stack.push(node);
  });
  return root;
}

function nodeLength(node: ParagraphNode): number {
  return (
    node.own.reduce((sum, text) => sum + text.length + 1, 0) +
    node.children.reduce((sum, child) => sum + nodeLength(child), 0)
  );
}

function nodeText(node: ParagraphNode): string[] {
  return [...node.own, ...node.children.flatMap(nodeText)];
}

/** A piece of a section: its paragraphs, its label, and the short headings of its ancestors. */
type Atom = { path: string[]; lines: string[]; context: string[] };

/** The heading of a paragraph, when it is short enough to lead the pieces cut from it. */
function headingOf(node: ParagraphNode): string | null {
  const first = node.own[0];
  if (first === undefined) return null;
  return first.length <= 320 ? first : null;
}

function atomsOf(node: ParagraphNode, context: string[]): Atom[] {
  if (nodeLength(node) <= MAX_PASSAGE_CHARS || node.children.length === 0) {
    return [{ path: node.path, lines: nodeText(node), context }];
  }
  const atoms: Atom[] = [];
  if (node.own.length > 0) atoms.push({ path: node.path, lines: node.own, context });
  const heading = headingOf(node);
  const inner = heading === null ? context : [...context, heading];
  for (const child of node.children) atoms.push(...atomsOf(child, inner));
  return atoms;
}

/** Consecutive atoms packed up to `limit` characters. */
function packAtoms(atoms: Atom[], limit = MAX_PASSAGE_CHARS): Atom[] {
  const packed: Atom[] = [];
  let current: Atom | null = null;
  let length = 0;
  for (const atom of atoms) {
    const size = atom.lines.reduce((sum, line) => sum + line.length + 1, 0);
    if (current !== null && length + size <= limit) {
      current.lines.push(...atom.lines);
      length += size;
      continue;
    }
    current = { path: atom.path, lines: [...atom.lines], context: atom.context };
    length = size + atom.context.reduce((sum, line) => sum + line.length + 1, 0);
    packed.push(current);
  }
  return packed;
}

/** A long undesignated text cut between paragraphs. */
function packLines(lines: string[]): string[][] {
  const chunks: string[][] = [];
  let length = 0;
  for (const line of lines) {
    const last = chunks.at(-1);
    if (last && length + line.length + 1 <= MAX_PASSAGE_CHARS) {
      last.push(line);
      length += line.length + 1;
    } else {
      chunks.push([line]);
      length = line.length + 1;
    }
  }
  return chunks;
}

/** "(a)(1)(i)" from ["a", "1", "i"]. */
function label(path: string[]): string {
  return path.map((token) => `(${token})`).join('');
}

/** The italic heading of a paragraph: "(a) Chronic diseases.\nThe following…" → "Chronic diseases". */
function paragraphHeading(line: string): string | null {
  const body = line.replace(/^(?:\([a-zA-Z0-9]{1,5}\))+\s*/, '');
  const newline = body.indexOf('\n');
  // The heading line before the text, or a paragraph that is only a heading ("(a) Docketing of
  // appeals.").
  const heading =
    newline > 0
      ? body.slice(0, newline)
      : body.length <= 80 && /^[A-Z][^.;:]*[.:]?$/.test(body)
        ? body
        : null;
  if (heading === null || heading.length > 120) return null;
  return heading.replace(/[.:—-]+$/, '').trim();
}

/** Lines the passages leave out: source notes, authority lines, editorial notes. */
function isApparatus(paragraph: string): boolean {
  return (
    /^\[\d+ FR \d/.test(paragraph) ||
    /^\(Authority:/.test(paragraph) ||
    /^\(Approved by the Office of Management and Budget/.test(paragraph) ||
    /^Editorial Note/.test(paragraph) ||
    /^\[Image omitted/.test(paragraph) ||
    // A reserved or emptied paragraph: "(d) [Reserved]", "(l) -".
    /^(?:\([a-zA-Z0-9]{1,5}\))+\s*(?:\[Reserved\]|-)?\.?$/.test(paragraph) ||
    (/^Cross References?:/.test(paragraph) && !/U\.S\.C\./.test(paragraph))
  );
}

type SectionMeta = { section: string; title: string; source: string; changed_on: string | null };

function citationOf(section: string, code?: string): string {
  return code === undefined ? `38 CFR ${section}` : `38 CFR ${section}, DC ${code}`;
}

/** Passages of a run of prose paragraphs of one section. */
function prosePassages(meta: SectionMeta, paragraphs: string[], idPrefix = ''): KnowledgePassage[] {
  const kept = paragraphs.map(clean).filter((p) => p !== '' && !isApparatus(p));
  // A cross reference naming a statute stands alone: it is what a question about that law finds.
  const crossReferences = kept.filter((p) => /^Cross References?:/.test(p));
  const body = kept.filter((p) => !/^Cross References?:/.test(p));
  const passages: KnowledgePassage[] = [];
  const base = `${meta.section}${idPrefix}`;
  const sectionTitle = meta.title.replace(/\.$/, '');

  const tree = paragraphTree(body);
  const pieces: Atom[] = [];
  for (const lines of packLines(tree.own)) pieces.push({ path: [], lines, context: [] });
  // Each top-level paragraph is packed on its own, except that very short ones (an item of a
  // list, a one-line lead-in) join their neighbours.
  for (const child of tree.children) pieces.push(...packAtoms(atomsOf(child, [])));
  const atoms = packAtoms(pieces, SHORT_PARAGRAPHS_CHARS);

  const used = new Map<string, number>();
  for (const group of [atoms]) {
    for (const atom of group) {
      const where = label(atom.path);
      const key = atom.path.join('-');
      const count = (used.get(key) ?? 0) + 1;
      used.set(key, count);
      const id = [base, key, count > 1 ? `part${count}` : ''].filter(Boolean).join('-');
      const lines = [...atom.context, ...atom.lines];
      const heading =
        paragraphHeading(atom.lines[0] ?? '') ??
        (atom.context.length > 0 ? paragraphHeading(atom.context.at(-1) ?? '') : null);
      const title =
        where === ''
          ? sectionTitle
          : `${sectionTitle}, paragraph ${where}${heading ? `: ${heading}` : ''}`;
      passages.push({
        id,
        citation: citationOf(meta.section),
        section: meta.section,
        title,
        text: lines.join('\n'),
        source: meta.source,
        changed_on: meta.changed_on,
      });
    }
  }
  crossReferences.forEach((text, index) => {
    passages.push({
      id: `${base}-cross-reference${index > 0 ? `-${index + 1}` : ''}`,
      citation: citationOf(meta.section),
      section: meta.section,
      title: `${sectionTitle}: cross reference`,
      text,
      source: meta.source,
      changed_on: meta.changed_on,
    });
  });
  return passages;
}

// ---------------------------------------------------------------------------------------------
// Part 4 rating tables.

const DC_ROW = /^(?:\^\(\d+\))?(\d{4})\b\s*(.*)$/s;
const FORMULA_HEADING = /^(?:General Rating Formula|(?:General )?Formula for|Rating Formula)\b/i;
const NOTE_ROW = /^Note\b/;

type TableItem = {
  kind: 'dc' | 'formula' | 'criteria' | 'table';
  code?: string;
  title: string;
  /** Heading lines (a formula's name and the codes it covers). */
  heading: string[];
  rows: string[];
  notes: string[];
  hasRatings: boolean;
  /** Group heading the item sits under ("The Knee and Leg"). */
  group: string;
  /** Codes a formula names as its own. */
  covers: Set<string>;
  /** Ids of formulas a code is rated under. */
  ratedUnder: Set<string>;
  /** Footnote marks used by its rows. */
  footnotes: Set<string>;
  id: string;
};

/** "7806, 7809, 7813-7816, and 7824" → every code. */
function codesListed(text: string): string[] {
  const codes: string[] = [];
  const list =
    /(?:diagnostic codes?|DC'?s?)\s+((?:\d{4}(?:\s*(?:-|–|to|through)\s*\d{4})?(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)?)+)/gi;
  for (const match of text.matchAll(list)) {
    for (const part of (match[1] ?? '').matchAll(/(\d{4})(?:\s*(?:-|–|to|through)\s*(\d{4}))?/g)) {
      const from = Number(part[1]);
      const to = part[2] === undefined ? from : Number(part[2]);
      if (to < from || to - from > 400) continue;
      for (let code = from; code <= to; code++) codes.push(String(code));
    }
  }
  return codes;
}

/** A formula's name without the words every formula shares, to spot it in other rows. */
function formulaKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/\(.*$/, '')
    .replace(/:.*$/, '')
    .replace(/^(general )?(rating )?formula for (rating )?/, '')
    .replace(/^the /, '')
    .trim();
}

/**
 * A rating cell: "^(3)90" or "*50" → the value and its footnote mark; "" → null; a sentence in the
 * rating column (one row of § 4.104 has one) → its text. Anything else stops the import.
 */
function ratingCell(
  cell: string,
  where: string,
): { value: string; footnote?: string } | { text: string } | null {
  const text = clean(cell);
  if (text === '') return null;
  const match = /^(?:\^\((\d+)\)|(\*))?(\d{1,3})(?:\^\((\d+)\))?$/.exec(text);
  if (match?.[3]) {
    const footnote = match[1] ?? match[2] ?? match[4];
    return footnote === undefined ? { value: match[3] } : { value: match[3], footnote };
  }
  if (/^[A-Z][^|]*[a-z.]$/.test(text) && text.includes(' ')) return { text };
  throw new Error(`${where}: unreadable rating "${cell}"`);
}

/** One table row as a line of text, each rating "<n> percent". */
function rowLine(row: Part4Row, header: string[], where: string, footnotes: Set<string>): string {
  let text = clean(row.cells[0] ?? '');
  const labels = header.slice(1).map((name) =>
    name
      .replace(/^Rating\s*—\s*/i, '')
      .trim()
      .toLowerCase(),
  );
  const ratings: string[] = [];
  row.cells.slice(1).forEach((cell, index) => {
    const rating = ratingCell(cell, where);
    if (rating === null) return;
    if ('text' in rating) {
      text = `${text} ${rating.text}`.trim();
      return;
    }
    if (rating.footnote) footnotes.add(rating.footnote);
    // A stray extra cell (the source shifts a few) counts as the last rating column.
    const name = labels[Math.min(index, labels.length - 1)] ?? 'rating';
    const mark = rating.footnote ? ` (see footnote ${rating.footnote})` : '';
    ratings.push(`${rating.value} percent${name === 'rating' ? '' : ` (${name})`}${mark}`);
  });
  for (const mark of text.matchAll(/\^\((\d+)\)/g)) if (mark[1]) footnotes.add(mark[1]);
  return ratings.length > 0 ? `${text} — ${ratings.join(', ')}` : text;
}

function isRatingTable(header: string[]): boolean {
  return header.slice(1).some((name) => /rating/i.test(name));
}

type Part4Context = { meta: SectionMeta; items: TableItem[]; ids: Set<string> };

function uniqueId(context: Part4Context, id: string): string {
  let candidate = id;
  for (let n = 2; context.ids.has(candidate); n++) candidate = `${id}-${n}`;
  context.ids.add(candidate);
  return candidate;
}

function newItem(
  context: Part4Context,
  kind: TableItem['kind'],
  name: string,
  group: string,
  code?: string,
): TableItem {
  const section = context.meta.section;
  // Rows before any code under a table without a title: named after the section.
  const title =
    name.trim() === '' ? `${context.meta.title.replace(/\.$/, '')}: general notes` : name;
  const id =
    kind === 'dc'
      ? `${section}-dc${code ?? ''}`
      : kind === 'formula'
        ? `${section}-formula-${slug(formulaKey(title))}`
        : `${section}-${kind}-${slug(title)}`;
  const item: TableItem = {
    kind,
    title,
    heading: [],
    rows: [],
    notes: [],
    hasRatings: false,
    group,
    covers: new Set(),
    ratedUnder: new Set(),
    footnotes: new Set(),
    id: uniqueId(context, id),
  };
  if (code !== undefined) item.code = code;
  context.items.push(item);
  return item;
}

/** The rows of a rating table into codes, formulas and criteria blocks. */
function readRatingTable(
  context: Part4Context,
  table: Extract<Part4Block, { type: 'table' }>,
  tableIndex: number,
) {
  const where = `§ ${context.meta.section} table ${tableIndex + 1}`;
  let group = clean(table.title);
  let current: TableItem | null = null;
  const tableItems: TableItem[] = [];
  const open = (kind: TableItem['kind'], title: string, code?: string) => {
    current = newItem(context, kind, title, group, code);
    tableItems.push(current);
    return current;
  };
  if (FORMULA_HEADING.test(group)) {
    const formula = open('formula', group);
    formula.heading.push(group);
  }

  table.rows.forEach((row, rowIndex) => {
    const text = clean(row.cells[0] ?? '');
    const hasRating = row.cells.slice(1).some((cell) => {
      const rating = ratingCell(cell, where);
      return rating !== null && 'value' in rating;
    });
    const line = rowLine(row, table.header, `${where} row ${rowIndex + 1}`, new Set());
    if (text === '' && !hasRating) return;
    const dc = DC_ROW.exec(text);
    if (dc?.[1] && Number(dc[1]) >= 5000) {
      const name = clean(dc[2] ?? '')
        .replace(/[:.]$/, '')
        .trim();
      const item = open('dc', name, dc[1]);
      item.rows.push(rowLine(row, table.header, where, item.footnotes));
      if (hasRating) item.hasRatings = true;
      return;
    }
    if (FORMULA_HEADING.test(text)) {
      const name = text.replace(/:$/, '');
      const formula = open('formula', name.replace(/:.*$/s, '').trim());
      if (hasRating) {
        formula.rows.push(rowLine(row, table.header, where, formula.footnotes));
        formula.hasRatings = true;
      } else {
        formula.heading.push(text);
      }
      for (const code of codesListed(text)) formula.covers.add(code);
      return;
    }
    const item = current as TableItem | null;
    if (NOTE_ROW.test(text)) {
      if (item) item.notes.push(line);
      else open('table', group).notes.push(line);
      return;
    }
    if (row.subheading === true && !hasRating) {
      // A heading of a group of codes: what follows belongs to no code until the next one.
      group = text;
      current = null;
      return;
    }
    if (item && item.kind === 'formula' && item.rows.length === 0 && /^\(/.test(text)) {
      // "(For diagnostic codes 5235 to 5243 …):" under a formula's name.
      item.heading.push(text);
      for (const code of codesListed(text)) item.covers.add(code);
      return;
    }
    if (item === null || (item.kind === 'criteria' && /:$/.test(text) && !hasRating)) {
      // Criteria under no code ("Renal dysfunction:" in § 4.115a) make a block of their own.
      const block = open(/:$/.test(text) ? 'criteria' : 'table', text.replace(/:$/, ''));
      block.rows.push(rowLine(row, table.header, where, block.footnotes));
      if (hasRating) block.hasRatings = true;
      return;
    }
    item.rows.push(rowLine(row, table.header, where, item.footnotes));
    if (hasRating) item.hasRatings = true;
  });

  // Table notes: footnotes go to the items that use them; the rest to the table's last item.
  for (const note of table.notes.map(clean)) {
    const footnote = /^(?:\^\((\d+)\)|(\*))\s*(.*)$/s.exec(note);
    const mark = footnote?.[1] ?? footnote?.[2];
    if (footnote && mark) {
      const users = tableItems.filter((item) => item.footnotes.has(mark));
      for (const item of users) item.notes.push(`Footnote ${mark}: ${footnote[3] ?? ''}`);
      continue;
    }
    const last = tableItems.at(-1) ?? open('table', group);
    last.notes.push(note);
  }
}

/** Any other table (no rating column): rows as lines, grouped by their first cell. */
function readPlainTable(
  context: Part4Context,
  table: Extract<Part4Block, { type: 'table' }>,
  group: string,
) {
  const cells = table.rows.flatMap((row) => row.cells.filter((cell) => cell.trim() !== ''));
  // A numeric look-up table (Table I of § 4.25) says nothing a passage could quote usefully.
  if (
    cells.length > 0 &&
    cells.filter((cell) => /^[\d.\s]+$/.test(cell)).length > cells.length * 0.8
  )
    return;
  const title = clean(table.title) || group;
  let item: TableItem | null = null;
  for (const row of table.rows) {
    const first = clean(row.cells[0] ?? '');
    const rest = row.cells.slice(1).map(clean).filter(Boolean);
    if (item === null || (first !== '' && item.rows.length >= 1 && table.header.length > 2)) {
      item = newItem(context, 'table', first ? `${title}: ${first}` : title, group);
      if (table.header.some((name) => name.trim() !== ''))
        item.heading.push(table.header.map(clean).filter(Boolean).join(' | '));
    }
    item.rows.push([first, ...rest].filter(Boolean).join(' — '));
  }
  if (item) item.notes.push(...table.notes.map(clean));
}

/** The Part 4 items' formula links, then the passages. */
function part4Passages(meta: SectionMeta, section: Part4Section): KnowledgePassage[] {
  const context: Part4Context = { meta, items: [], ids: new Set() };
  const passages: KnowledgePassage[] = [];
  const prose: string[] = [];
  let proseRun = 0;
  const flushProse = () => {
    if (prose.length === 0) return;
    const suffix = proseRun === 0 ? '' : `-text${proseRun + 1}`;
    passages.push(...prosePassages(meta, prose.splice(0), suffix));
    proseRun += 1;
  };

  const walk = (blocks: Part4Block[]) => {
    blocks.forEach((block, index) => {
      if (block.type === 'group') {
        walk(block.blocks ?? []);
        return;
      }
      if (block.type === 'p') {
        const text = clean(block.text);
        if (['cita', 'secauth', 'parauth', 'image'].includes(block.class)) return;
        const dc = /^(\d{4}) (.+)$/s.exec(text);
        if (block.class.startsWith('extract') && dc?.[1] && Number(dc[1]) >= 5000) {
          // The codes § 4.130 lists before its formula.
          if (/\[Removed\]/.test(text)) return;
          const item = newItem(context, 'dc', clean(dc[2] ?? ''), clean(meta.title), dc[1]);
          item.rows.push(text);
          return;
        }
        prose.push(block.text);
        return;
      }
      flushProse();
      if (isRatingTable(block.header)) readRatingTable(context, block, index);
      else readPlainTable(context, block, clean(section.subject_group ?? meta.title));
    });
  };
  walk(section.blocks);
  flushProse();

  linkFormulas(context);
  shareInstructions(context);
  passages.push(...context.items.flatMap((item) => itemPassages(meta, item)));
  return passages;
}

/**
 * A row that tells how a list of codes is rated ("With the types of arthritis, diagnostic codes
 * 5004 through 5009, rate the disability as rheumatoid arthritis.") sits under the last of them;
 * the codes listed before it, which have no criteria of their own, get it too.
 */
function shareInstructions(context: Part4Context) {
  const codes = new Map(
    context.items.filter((i) => i.kind === 'dc').map((i) => [i.code ?? '', i] as const),
  );
  for (const item of context.items) {
    if (item.kind !== 'dc') continue;
    for (const row of item.rows.slice(1)) {
      for (const code of codesListed(row)) {
        const other = codes.get(code);
        if (other && other !== item && !other.hasRatings && other.rows.length === 1)
          other.rows.push(row);
      }
    }
  }
}

/** Which codes each formula rates (see the module comment). */
function linkFormulas(context: Part4Context) {
  const { items } = context;
  const formulas = items.filter((item) => item.kind === 'formula');
  if (formulas.length === 0) return;
  const codes = new Map(items.filter((i) => i.kind === 'dc').map((i) => [i.code ?? '', i]));
  // The codes a formula's heading lists.
  for (const formula of formulas)
    for (const code of formula.covers) codes.get(code)?.ratedUnder.add(formula.id);
  // A note naming codes and a formula: "Ratings under diagnostic codes 9201 to 9440 will be
  // evaluated using the General Rating Formula for Mental Disorders."
  for (const item of items) {
    for (const note of item.notes) {
      for (const sentence of note.split(/(?<=\.)\s+/)) {
        const named = formulas.filter((f) => sentence.toLowerCase().includes(formulaKey(f.title)));
        if (named.length !== 1 || !/formula/i.test(sentence)) continue;
        for (const code of codesListed(sentence))
          codes.get(code)?.ratedUnder.add(named[0]?.id ?? '');
      }
    }
  }
  // A code whose rows name a formula.
  for (const item of items) {
    if (item.kind !== 'dc') continue;
    const rows = item.rows.join(' ').toLowerCase();
    if (!rows.includes('formula')) continue;
    const named = formulas.filter((f) => rows.includes(formulaKey(f.title)));
    const chosen = named.length > 0 ? named : formulas.length === 1 ? formulas : [];
    for (const formula of chosen) item.ratedUnder.add(formula.id);
  }
  // Codes without criteria listed just before a formula that names no codes of its own.
  let run: TableItem[] = [];
  for (const item of items) {
    if (item.kind === 'dc' && !item.hasRatings && item.rows.length <= 1) {
      run.push(item);
      continue;
    }
    if (item.kind === 'formula' && item.covers.size === 0) {
      for (const code of run) if (code.ratedUnder.size === 0) code.ratedUnder.add(item.id);
    }
    run = [];
  }
}

function itemPassages(meta: SectionMeta, item: TableItem): KnowledgePassage[] {
  const citation = citationOf(meta.section, item.code);
  const kindTitle =
    item.kind === 'dc'
      ? `DC ${item.code ?? ''} ${item.title}`
      : item.kind === 'formula'
        ? item.title
        : item.title;
  const title =
    item.group && item.group !== item.title ? `${kindTitle} (${item.group})` : kindTitle;
  const main = [...item.heading, ...item.rows];
  const base = {
    citation,
    section: meta.section,
    source: meta.source,
    changed_on: meta.changed_on,
    ...(item.code === undefined ? {} : { diagnostic_code: item.code }),
    ...(item.ratedUnder.size === 0 ? {} : { rated_under: [...item.ratedUnder].sort() }),
  };
  if (main.length === 0 && item.notes.length === 0) return [];
  const size = (lines: string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);
  if (size(main) + size(item.notes) <= MAX_PASSAGE_CHARS * 1.3) {
    return [{ id: item.id, title, text: [...main, ...item.notes].join('\n'), ...base }];
  }
  // Too long to quote whole: the criteria stay together (a scale is read whole) unless they are
  // very long; notes follow in passages of their own.
  const passages: KnowledgePassage[] = [];
  const mainChunks =
    size(main) <= MAX_PASSAGE_CHARS * 3 && item.kind !== 'table' ? [main] : packLines(main);
  mainChunks.forEach((lines, index) => {
    const lead = index > 0 && item.kind === 'dc' ? [main[0] ?? ''] : [];
    passages.push({
      id: index === 0 ? item.id : `${item.id}-part${index + 1}`,
      title: index === 0 ? title : `${title}, continued`,
      text: [...lead, ...lines].join('\n'),
      ...base,
      ...(index === 0 ? {} : { part_of: item.id }),
    });
  });
  packLines(item.notes).forEach((lines, index) => {
    passages.push({
      id: `${item.id}-notes${index > 0 ? `-${index + 1}` : ''}`,
      title: `${title}: notes`,
      text: lines.join('\n'),
      ...base,
      part_of: item.id,
    });
  });
  return passages;
}

// ---------------------------------------------------------------------------------------------

/** Derives passages.json from the text of the three source files. */
export function deriveKnowledgeBase(sources: KnowledgeSources): KnowledgeBaseFile {
  const part3 = readSections<Part3Section>(sources.part3, 'Part 3', isPart3Section);
  const part20 = readSections<Part3Section>(sources.part20, 'Part 20', isPart3Section);
  const part4 = readSections<Part4Section>(sources.part4, 'Part 4', isPart4Section);
  const status = new Map((statusFile as Part4StatusFile).sections.map((s) => [s.section, s]));

  const passages: KnowledgePassage[] = [];
  for (const section of part3) {
    if (!/^Subpart [AD]\b/.test(section.subpart)) continue;
    if (section.subject_group !== null && PART3_LEFT_OUT_GROUPS.has(section.subject_group))
      continue;
    if (PART3_LEFT_OUT_TITLES.test(section.title)) continue;
    const meta = {
      section: section.section,
      title: section.title,
      source: SOURCE_LABELS.part3,
      changed_on: null,
    };
    passages.push(...prosePassages(meta, section.paragraphs));
  }
  for (const section of part20) {
    const reserved = /^\[Reserved\]$/.test(section.title.trim());
    const meta = {
      section: section.section,
      title: reserved ? section.subpart : section.title.replace(/^Rule \d+\.\s*/, ''),
      source: SOURCE_LABELS.part20,
      changed_on: null,
    };
    passages.push(...prosePassages(meta, section.paragraphs));
  }
  for (const section of part4) {
    const entry = status.get(section.section);
    const meta = {
      section: section.section,
      title: section.title,
      source: SOURCE_LABELS.part4,
      changed_on: entry?.status === 'changed' ? entry.changed_on : null,
    };
    passages.push(...part4Passages(meta, section));
  }

  const ids = new Set<string>();
  for (const passage of passages) {
    if (ids.has(passage.id)) throw new Error(`passage id ${passage.id} is used twice`);
    ids.add(passage.id);
    if (passage.text.trim() === '') throw new Error(`passage ${passage.id} is empty`);
  }
  const sections = new Set(passages.map((passage) => passage.section));
  for (const section of REQUIRED_SECTIONS)
    if (!sections.has(section)) throw new Error(`§ ${section} is missing from the passages`);

  return {
    source: {
      generated_by: 'scripts/import-knowledge-base.ts',
      files: Object.values(KNOWLEDGE_SOURCE_FILES).map((file) => `../shared/data/${file}`),
      versions: {
        part3: 'eCFR text with amendments through 90 FR 1901 (Jan. 10, 2025)',
        part20: 'eCFR text, no change recorded after 2024-12-31',
        part4:
          'e-CFR text as of 2019-10-07; sections amended since carry changed_on (see part4-status.json)',
      },
      selection:
        'Part 3: Subparts A and D less the sections on pension, survivors, dependents, burial and ' +
        'other programs; Part 20: all; Part 4: all, less Table I of § 4.25 and images. Source ' +
        'notes, authority lines and section-only cross references are dropped.',
      license: 'US Government works (public domain)',
    },
    passages,
  };
}
