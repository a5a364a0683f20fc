/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

import { addDays, reviewDeadlines } from '../deadlines.ts';

/**
 * The decision-letter fixture set (fixtures/README.md): VA decision letters as text extraction or
 * OCR gives them, each with the reading a deterministic parser must produce. The set was written
 * before any parser, so these checks hold the expectations to the letters and to each other, never
 * to a parser's output. Read by the test bundler (domain code does no I/O).
 */
const TEXT_FILES: Record<string, string> = import.meta.glob('./fixtures/*.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const EXPECTED_FILES: Record<string, string> = import.meta.glob('./fixtures/*.expected.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
/**
 * The PDF versions (fixtures/README.md, "The letters as PDF"): only their names are read here;
 * scripts/make-letter-pdfs.test.ts holds each one to its letter.
 */
const PDF_FILES = Object.keys(import.meta.glob('./fixtures/pdf/*.pdf', { query: '?url' })).map(
  (file) => file.split('/').at(-1) ?? file,
);

const OUTCOMES = [
  'granted',
  'denied',
  'deferred',
  'increased',
  'decreased',
  'continued',
  'severed',
] as const;
type Outcome = (typeof OUTCOMES)[number];

const REASONS = [
  'diagnosis',
  'in-service event',
  'nexus',
  'new and relevant evidence',
  'criteria',
] as const;
type Reason = (typeof REASONS)[number];

type Stage = { percent: number; from: string; to: string | null };

type Decision = {
  condition: string;
  outcome: Outcome;
  percent: number | null;
  effective_date: string | null;
  diagnostic_code: string | null;
  secondary_to: string | null;
  presumptive: boolean;
  previous_percent: number | null;
  staged: Stage[];
  reason_keywords: Reason[];
};

type Expected = {
  letter_date: string;
  combined_rating: number | null;
  monthly_amount: number | null;
  decisions: Decision[];
  evidence: string[];
  deadlines: { kind: string; due: string }[];
};

type Letter = { name: string; text: string; expected: Expected };

// ------------------------------------------------------------------------------------------------
// Shape: every field present, nothing else, each of the right type (zod is not a dependency of
// this package, so the checks are written out).

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DAY.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

function isPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;
}

function exactKeys(value: Record<string, unknown>, keys: readonly string[], where: string) {
  const problems: string[] = [];
  for (const key of keys) if (!(key in value)) problems.push(`${where}: missing ${key}`);
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) problems.push(`${where}: unexpected field ${key}`);
  }
  return problems;
}

function stageProblems(value: unknown, where: string): string[] {
  if (!isRecord(value)) return [`${where}: not an object`];
  const problems = exactKeys(value, ['percent', 'from', 'to'], where);
  if (!isPercent(value.percent)) problems.push(`${where}: percent`);
  if (!isIsoDay(value.from)) problems.push(`${where}: from`);
  if (value.to !== null && !isIsoDay(value.to)) problems.push(`${where}: to`);
  return problems;
}

