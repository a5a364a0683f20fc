import type { CfilePage, ConditionFinding } from './conditions.ts';

/**
 * A generated C-file with its answer key, for scoring findConditions: pages built from templates
 * of service treatment records, exams, problem lists and VA notes, each line affirming, denying,
 * doubting or attributing to a relative one condition in one of several phrasings (names,
 * abbreviations, ICD-10-CM codes, VA diagnostic codes, lines wrapped mid-phrase as in scanned
 * pages, 7332-protected diagnoses), padded with lines that name nothing. The same seed always
 * gives the same file.
 */

export type GeneratedPage = CfilePage & {
  /** The conditions the page affirms (catalogue names without side, or protected diagnoses). */
  expected: string[];
};

type Bank = { name: string; phrases: readonly string[]; codes?: readonly string[] };

/** Conditions, each with the ways a record affirms it. */
const BANK: readonly Bank[] = [
  {
    name: 'PTSD (post-traumatic stress disorder)',
    phrases: [
      'PTSD',
      'post-traumatic stress disorder, chronic',
      'posttraumatic stress disorder',
      'PTSD, combat related (F43.12)',
    ],
    codes: ['F43.10', 'F43.12'],
  },
  {
    name: 'tinnitus (ringing or hissing in ears)',
    phrases: [
      'tinnitus, recurrent',
      'bilateral tinnitus',
      'subjective tinnitus',
      'tinnitus (H93.13)',
    ],
    codes: ['H93.13', 'H93.11'],
  },
  {
    name: 'hearing loss',
    phrases: [
      'bilateral hearing loss',
      'sensorineural hearing loss, bilateral',
      'SNHL',
      'noise induced hearing loss',
    ],
    codes: ['H90.3', 'H91.93'],
  },
  {
    name: 'lower back strain (lumbosacral strain)',
    phrases: ['lumbosacral strain', 'lumbar strain', 'chronic low back strain', 'LS strain'],
    codes: ['S39.012A'],
  },
  {
    name: 'hypertension (high blood pressure)',
    phrases: ['HTN', 'essential hypertension', 'hypertension, controlled'],
    codes: ['I10'],
  },
  {
    name: 'diabetes, type 1 or type 2',
    phrases: [
      'DM2',
      'T2DM',
      'diabetes mellitus type 2',
      'type II diabetes',
      'DM type 2, diet controlled',
    ],
    codes: ['E11.9', 'E11.65'],
  },
  {
    name: 'sleep apnea',
    phrases: ['OSA', 'obstructive sleep apnea', 'sleep apnea, on CPAP'],
    codes: ['G47.33'],
  },
  {
    name: 'GERD (gastroesophageal reflux disease)',
    phrases: ['GERD', 'gastroesophageal reflux disease'],
    codes: ['K21.9'],
  },
  {
    name: 'chronic obstructive pulmonary disease (COPD)',
    phrases: ['COPD', 'chronic obstructive pulmonary disease'],
    codes: ['J44.9'],
  },
  {
    name: 'traumatic brain injury (TBI)',
    phrases: ['TBI', 'mild TBI', 'traumatic brain injury'],
    codes: ['S06.0X0S'],
  },
  {
    name: 'irritable bowel syndrome (IBS)',
    phrases: ['IBS', 'irritable bowel syndrome'],
    codes: ['K58.9'],
  },
  {
    name: 'migraines (headaches)',
    phrases: ['migraine headaches', 'migraines without aura', 'chronic migraine'],
    codes: ['G43.909'],
  },
  {
    name: 'depression (major depressive disorder)',
    phrases: ['major depressive disorder, recurrent, moderate', 'MDD', 'major depression'],
    codes: ['F33.1', 'F32.9'],
  },
  {
    name: 'generalized anxiety disorder (GAD)',
    phrases: ['generalized anxiety disorder', 'GAD'],
    codes: ['F41.1'],
  },
  {
    name: 'patellofemoral pain syndrome',
    phrases: [
      'patellofemoral pain syndrome, left knee',
      'PFPS, bilateral',
      'patellofemoral syndrome',
    ],
    codes: ['M22.2X2'],
  },
  {
    name: 'plantar fasciitis',
    phrases: ['plantar fasciitis', 'bilateral plantar fasciitis', 'plantar fasciitis, right foot'],
    codes: ['M72.2'],
  },
  {
    name: 'degenerative arthritis (osteoarthritis) in knee',
    phrases: [
      'DJD right knee',
      'osteoarthritis of the left knee',
      'degenerative joint disease, bilateral knees',
    ],
    codes: ['M17.0', 'M17.11'],
  },
  {
    name: 'intervertebral disc syndrome (IVDS), back',
    phrases: [
      'DDD lumbar spine',
      'degenerative disc disease of the lumbar spine',
      'L4-L5 disc herniation',
    ],
    codes: ['M51.36'],
  },
  {
    name: 'radiculopathy, lower extremities',
    phrases: ['lumbar radiculopathy', 'radiculopathy, right lower extremity', 'L5 radiculopathy'],
    codes: ['M54.16'],
  },
  { name: 'asthma', phrases: ['asthma', 'mild intermittent asthma'], codes: ['J45.909'] },
  {
    name: 'rhinitis, chronic',
    phrases: ['allergic rhinitis', 'chronic rhinitis'],
    codes: ['J30.9'],
  },
  {
    name: 'neck strain (cervical strain)',
    phrases: ['cervical strain', 'cervical muscle strain'],
    codes: ['S16.1XXA'],
  },
  {
    name: 'carpal tunnel syndrome',
    phrases: ['carpal tunnel syndrome, right', 'bilateral carpal tunnel syndrome', 'CTS'],
    codes: ['G56.01'],
  },
  {
    name: 'erectile dysfunction (ED)',
    phrases: ['erectile dysfunction'],
    codes: ['N52.9'],
  },
  {
    name: 'flatfoot (pes planus)',
    phrases: ['pes planus, bilateral', 'flat feet'],
    codes: ['M21.41'],
  },
  { name: 'insomnia', phrases: ['chronic insomnia', 'insomnia disorder'], codes: ['G47.00'] },
  {
    name: 'shin splints',
    phrases: ['shin splints', 'medial tibial stress syndrome'],
  },
];

