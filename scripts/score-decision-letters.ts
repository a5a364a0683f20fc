/**
 * Scores the decision-letter parser against its fixed fixture set: parses every letter of
 * packages/domain/src/decision-letters/fixtures, compares the reading with its .expected.json and
 * prints precision and recall per field, the misses letter by letter, the parsing speed, then
 * `decision letters: lowest field <name> P=.. R=.., threshold 0.95`. Exits 1 when any field's
 * precision or recall is below the threshold.
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
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseDecisionLetter,
  type ParsedDecision,
  type ParsedLetter,
} from '../packages/domain/src/decision-letters/parser.ts';

const THRESHOLD = 0.95;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(repo, 'packages/domain/src/decision-letters/fixtures');

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
const counts = Object.fromEntries(
  FIELDS.map((field) => [field, { tp: 0, parsed: 0, expected: 0 }]),
) as Record<Field, Count>;

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

for (const { name, text, expected } of letters) {
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

// Speed: every letter, 100 times.
const ROUNDS = 100;
const started = performance.now();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const letter of letters) parseDecisionLetter(letter.text);
}
const seconds = (performance.now() - started) / 1000;

if (misses.length > 0) console.log(`Misses:\n  ${misses.join('\n  ')}\n`);
else console.log('No misses.\n');

const ratio = (tp: number, of: number) => (of === 0 ? 1 : tp / of);
const rows = FIELDS.map((field) => {
  const { tp, parsed, expected } = counts[field];
  return { field, tp, parsed, expected, p: ratio(tp, parsed), r: ratio(tp, expected) };
});
const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(
  `${'field'.padEnd(18)}${pad('TP', 5)}${pad('parsed', 8)}${pad('expected', 10)}${pad('P', 8)}${pad('R', 8)}`,
);
for (const row of rows) {
  console.log(
    `${row.field.padEnd(18)}${pad(row.tp, 5)}${pad(row.parsed, 8)}${pad(row.expected, 10)}${pad(row.p.toFixed(3), 8)}${pad(row.r.toFixed(3), 8)}`,
  );
}
console.log(
  `\n${letters.length} letters, ${counts.condition.expected} decisions expected, ${counts.condition.parsed} parsed; ` +
    `condition written exactly as expected: ${exactNames} of ${pairedDecisions} paired`,
);
console.log(
  `${letters.length * ROUNDS} letters parsed in ${(seconds * 1000).toFixed(0)} ms (${((letters.length * ROUNDS) / seconds).toFixed(0)} letters per second)`,
);

const lowest = rows.reduce((low, row) =>
  Math.min(row.p, row.r) < Math.min(low.p, low.r) ? row : low,
);
console.log(
  `decision letters: lowest field ${lowest.field} P=${lowest.p.toFixed(3)} R=${lowest.r.toFixed(3)}, threshold ${THRESHOLD}`,
);
process.exit(rows.every((row) => row.p >= THRESHOLD && row.r >= THRESHOLD) ? 0 : 1);