const DECISION_KEYS = [
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

function decisionProblems(value: unknown, where: string): string[] {
  if (!isRecord(value)) return [`${where}: not an object`];
  const problems = exactKeys(value, DECISION_KEYS, where);
  const { condition, outcome, percent, staged, reason_keywords: reasons } = value;
  if (typeof condition !== 'string' || condition === '' || condition !== condition.toLowerCase()) {
    problems.push(`${where}: condition must be non-empty lower-case text`);
  }
  if (!OUTCOMES.some((known) => known === outcome)) problems.push(`${where}: outcome ${outcome}`);
  if (percent !== null && !isPercent(percent)) problems.push(`${where}: percent`);
  if (value.effective_date !== null && !isIsoDay(value.effective_date)) {
    problems.push(`${where}: effective_date`);
  }
  if (value.diagnostic_code !== null && !/^\d{4}(-\d{4})?$/.test(String(value.diagnostic_code))) {
    problems.push(`${where}: diagnostic_code`);
  }
  const secondary = value.secondary_to;
  if (
    secondary !== null &&
    (typeof secondary !== 'string' || secondary !== secondary.toLowerCase())
  ) {
    problems.push(`${where}: secondary_to must be lower-case text or null`);
  }
  if (typeof value.presumptive !== 'boolean') problems.push(`${where}: presumptive`);
  if (value.previous_percent !== null && !isPercent(value.previous_percent)) {
    problems.push(`${where}: previous_percent`);
  }
  if (!Array.isArray(staged)) problems.push(`${where}: staged`);
  else
    staged.forEach((stage, i) => problems.push(...stageProblems(stage, `${where}.staged[${i}]`)));
  if (!Array.isArray(reasons) || !reasons.every((r) => REASONS.some((known) => known === r))) {
    problems.push(`${where}: reason_keywords`);
  }
  return problems;
}

function expectedProblems(value: unknown, where: string): string[] {
  if (!isRecord(value)) return [`${where}: not an object`];
  const keys = [
    'letter_date',
    'combined_rating',
    'monthly_amount',
    'decisions',
    'evidence',
    'deadlines',
  ];
  const problems = exactKeys(value, keys, where);
  if (!isIsoDay(value.letter_date)) problems.push(`${where}: letter_date`);
  if (value.combined_rating !== null && !isPercent(value.combined_rating)) {
    problems.push(`${where}: combined_rating`);
  }
  const amount = value.monthly_amount;
  if (amount !== null && (typeof amount !== 'number' || !(amount > 0))) {
    problems.push(`${where}: monthly_amount`);
  }
  if (!Array.isArray(value.decisions) || value.decisions.length === 0) {
    problems.push(`${where}: decisions must be a non-empty list`);
  } else {
    value.decisions.forEach((decision, i) =>
      problems.push(...decisionProblems(decision, `${where}.decisions[${i}]`)),
    );
  }
  if (!Array.isArray(value.evidence) || !value.evidence.every((item) => typeof item === 'string')) {
    problems.push(`${where}: evidence`);
  }
  if (
    !Array.isArray(value.deadlines) ||
    !value.deadlines.every(
      (deadline) =>
        isRecord(deadline) && typeof deadline.kind === 'string' && isIsoDay(deadline.due),
    )
  ) {
    problems.push(`${where}: deadlines`);
  }
  return problems;
}

// ------------------------------------------------------------------------------------------------
// Loading: every letter with its expected reading, by file name without the extension.

const baseName = (file: string, suffix: string) =>
  (file.split('/').at(-1) ?? file).slice(0, -suffix.length);

const texts = new Map(
  Object.entries(TEXT_FILES).map(([file, text]) => [baseName(file, '.txt'), text]),
);
const expectations = new Map(
  Object.entries(EXPECTED_FILES).map(([file, json]) => [
    baseName(file, '.expected.json'),
    JSON.parse(json) as unknown,
  ]),
);

const LETTERS: Letter[] = [...texts.keys()]
  .filter((name) => expectations.has(name))
  .sort()
  .map((name) => ({
    name,
    text: texts.get(name) ?? '',
    expected: expectations.get(name) as Expected,
  }));

// ------------------------------------------------------------------------------------------------
// Text helpers. OCR splits words ("ser vice") and hyphenates them across lines, so a name is
// looked for with whitespace and hyphens removed. It also misreads digits ("2O23", "l0"), so a year
// is looked for with O read as 0 and l or I as 1.

const squash = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');
const ocrDigits = (text: string) => text.replace(/[Oo]/g, '0').replace(/[lI]/g, '1');
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** How the letters state each reason (read on one line, lower-cased). */
const REASON_PHRASES: Record<Reason, RegExp> = {
  diagnosis:
    /does not show a current (diagnos|hearing loss disability)|without a current diagnosis/,
  'in-service event':
    /does not show an event, disease,? or injury in service|do not show that .{0,60}occurred in service/,
  nexus: /does not show (a link between|that (this|your) .{0,40}is related to)/,
  'new and relevant evidence': /not new and relevant|did not receive new and relevant evidence/,
  criteria: /criteria|not warranted unless/,
};

const ANCILLARY =
  /individual unemployability|special monthly compensation|dependents' educational assistance/;

function money(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// ------------------------------------------------------------------------------------------------
// Coverage: which letters cover which case. Each entry is also checked against the letter, so
// the table cannot claim a case the letter does not have.

const CATEGORIES = [
  'granted',
  'denied',
  'deferred',
  'noncompensable',
  'staged',
  'bilateral',
  'secondary',
  'presumptive',
  'tdiu',
  'smc',
  'dea',
  'increased',
  'decreased',
  'continued',
  'severed',
  'supplemental-claim-remains-denied',
  'supplemental-claim-granted',
  'hlr-difference-of-opinion',
  'hlr-duty-to-assist',
  'legacy-code-sheet',
  'ama',
  'duplicate-in-enclosure',
  'ocr-noise',
  'boilerplate-between-decisions',
  'no-headers',
] as const;
type Category = (typeof CATEGORIES)[number];

const COVERAGE: Record<string, readonly Category[]> = {
  '01-ama-ptsd-increase-hearing': [
    'ama',
    'increased',
    'granted',
    'noncompensable',
    'bilateral',
    'denied',
    'duplicate-in-enclosure',
  ],
  '02-legacy-code-sheet-knees-back': [
    'legacy-code-sheet',
    'granted',
    'bilateral',
    'denied',
    'duplicate-in-enclosure',
  ],
  '03-ocr-gulf-war-presumptive': ['ama', 'ocr-noise', 'presumptive', 'granted', 'denied'],
  '04-pact-act-burn-pit-presumptive': [
    'ama',
    'presumptive',
    'granted',
    'denied',
    'duplicate-in-enclosure',
  ],
  '05-agent-orange-diabetes-secondary-smc-k': [
    'ama',
    'presumptive',
    'secondary',
    'bilateral',
    'noncompensable',
    'smc',
    'granted',
  ],
  '06-tdiu-dea-continued': ['ama', 'tdiu', 'dea', 'continued', 'duplicate-in-enclosure'],
  '07-hlr-difference-of-opinion': ['ama', 'hlr-difference-of-opinion', 'granted', 'denied'],
  '08-hlr-duty-to-assist-returned': [
    'ama',
    'hlr-duty-to-assist',
    'deferred',
    'continued',
    'denied',
  ],
  '09-supplemental-claim-remains-denied': ['ama', 'supplemental-claim-remains-denied', 'denied'],
  '10-supplemental-claim-granted-new-evidence': [
    'ama',
    'supplemental-claim-granted',
    'granted',
    'denied',
  ],
  '11-staged-back-secondary-radiculopathy': ['ama', 'staged', 'secondary', 'granted', 'denied'],
  '12-legacy-code-sheet-prostate-reduction': [
    'legacy-code-sheet',
    'decreased',
    'continued',
    'duplicate-in-enclosure',
  ],
  '13-severance-and-bilateral-pes-planus': ['ama', 'severed', 'bilateral', 'granted'],
  '14-pasted-no-headers': ['ama', 'no-headers', 'granted', 'denied', 'deferred'],
  '15-boilerplate-between-decisions': [
    'ama',
    'boilerplate-between-decisions',
    'duplicate-in-enclosure',
    'bilateral',
    'granted',
    'noncompensable',
    'denied',
    'deferred',
  ],
  '16-ocr-legacy-code-sheet-ptsd': [
    'legacy-code-sheet',
    'ocr-noise',
    'duplicate-in-enclosure',
    'granted',
    'noncompensable',
    'denied',
  ],
  '17-ocr-ama-increase-secondary': [
    'ama',
    'ocr-noise',
    'increased',
    'continued',
    'secondary',
    'granted',
    'duplicate-in-enclosure',
  ],
  '18-smc-housebound-increase-100': ['ama', 'smc', 'increased', 'continued'],
  '19-staged-knee-replacement-remains': ['ama', 'staged', 'increased', 'continued'],
  '20-legacy-code-sheet-deferred-2015': [
    'legacy-code-sheet',
    'granted',
    'noncompensable',
    'deferred',
    'duplicate-in-enclosure',
  ],
  '21-early-ama-favorable-findings': ['ama', 'granted', 'denied', 'duplicate-in-enclosure'],
  '22-continued-knees-instability': ['ama', 'continued', 'bilateral', 'granted', 'denied'],
  '23-denials-only-reasons': ['ama', 'denied', 'bilateral'],
  '24-dependents-increase-secondary-2026': [
    'ama',
    'increased',
    'secondary',
    'granted',
    'duplicate-in-enclosure',
  ],
  '25-reduction-and-bilateral-increase': ['ama', 'decreased', 'increased', 'bilateral'],
  '26-ocr-tdiu-dea-denied': ['ama', 'ocr-noise', 'tdiu', 'dea', 'denied', 'continued'],
};

const hasOutcome = (letter: Letter, outcome: Outcome) =>
  letter.expected.decisions.some((decision) => decision.outcome === outcome);
const hasCondition = (letter: Letter, pattern: RegExp) =>
  letter.expected.decisions.some((decision) => pattern.test(decision.condition));
const reviewLetter = (letter: Letter, review: string) =>
  new RegExp(`decision on your ${review}`, 'i').test(letter.text);

/** Whether `letter` really has `category`: read from its expectation and its text. */
const COVERS: Record<Category, (letter: Letter) => boolean> = {
  granted: (letter) => hasOutcome(letter, 'granted'),
  denied: (letter) => hasOutcome(letter, 'denied'),
  deferred: (letter) => hasOutcome(letter, 'deferred'),
  increased: (letter) => hasOutcome(letter, 'increased'),
  decreased: (letter) => hasOutcome(letter, 'decreased'),
  continued: (letter) => hasOutcome(letter, 'continued'),
  severed: (letter) => hasOutcome(letter, 'severed'),
  noncompensable: (letter) => letter.expected.decisions.some((decision) => decision.percent === 0),
  staged: (letter) => letter.expected.decisions.some((decision) => decision.staged.length > 1),
  bilateral: (letter) => {
    const names = letter.expected.decisions.map((decision) => decision.condition);
    return names.some(
      (name) =>
        name.includes('bilateral') ||
        (name.includes('left') && names.includes(name.replace('left', 'right'))),
    );
  },
  secondary: (letter) =>
    letter.expected.decisions.some((decision) => decision.secondary_to !== null),
  presumptive: (letter) => letter.expected.decisions.some((decision) => decision.presumptive),
  tdiu: (letter) => hasCondition(letter, /individual unemployability/),
  smc: (letter) => hasCondition(letter, /special monthly compensation/),
  dea: (letter) => hasCondition(letter, /dependents' educational assistance/),
  'supplemental-claim-remains-denied': (letter) =>
    reviewLetter(letter, 'Supplemental Claim') &&
    letter.expected.decisions.some((decision) =>
      decision.reason_keywords.includes('new and relevant evidence'),
    ),
  'supplemental-claim-granted': (letter) =>
    reviewLetter(letter, 'Supplemental Claim') && hasOutcome(letter, 'granted'),
  'hlr-difference-of-opinion': (letter) =>
    reviewLetter(letter, 'Higher-Level Review') &&
    hasOutcome(letter, 'granted') &&
    /found a difference of opinion/.test(oneLine(letter.text)),
  'hlr-duty-to-assist': (letter) =>
    reviewLetter(letter, 'Higher-Level Review') &&
    hasOutcome(letter, 'deferred') &&
    /duty to assist error/.test(oneLine(letter.text)),
  'legacy-code-sheet': (letter) =>
    letter.text.includes('SUBJECT TO COMPENSATION (1.SC)') &&
    /\d{2}\/\d{2}\/\d{4}/.test(letter.text) &&
    /REASONS FOR DECISION/.test(letter.text) &&
    letter.expected.letter_date < '2019-02-19',
  ama: (letter) =>
    /Your Benefit Information|What We Decided|Favorable Findings/.test(letter.text) &&
    letter.expected.letter_date >= '2019-02-19',
  'duplicate-in-enclosure': (letter) =>
    /rating decision/i.test(letter.text) &&
    letter.expected.decisions.some((decision) => {
      const text = squash(letter.text);
      const name = squash(decision.condition);
      return text.indexOf(name) !== text.lastIndexOf(name);
    }),
  'ocr-noise': (letter) =>
    (letter.text.match(/\b2[\dOl]{3}\b/g) ?? []).some((year) => /[Ol]/.test(year)),
  'boilerplate-between-decisions': (letter) => {
    const text = letter.text.toLowerCase();
    const first = text.indexOf(letter.expected.decisions[0]?.condition ?? '\u0000');
    const last = text.indexOf(letter.expected.decisions.at(-1)?.condition ?? '\u0000');
    const between = (heading: string) => {
      const at = text.indexOf(`\n${heading}\n`);
      return first >= 0 && at > first && at < last;
    };
    return between('explanation of payment') && between('additional benefits');
  },
  'no-headers': (letter) => !/File Number|Page \d/.test(letter.text),
};

// ------------------------------------------------------------------------------------------------

describe('[DOMAIN][DECISION LETTERS]: the fixture set', () => {
  it('[DOMAIN]: every letter has its expected reading and every reading its letter', () => {
    const unpaired = [
      ...[...texts.keys()]
        .filter((name) => !expectations.has(name))
        .map((name) => `${name}.expected.json`),
      ...[...expectations.keys()].filter((name) => !texts.has(name)).map((name) => `${name}.txt`),
    ];
    expect(unpaired).toEqual([]);
  });

  it('[DOMAIN]: every letter is also a text-layer PDF, and each PDF is of a letter', () => {
    const pdfs = new Set(PDF_FILES);
    expect(LETTERS.filter((letter) => !pdfs.has(`${letter.name}.pdf`)).map((l) => l.name)).toEqual(
      [],
    );
    const orphans = PDF_FILES.filter((file) => !texts.has(file.replace(/(\.scanned)?\.pdf$/, '')));
    expect(orphans).toEqual([]);
  });

  it('[DOMAIN]: at least 4 letters are also scans, among them AMA, legacy code-sheet and OCR-damaged ones', () => {
    const scanned = LETTERS.filter((letter) => PDF_FILES.includes(`${letter.name}.scanned.pdf`));
    expect(scanned.length).toBeGreaterThanOrEqual(4);
    const covered = new Set(scanned.flatMap((letter) => COVERAGE[letter.name] ?? []));
    expect(
      (['ama', 'legacy-code-sheet', 'ocr-noise'] as const).filter((c) => !covered.has(c)),
    ).toEqual([]);
  });

  it('[DOMAIN]: holds at least 24 letters, named NN-short-name', () => {
    expect(LETTERS.length).toBeGreaterThanOrEqual(24);
    expect(LETTERS.filter((letter) => !/^\d{2}-[a-z0-9-]+$/.test(letter.name))).toEqual([]);
  });

  it('[DOMAIN]: every expected reading has the documented shape', () => {
    const problems = [...expectations].flatMap(([name, value]) => expectedProblems(value, name));
    expect(problems).toEqual([]);
  });

  it('[DOMAIN]: the deadlines are the review deadlines of the letter date', () => {
    for (const { name, expected } of LETTERS) {
      expect(expected.deadlines, name).toEqual(reviewDeadlines(expected.letter_date));
    }
  });

  it('[DOMAIN]: letters are dated 2015 to 2026 and the date is in the letter', () => {
    for (const { name, text, expected } of LETTERS) {
      expect(
        expected.letter_date >= '2015-01-01' && expected.letter_date <= '2026-12-31',
        name,
      ).toBe(true);
      expect(ocrDigits(text).includes(expected.letter_date.slice(0, 4)), name).toBe(true);
    }
  });

  it('[DOMAIN]: each decision names a condition the letter really names, once per letter', () => {
    const missing: string[] = [];
    for (const { name, text, expected } of LETTERS) {
      const body = squash(text);
      for (const decision of expected.decisions) {
        const names = [decision.condition, decision.secondary_to].filter((n) => n !== null);
        for (const named of names) {
          if (!body.includes(squash(named))) missing.push(`${name}: ${named}`);
        }
        const code = decision.diagnostic_code;
        if (code !== null && !text.includes(code)) missing.push(`${name}: diagnostic code ${code}`);
      }
      const conditions = expected.decisions.map((decision) => decision.condition);
      if (new Set(conditions).size !== conditions.length) missing.push(`${name}: a decision twice`);
    }
    expect(missing).toEqual([]);
  });

  it('[DOMAIN]: each reason given for a denial or a low rating is stated in the letter', () => {
    const unstated: string[] = [];
    for (const { name, text, expected } of LETTERS) {
      const flat = oneLine(text).toLowerCase();
      const reasons = new Set(expected.decisions.flatMap((decision) => decision.reason_keywords));
      for (const reason of reasons) {
        if (!REASON_PHRASES[reason].test(flat)) unstated.push(`${name}: ${reason}`);
      }
    }
    expect(unstated).toEqual([]);
  });

  it("[DOMAIN]: each effective date's year appears in the letter", () => {
    const missing: string[] = [];
    for (const { name, text, expected } of LETTERS) {
      const years = ocrDigits(text);
      for (const decision of expected.decisions) {
        const dates = [
          decision.effective_date,
          ...decision.staged.flatMap((stage) => [stage.from, stage.to]),
        ];
        for (const date of dates) {
          if (date !== null && !years.includes(date.slice(0, 4))) {
            missing.push(`${name}: ${decision.condition} ${date}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('[DOMAIN]: each decision is consistent with its outcome', () => {
    const problems: string[] = [];
    for (const { name, expected } of LETTERS) {
      for (const d of expected.decisions) {
        const where = `${name}: ${d.condition}`;
        const ancillary = ANCILLARY.test(d.condition);
        const rated =
          !ancillary &&
          d.outcome !== 'denied' &&
          d.outcome !== 'deferred' &&
          d.outcome !== 'severed';
        if (rated !== (d.percent !== null)) problems.push(`${where}: percent`);
        if (d.percent !== null && d.percent % 10 !== 0)
          problems.push(`${where}: percent not a multiple of 10`);
        if (ancillary && d.diagnostic_code !== null) problems.push(`${where}: no diagnostic code`);
        const dated =
          d.outcome === 'granted' ||
          d.outcome === 'increased' ||
          d.outcome === 'decreased' ||
          d.outcome === 'severed';
        if (dated !== (d.effective_date !== null)) problems.push(`${where}: effective_date`);
        if (
          d.outcome === 'increased' &&
          !(d.previous_percent !== null && d.percent !== null && d.previous_percent < d.percent)
        ) {
          problems.push(`${where}: an increase needs a lower previous percent`);
        }
        if (
          d.outcome === 'decreased' &&
          !(d.previous_percent !== null && d.percent !== null && d.previous_percent > d.percent)
        ) {
          problems.push(`${where}: a decrease needs a higher previous percent`);
        }
        if (d.outcome === 'continued' && d.previous_percent !== d.percent) {
          problems.push(`${where}: a continued evaluation keeps its percent`);
        }
        if (d.outcome === 'granted' && d.previous_percent !== null)
          problems.push(`${where}: previous_percent`);
        if (d.presumptive && d.outcome !== 'granted')
          problems.push(`${where}: presumptive applies to grants`);
        if (d.outcome === 'denied' && d.reason_keywords.length === 0)
          problems.push(`${where}: a denial gives its reason`);
        const criteriaOnly =
          d.outcome === 'continued' || d.outcome === 'decreased' || d.percent === 0;
        if (criteriaOnly && d.reason_keywords.join() !== 'criteria')
          problems.push(`${where}: reason is the criteria`);
        if (!criteriaOnly && d.outcome !== 'denied' && d.reason_keywords.length > 0) {
          problems.push(`${where}: no reason keywords outside denials and low ratings`);
        }
        if (new Set(d.reason_keywords).size !== d.reason_keywords.length)
          problems.push(`${where}: repeated reason`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('[DOMAIN]: staged evaluations run back to back and end with the decided percent', () => {
    for (const { name, expected } of LETTERS) {
      for (const decision of expected.decisions.filter((d) => d.staged.length > 0)) {
        const where = `${name}: ${decision.condition}`;
        const stages = decision.staged;
        expect(stages.length, where).toBeGreaterThanOrEqual(2);
        expect(stages[0]?.from, where).toBe(decision.effective_date);
        expect(stages.at(-1)?.percent, where).toBe(decision.percent);
        expect(stages.at(-1)?.to, where).toBeNull();
        stages.slice(0, -1).forEach((stage, i) => {
          expect(stage.to === null ? null : addDays(stage.to, 1), where).toBe(stages[i + 1]?.from);
        });
      }
    }
  });

  it('[DOMAIN]: the combined rating, the monthly amount and the evidence are as the letter states them', () => {
    const missing: string[] = [];
    for (const { name, text, expected } of LETTERS) {
      const combined = expected.combined_rating;
      if (combined !== null && !new RegExp(`\\b${combined} ?(%|percent)`).test(ocrDigits(text))) {
        missing.push(`${name}: combined ${combined}`);
      }
      const amount = expected.monthly_amount;
      if (amount !== null && !text.includes(money(amount)))
        missing.push(`${name}: ${money(amount)}`);
      const flat = oneLine(text);
      for (const item of expected.evidence) {
        if (!flat.includes(item)) missing.push(`${name}: evidence ${item}`);
      }
      if (new Set(expected.evidence).size !== expected.evidence.length) {
        missing.push(`${name}: an evidence item twice`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('[DOMAIN]: the coverage table lists exactly the letters, and each claim holds', () => {
    expect(Object.keys(COVERAGE).sort()).toEqual(LETTERS.map((letter) => letter.name));
    const wrong = LETTERS.flatMap((letter) =>
      (COVERAGE[letter.name] ?? [])
        .filter((category) => !COVERS[category](letter))
        .map((category) => `${letter.name}: ${category}`),
    );
    expect(wrong).toEqual([]);
  });

  it('[DOMAIN]: every case of the brief is covered, OCR noise by at least three letters', () => {
    const covered = new Set(Object.values(COVERAGE).flat());
    expect(CATEGORIES.filter((category) => !covered.has(category))).toEqual([]);
    const ocr = Object.values(COVERAGE).filter((categories) => categories.includes('ocr-noise'));
    expect(ocr.length).toBeGreaterThanOrEqual(3);
  });
});