/** Words that name a symptom unless a diagnostic section or "diagnosed with" makes them one. */
const SYMPTOMS: readonly Bank[] = [
  { name: 'lower back pain or stiffness, diagnosis unknown', phrases: ['low back pain', 'LBP'] },
  { name: 'generalized anxiety disorder (GAD)', phrases: ['anxiety'] },
  { name: 'migraines (headaches)', phrases: ['headaches'] },
  { name: 'vertigo or dizziness', phrases: ['dizziness', 'vertigo'] },
];

/** 7332-protected diagnoses, affirmed in the ways a record says them. */
const PROTECTED: readonly Bank[] = [
  {
    name: 'alcohol use disorder',
    phrases: [
      'Alcohol use disorder, moderate — referred to SARP',
      'alcohol dependence, in early remission',
    ],
    codes: ['F10.20'],
  },
  {
    name: 'opioid use disorder',
    phrases: ['opioid use disorder, on buprenorphine', 'OUD, in sustained remission'],
    codes: ['F11.20'],
  },
  {
    name: 'HIV-related illness',
    phrases: ['HIV infection, on ART', 'HIV disease'],
    codes: ['B20', 'Z21'],
  },
  {
    name: 'sickle cell anemia',
    phrases: ['sickle cell anemia', 'sickle cell disease'],
    codes: ['D57.1'],
  },
];

/** Words of the protected diagnoses that must never appear in a snippet. */
export const PROTECTED_WORDS =
  /alcohol use|alcohol dependence|opioid|\bOUD\b|\bHIV\b|sickle cell (?:anemia|disease)|buprenorphine|SARP|F10\.|F11\.|\bB20\b|D57\.1/i;

const HEADERS = [
  'CHRONOLOGICAL RECORD OF MEDICAL CARE (SF 600)',
  'SICK CALL NOTE - BN AID STATION',
  'VA PRIMARY CARE NOTE',
  'DISABILITY BENEFITS QUESTIONNAIRE - C&P EXAMINATION',
  'BEHAVIORAL HEALTH NOTE',
  'ORTHOPEDIC CLINIC CONSULT',
];

const FILLER = [
  'Vitals: BP 128/82, HR 72, RR 16, Temp 98.6 F, SpO2 98% on room air.',
  'Pt seen by SGT Jones; returned to duty without limitations.',
  'Medications reviewed: ibuprofen 800 mg TID prn, omeprazole 20 mg daily.',
  'Immunizations up to date; hepatitis B vaccine series complete.',
  'PHQ-2 score 0, PC-PTSD-5 score 1.',
  'Hearing aids checked and cleaned at audiology.',
  'Profile issued for 7 days, no running or jumping.',
  'Follow up in two weeks or sooner as needed.',
  'Patient education provided; verbalized understanding of the plan.',
  'Gait normal. Strength 5/5 throughout. Reflexes 2+ and symmetric.',
  'HIV test ordered per routine deployment screening.',
  'Sickle cell trait noted on enlistment labs; counseled on hydration.',
  'Denies alcohol abuse. Denies tobacco use.',
  'Lab results pending at time of signature.',
  'Electronically signed by the examiner on the date above.',
  'Records reviewed: STRs, VA treatment records and private records.',
];

