/**
 * Scores the decision-letter parser against its fixed fixture set, read three ways: each letter of
 * packages/domain/src/decision-letters/fixtures as text (`NN-name.txt`), as a text-layer PDF
 * (`pdf/NN-name.pdf`) and, for some, as an image-only scan (`pdf/NN-name.scanned.pdf`). A PDF is
 * read as the API reads an upload: its pages through the PDF reader (the text layer, or OCR of a
 * scanned page), joined with form feeds, then parsed. For each source it compares the reading with
 * the letter's .expected.json and prints the misses letter by letter and precision and recall per
 * field; then the time the PDFs took to read and the parsing speed, and last
 * `decision letters: lowest field <name> P=.. R=.. (<source>), threshold 0.95`. Exits 1 when any
 * field's precision or recall is below the threshold in any source, or a letter's PDF is missing.
 *
 *   node --import tsx scripts/score-decision-letters.ts
 *
 * How a field is counted:
 * - Decisions are paired by condition, compared in lower case without spaces, hyphens or
 *   punctuation (as the fixture set compares them, which undoes OCR splits), each at most once.
 *   condition: TP = pairs; precision over parsed decisions, recall over expected ones.
 * - A field of a decision: TP = a paired decision whose parsed value is set (not null, not an empty
 *   list; for presumptive, true) and equals the expected one. Precision is over every parsed
 *   decision with the value set, recall over every expected decision with it set, so an unpaired
 *   decision counts against both. outcome is always set.
 * - reason_keywords and evidence are sets: each keyword (item) is one value.
 * - letter_date, combined_rating and monthly_amount: one value per letter; deadlines: each
 *   kind-and-day is one value.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseDecisionLetter,
  type ParsedDecision,
  type ParsedLetter,
} from '../packages/domain/src/decision-letters/parser.ts';
import { extractPages } from '../apps/api/src/lib/pdf-text/extract-pages.ts';

const THRESHOLD = 0.95;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(repo, 'packages/domain/src/decision-letters/fixtures');
const pdfDir = path.join(dir, 'pdf');
const REGENERATE = 'npm run fixtures:letter-pdfs';

type Letter = { name: string; text: string; expected: ParsedLetter };

const letters: Letter[] = readdirSync(dir)
  .filter((file) => file.endsWith('.txt'))
  .sort()
  .map((file) => {
    const name = file.slice(0, -'.txt'.length);
    return {
      name,
      text: readFileSync(path.join(dir, file), 'utf8'),
      expected: JSON.parse(
        readFileSync(path.join(dir, `${name}.expected.json`), 'utf8'),
      ) as ParsedLetter,
    };
  });

type Count = { tp: number; parsed: number; expected: number };
const FIELDS = [
  'letter_date',
  'combined_rating',
  'monthly_amount',
  'evidence',
  'deadlines',
  'condition',
  'outcome',
  'percent',
  'effective_date',
  'diagnostic_code',
  'secondary_to',
  'presumptive',
  'previous_percent',
  'staged',
  'reason_keywords',
] as const;
type Field = (typeof FIELDS)[number];

const DECISION_FIELDS = [
  'outcome',
  'percent',
  'effective_date',
  'diagnostic_code',
  'secondary_to',
  'presumptive',
  'previous_percent',
  'staged',
] as const satisfies readonly (keyof ParsedDecision & Field)[];

const conditionKey = (condition: string) => condition.toLowerCase().replace(/[^a-z0-9]+/g, '');
const isSet = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== false &&
  !(Array.isArray(value) && value.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const show = (value: unknown) => JSON.stringify(value);

type Score = {
  rows: { field: Field; tp: number; parsed: number; expected: number; p: number; r: number }[];
  misses: string[];
  letters: number;
  decisionsExpected: number;
  decisionsParsed: number;
  exactNames: number;
  pairedDecisions: number;
};

const ratio = (tp: number, of: number) => (of === 0 ? 1 : tp / of);

/** Parses each letter's text and counts every field against its expected reading. */
function score(readings: Letter[]): Score {
  const counts = Object.fromEntries(
    FIELDS.map((field) => [field, { tp: 0, parsed: 0, expected: 0 }]),
  ) as Record<Field, Count>;

  function countValue(field: Field, parsed: unknown, expected: unknown, paired: boolean) {
    const count = counts[field];
    if (isSet(parsed)) count.parsed += 1;
    if (isSet(expected)) count.expected += 1;
    if (paired && isSet(parsed) && same(parsed, expected)) count.tp += 1;
  }

  function countSet(field: Field, parsed: readonly string[], expected: readonly string[]) {
    const count = counts[field];
    const wanted = new Set(expected);
    count.parsed += parsed.length;
    count.expected += expected.length;
    count.tp += new Set(parsed.filter((item) => wanted.has(item))).size;
  }

  const misses: string[] = [];
  let exactNames = 0;
  let pairedDecisions = 0;

  for (const { name, text, expected } of readings) {
    const parsed = parseDecisionLetter(text);
    const miss = (what: string) => misses.push(`${name}: ${what}`);

    for (const field of ['letter_date', 'combined_rating', 'monthly_amount'] as const) {
      countValue(field, parsed[field], expected[field], true);
      if (!same(parsed[field], expected[field])) {
        miss(`${field} ${show(parsed[field])}, expected ${show(expected[field])}`);
      }
    }
    countSet('evidence', parsed.evidence, expected.evidence);
    for (const item of expected.evidence.filter((item) => !parsed.evidence.includes(item))) {
      miss(`evidence missing ${show(item)}`);
    }
    for (const item of parsed.evidence.filter((item) => !expected.evidence.includes(item))) {
      miss(`evidence extra ${show(item)}`);
    }
    const deadline = (d: { kind: string; due: string }) => `${d.kind} ${d.due}`;
    countSet('deadlines', parsed.deadlines.map(deadline), expected.deadlines.map(deadline));
    if (!same(parsed.deadlines, expected.deadlines)) {
      miss(`deadlines ${show(parsed.deadlines)}, expected ${show(expected.deadlines)}`);
    }

    // Pair decisions by condition.
    const unpaired = [...parsed.decisions];
    const pairs: [ParsedDecision, ParsedDecision | undefined][] = expected.decisions.map((want) => {
      const i = unpaired.findIndex(
        (got) => conditionKey(got.condition) === conditionKey(want.condition),
      );
      return [want, i >= 0 ? unpaired.splice(i, 1)[0] : undefined];
    });
    counts.condition.expected += expected.decisions.length;
    counts.condition.parsed += parsed.decisions.length;
    for (const [want, got] of pairs) {
      if (!got) {
        miss(`decision missing ${show(want.condition)} (${want.outcome})`);
        for (const field of DECISION_FIELDS) countValue(field, undefined, want[field], false);
        countSet('reason_keywords', [], want.reason_keywords);
        continue;
      }
      counts.condition.tp += 1;
      pairedDecisions += 1;
      if (got.condition === want.condition) exactNames += 1;
      else miss(`condition written ${show(got.condition)}, expected ${show(want.condition)}`);
      for (const field of DECISION_FIELDS) {
        countValue(field, got[field], want[field], true);
        if (!same(got[field], want[field])) {
          miss(`${want.condition}: ${field} ${show(got[field])}, expected ${show(want[field])}`);
        }
      }
      countSet('reason_keywords', got.reason_keywords, want.reason_keywords);
      if (!same([...got.reason_keywords].sort(), [...want.reason_keywords].sort())) {
        miss(
          `${want.condition}: reason_keywords ${show(got.reason_keywords)}, expected ${show(want.reason_keywords)}`,
        );
      }
    }
    for (const extra of unpaired) {
      miss(`decision extra ${show(extra.condition)} (${extra.outcome})`);
      for (const field of DECISION_FIELDS) countValue(field, extra[field], undefined, false);
      countSet('reason_keywords', extra.reason_keywords, []);
    }
  }

  const rows = FIELDS.map((field) => {
    const { tp, parsed, expected } = counts[field];
    return { field, tp, parsed, expected, p: ratio(tp, parsed), r: ratio(tp, expected) };
  });
  return {
    rows,
    misses,
    letters: readings.length,
    decisionsExpected: counts.condition.expected,
    decisionsParsed: counts.condition.parsed,
    exactNames,
    pairedDecisions,
  };
}

// ------------------------------------------------------------------------------------------------
// The PDF versions, read as the API reads an upload.

/** Pages are joined as the decision-letter service joins them before parsing. */
const PAGE_JOIN = '\n\f\n';

type PdfReading = { readings: Letter[]; pages: number; seconds: number; missing: string[] };

async function readPdfs(suffix: string, required: boolean): Promise<PdfReading> {
  const result: PdfReading = { readings: [], pages: 0, seconds: 0, missing: [] };
  for (const letter of letters) {
    const file = path.join(pdfDir, `${letter.name}${suffix}`);
    if (!existsSync(file)) {
      if (required) result.missing.push(`pdf/${letter.name}${suffix}`);
      continue;
    }
    const started = performance.now();
    const pages = await extractPages(readFileSync(file));
    result.seconds += (performance.now() - started) / 1000;
    result.pages += pages.length;
    const text = pages.map((page) => page.text).join(PAGE_JOIN);
    result.readings.push({ ...letter, text });
  }
  return result;
}

const textLayer = await readPdfs('.pdf', true);
const scanned = await readPdfs('.scanned.pdf', false);
const sources = [
  { label: 'text', score: score(letters) },
  { label: 'PDF', score: score(textLayer.readings) },
  { label: 'scanned PDF', score: score(scanned.readings) },
];