const RELATIVES = ['father', 'mother', 'brother', 'sister', 'grandfather'];
const STUDIES = ['sleep study', 'MRI', 'audiogram', 'psych eval', 'labs'];

type Rng = () => number;

/** A small seeded generator (mulberry32), so a seed always gives the same file. */
function rngOf(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Line = { text: string; affirms?: string };

/** A phrasing without what follows a dash or bracket (for lines that deny or doubt it). */
const shortPhrasing = (rng: Rng, bank: Bank) =>
  phrasing(rng, bank, false)
    .split(/ —| \(/)[0]!
    .trim();

/** A phrasing of the condition: a name or, sometimes, its ICD-10-CM code. */
function phrasing(rng: Rng, bank: Bank, allowCode: boolean): string {
  if (allowCode && bank.codes && rng() < 0.2) return pick(rng, bank.codes);
  return pick(rng, bank.phrases);
}

function affirmedLine(rng: Rng, bank: Bank): Line {
  const phrase = phrasing(rng, bank, false);
  const year = 2004 + Math.floor(rng() * 18);
  const words = phrase.split(' ');
  const templates: (() => string)[] = [
    () => `A/P: 1. ${capital(phrase)}`,
    () => `Diagnosis: ${capital(phrase)}`,
    () => `Assessment: ${phrase}, stable. Continue current management.`,
    () => `Veteran was diagnosed with ${phrase} in ${year}.`,
    () => `Hx of ${phrase}, followed by primary care.`,
    () => `Problem list:\n- ${capital(phrase)}\n- Seasonal follow-up`,
    () => `IMPRESSION: ${phrase.toUpperCase()}`,
    () => `Dx: ${phrase} (${pick(rng, bank.codes ?? ['see above'])})`,
    () => `Active problems: ${bank.codes ? pick(rng, bank.codes) : capital(phrase)}`,
    () => `ICD-10: ${bank.codes ? pick(rng, bank.codes) : phrase}`,
    // A negation earlier in the line that does not reach the name.
    () => `Denies chest pain or fever, but reports ${phrase}.`,
    () => `No acute distress; ${phrase} stable on current treatment.`,
    () => `Negative for fever. ${capital(phrase)} noted on problem list.`,
    () => `Denies worsening of ${phrase} since last visit.`,
    // A line of a scan wrapped before the name, and one wrapped inside it.
    () =>
      `Veteran seen today for follow-up of his long-standing\n${phrase} which remains symptomatic.`,
    () =>
      words.length > 1
        ? `Records reviewed; the examiner confirmed a diagnosis of ${words[0]}\n${words.slice(1).join(' ')} at that time.`
        : `Records reviewed; the examiner confirmed a diagnosis of\n${phrase} at that time.`,
  ];
  return { text: pick(rng, templates)(), affirms: bank.name };
}

function negatedLine(rng: Rng, bank: Bank): Line {
  const phrase = shortPhrasing(rng, bank);
  const other = shortPhrasing(rng, pick(rng, BANK));
  const templates: (() => string)[] = [
    () => `Denies ${phrase}.`,
    () => `No history of ${phrase}.`,
    () => `Negative for ${phrase}.`,
    () => `${capital(phrase)} ruled out.`,
    () => `No evidence of ${phrase} on exam today.`,
    () => `ROS: negative for ${phrase}, ${other}.`,
    () => `Veteran has never been diagnosed with ${phrase}.`,
    () => `${capital(phrase)} was ruled out by the specialist.`,
    () => `Does not meet criteria for ${phrase}.`,
    () => `Denies ${other}, or ${phrase}.`,
    () => `He has never been\ndiagnosed with ${phrase}.`,
  ];
  return { text: pick(rng, templates)() };
}

function uncertainLine(rng: Rng, bank: Bank): Line {
  const phrase = shortPhrasing(rng, bank);
  const templates: (() => string)[] = [
    () => `r/o ${phrase} — ${pick(rng, STUDIES)} ordered`,
    () => `Possible ${phrase}; will reassess in 2 weeks.`,
    () => `${capital(phrase)} suspected, referred for evaluation.`,
    () => `Rule out ${phrase}.`,
    () => `Concern for ${phrase}, see plan.`,
    () => `Plan: ${pick(rng, STUDIES)} to r/o ${phrase}.`,
    () => `Return to clinic if ${phrase} develops.`,
    () => `${capital(phrase)} vs ${shortPhrasing(rng, pick(rng, BANK))}, imaging pending.`,
    () => `?${phrase}`,
    () => `Probable ${phrase}, will reassess.`,
  ];
  return { text: pick(rng, templates)() };
}

function familyLine(rng: Rng, bank: Bank): Line {
  const phrase = shortPhrasing(rng, bank);
  const relative = pick(rng, RELATIVES);
  const templates: (() => string)[] = [
    () => `Family history: ${relative} with ${phrase}.`,
    () => `FHx: ${phrase} (${relative}).`,
    () => `${capital(relative)} had ${phrase}.`,
    () => `His ${relative} has ${phrase}.`,
    () =>
      `Family History:\n- ${capital(relative)}: ${phrase}\n- ${capital(pick(rng, RELATIVES))}: none known`,
  ];
  return { text: pick(rng, templates)() };
}

/** A symptom word: a diagnosis in an assessment, only a complaint in the history. */
function symptomLine(rng: Rng, bank: Bank): Line {
  const phrase = pick(rng, bank.phrases);
  if (rng() < 0.5) return { text: `A/P: 1. ${capital(phrase)}`, affirms: bank.name };
  const templates: (() => string)[] = [
    () => `HPI: Veteran reports ${phrase} for several weeks.`,
    () => `CC: ${phrase} x 3 days`,
    () => `Subjective: c/o ${phrase}, worse at night.`,
  ];
  return { text: pick(rng, templates)() };
}

/** A line that names a condition without diagnosing it: a claim, or a form's title. */
function namingLine(rng: Rng, bank: Bank): Line {
  const phrase = shortPhrasing(rng, bank);
  const templates: (() => string)[] = [
    () => `Veteran claims service connection for ${phrase}.`,
    () => `${phrase.toUpperCase()} DISABILITY BENEFITS QUESTIONNAIRE`,
    () => `Contention: ${phrase}, claimed as due to service.`,
  ];
  return { text: pick(rng, templates)() };
}

/** One page: a heading, some lines about conditions (family history last), filler to `chars`. */
function generatePage(rng: Rng, page: number, chars: number): GeneratedPage {
  const lines: Line[] = [];
  const family: Line[] = [];
  const count = rng() < 0.15 ? 0 : 1 + Math.floor(rng() * 5);
  for (let index = 0; index < count; index++) {
    const roll = rng();
    const isProtected = rng() < 0.08;
    const bank = pick(rng, isProtected ? PROTECTED : BANK);
    if (roll < 0.4) lines.push(affirmedLine(rng, bank));
    else if (roll < 0.6) lines.push(negatedLine(rng, bank));
    else if (roll < 0.75) lines.push(uncertainLine(rng, bank));
    else if (roll < 0.83) lines.push(symptomLine(rng, pick(rng, SYMPTOMS)));
    else if (roll < 0.9) lines.push(namingLine(rng, bank));
    else family.push(familyLine(rng, bank));
  }
  const body = [...lines, ...family];
  const expected = [...new Set(body.flatMap((line) => (line.affirms ? [line.affirms] : [])))];
  const parts = [
    pick(rng, HEADERS),
    `Date: 20${10 + Math.floor(rng() * 14)}-0${1 + Math.floor(rng() * 9)}-1${Math.floor(rng() * 9)}`,
  ];
  // Filler goes before the lines about conditions, so no section heading carries into it.
  let length = parts.join('\n').length + body.reduce((sum, line) => sum + line.text.length + 1, 0);
  const filler: string[] = [];
  while (length < chars) {
    const line = pick(rng, FILLER);
    filler.push(line);
    length += line.length + 1;
  }
  const text = [...parts, ...filler, ...body.map((line) => line.text)].join('\n');
  return { page, text, expected };
}

/** A generated C-file of `pages` pages of about `chars` characters each. */
export function generateCfile(options: {
  pages: number;
  seed: number;
  chars?: number;
}): GeneratedPage[] {
  const rng = rngOf(options.seed);
  return Array.from({ length: options.pages }, (_, index) =>
    generatePage(rng, index + 1, options.chars ?? 600),
  );
}

export type Score = {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: string[];
  falseNegatives: string[];
};

/** Precision and recall of findings over (page, condition) pairs. */
export function scoreFindings(
  pages: readonly GeneratedPage[],
  findings: readonly ConditionFinding[],
): Score {
  const expected = new Set(
    pages.flatMap((page) => page.expected.map((name) => `${page.page}|${name}`)),
  );
  const found = new Set(
    findings.flatMap((finding) => finding.pages.map((page) => `${page}|${finding.name}`)),
  );
  const truePositives = [...found].filter((pair) => expected.has(pair)).length;
  return {
    precision: found.size === 0 ? 1 : truePositives / found.size,
    recall: expected.size === 0 ? 1 : truePositives / expected.size,
    truePositives,
    falsePositives: [...found].filter((pair) => !expected.has(pair)),
    falseNegatives: [...expected].filter((pair) => !found.has(pair)),
  };
}