// Speed: every letter, 100 times.
const ROUNDS = 100;
const started = performance.now();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const letter of letters) parseDecisionLetter(letter.text);
}
const seconds = (performance.now() - started) / 1000;

const pad = (text: string | number, width: number) => String(text).padStart(width);
for (const { label, score: result } of sources) {
  console.log(`\n=== ${label} ===`);
  if (result.misses.length > 0) console.log(`Misses:\n  ${result.misses.join('\n  ')}\n`);
  else console.log('No misses.\n');
  console.log(
    `${'field'.padEnd(18)}${pad('TP', 5)}${pad('parsed', 8)}${pad('expected', 10)}${pad('P', 8)}${pad('R', 8)}`,
  );
  for (const row of result.rows) {
    console.log(
      `${row.field.padEnd(18)}${pad(row.tp, 5)}${pad(row.parsed, 8)}${pad(row.expected, 10)}${pad(row.p.toFixed(3), 8)}${pad(row.r.toFixed(3), 8)}`,
    );
  }
  console.log(
    `\n${label}: ${result.letters} letters, ${result.decisionsExpected} decisions expected, ${result.decisionsParsed} parsed; ` +
      `condition written exactly as expected: ${result.exactNames} of ${result.pairedDecisions} paired`,
  );
}

console.log('');
const readTime = (what: string, reading: PdfReading) =>
  console.log(
    `${what}: ${reading.readings.length} PDFs, ${reading.pages} pages read in ${reading.seconds.toFixed(1)} s` +
      ` (${(reading.seconds / Math.max(1, reading.pages)).toFixed(2)} s per page)`,
  );
readTime('PDF (text layer)', textLayer);
readTime('scanned PDF (OCR)', scanned);
console.log(
  `${letters.length * ROUNDS} letters parsed in ${(seconds * 1000).toFixed(0)} ms (${((letters.length * ROUNDS) / seconds).toFixed(0)} letters per second)`,
);

const missing = [...textLayer.missing];
if (scanned.readings.length === 0) missing.push('every pdf/*.scanned.pdf');
if (missing.length > 0) console.log(`Missing: ${missing.join(', ')}: run \`${REGENERATE}\``);

let passed = missing.length === 0;
const lowest = sources.map(({ label, score: result }) => {
  const low = result.rows.reduce((a, b) => (Math.min(b.p, b.r) < Math.min(a.p, a.r) ? b : a));
  if (!result.rows.every((row) => row.p >= THRESHOLD && row.r >= THRESHOLD)) passed = false;
  return { label, ...low };
});
const worst = lowest.reduce((a, b) => (Math.min(b.p, b.r) < Math.min(a.p, a.r) ? b : a));
for (const low of lowest) {
  console.log(
    `${low.label}: lowest field ${low.field} P=${low.p.toFixed(3)} R=${low.r.toFixed(3)}`,
  );
}
console.log(
  `decision letters: lowest field ${worst.field} P=${worst.p.toFixed(3)} R=${worst.r.toFixed(3)} (${worst.label}), threshold ${THRESHOLD}`,
);
process.exit(passed ? 0 : 1);
