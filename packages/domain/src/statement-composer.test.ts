import {
  ANSWER_STEPS,
  EMPLOYMENT_STATUSES,
  FLARE_UP_DURATIONS,
  FREQUENCIES,
  SYMPTOM_TRENDS,
  disabilityWizardStepSchemas,
  type AnswerStep,
} from '@muster/contract/disabilities';
import { describe, expect, it } from 'vitest';
import {
  STATEMENT_LABELS,
  STATEMENT_SECTIONS,
  STATEMENT_TEMPLATES,
  composeStatement,
  labelPathOf,
  statementText,
  type ComposedStatement,
  type StatementInput,
} from './statement-composer.ts';
import {
  behaviorChange,
  emptySample,
  exposure,
  kneeSample,
  mentalHealthCondition,
  ptsdSample,
  secondarySample,
  traumaticEvent,
  treatment,
} from './statement-fixtures.ts';

// The test's own reading of the rules, written apart from the composer so each checks the other.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The two ways a date may be written: "March 2004" and "March 3, 2004". */
function dateTexts(iso: string): string[] {
  const [year, month, day] = iso.split('-').map(Number);
  const name = MONTHS[(month ?? 0) - 1] ?? '?';
  return [`${name} ${year}`, `${name} ${day}, ${year}`];
}

function joined(items: string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The answer a path names in the input, or undefined when there is none. */
function resolve(input: StatementInput, path: string): unknown {
  const tokens = path.match(/[^.[\]]+/g) ?? [];
  const [head, ...rest] = tokens;
  let current: unknown = (ANSWER_STEPS as readonly string[]).includes(head ?? '')
    ? input.answers[head as AnswerStep]
    : (input as Record<string, unknown>)[head ?? ''];
  for (const token of rest) {
    if (current === null || current === undefined) return undefined;
    current = /^\d+$/.test(token)
      ? (current as unknown[])[Number(token)]
      : (current as Record<string, unknown>)[token];
  }
  return current;
}

/** What a value may read as, given the answer it names. */
function allowedTexts(answer: unknown, path: string): string[] {
  const labels = STATEMENT_LABELS[labelPathOf(path)];
  if (labels) {
    const label = labels[String(answer)];
    return label === undefined ? [] : [label];
  }
  if (typeof answer === 'number') return [String(answer)];
  if (typeof answer === 'string') {
    return /^\d{4}-\d{2}-\d{2}$/.test(answer) ? dateTexts(answer) : [answer.trim()];
  }
  return [];
}

/** Every sentence re-rendered from its template, every value found in the answers. */
function expectTraced(input: StatementInput, composed: ComposedStatement): void {
  for (const { sentences } of composed.paragraphs) {
    for (const sentence of sentences) {
      const template = STATEMENT_TEMPLATES[sentence.template];
      expect(template, sentence.template).toBeTypeOf('string');
      const slots = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const entry of sentence.values) expect(slots).toContain(entry.slot);
      const rendered = template.replace(/\{(\w+)\}/g, (_whole, slot: string) => {
        const texts = sentence.values.filter((entry) => entry.slot === slot).map((e) => e.text);
        expect(texts.length, `${sentence.template} {${slot}}`).toBeGreaterThan(0);
        return joined(texts);
      });
      expect(rendered).toBe(sentence.text);
      for (const entry of sentence.values) {
        const answer = resolve(input, entry.path);
        expect(allowedTexts(answer, entry.path), `${entry.path} → ${entry.text}`).toContain(
          entry.text,
        );
      }
      expect(sentence.text).not.toMatch(/undefined|null|\[object|NaN/);
    }
  }
}

const sectionsOf = (composed: ComposedStatement) =>
  composed.paragraphs.map((paragraph) => paragraph.section);
const templatesOf = (composed: ComposedStatement) =>
  composed.paragraphs.flatMap((paragraph) => paragraph.sentences.map((entry) => entry.template));
const pathsOf = (composed: ComposedStatement) =>
  composed.paragraphs.flatMap((paragraph) =>
    paragraph.sentences.flatMap((entry) => entry.values.map((value) => value.path)),
  );

const CLOSING =
  'I certify that the statements above are true and correct to the best of my knowledge and belief.';

describe('composeStatement', () => {
  it('writes the knee sample in the order a rater reads, every page in it', () => {
    const input = kneeSample();
    const composed = composeStatement(input);
    expect(sectionsOf(composed)).toEqual(STATEMENT_SECTIONS);
    const text = statementText(composed);
    const paragraphs = text.split('\n\n');
    expect(paragraphs).toHaveLength(8);
    expect(paragraphs[0]).toBe(
      'I am claiming VA disability compensation for Left knee strain, which began during my military service. It has been diagnosed as Patellofemoral pain syndrome, left knee. It affects my left side.',
    );
    expect(paragraphs[1]).toContain(
      'While I was serving, I reported it or got care for it. Who I reported it to, and when: Sick call at the battalion aid station, the next morning.',
    );
    expect(paragraphs[1]).toContain(
      'During my service I was exposed to burn pits and other airborne hazards. Place of exposure: Iraq. The exact place was Camp Anaconda (Balad). This exposure lasted from February 2007 to January 2008. There I was also exposed to asbestos.',
    );
    expect(paragraphs[2]).toMatch(/^During service, I had knee pain, swelling and stiffness\. /);
    expect(paragraphs[3]).toBe(
      'I have symptoms every day. I have flare-ups, when my condition gets worse for a while. Flare-ups happen about once a week. A flare-up lasts several days. I rate how bad a flare-up is at 8 out of 10. What sets off a flare-up: Stairs, cold weather and standing more than an hour. What I cannot do during a flare-up: I cannot kneel, climb a ladder or walk my dog.',
    );
    expect(paragraphs[4]).toContain(
      'I have received treatment at Fayetteville VA Medical Center, a VA facility. There I saw Dr. Maria Lopez. This treatment began in June 2010. My treatment there included Meloxicam and Physical therapy. Dose of Meloxicam: 15 mg daily.',
    );
    expect(paragraphs[5]).toContain('In a typical month I miss 2 days of work or school');
    expect(paragraphs[7]).toBe(CLOSING);
    expectTraced(input, composed);
  });

  it('writes the PTSD sample with its events, stressors and behaviour changes', () => {
    const input = ptsdSample();
    const composed = composeStatement(input);
    expectTraced(input, composed);
    expect(sectionsOf(composed)).toEqual([
      'opening',
      'in_service',
      'symptoms',
      'severity',
      'treatment',
      'daily_life',
      'closing',
    ]);
    const inService = statementText({ paragraphs: composed.paragraphs.slice(1, 2) });
    expect(inService).toBe(
      [
        'The stressors behind my PTSD involved combat and an event other than combat.',
        'Our convoy was hit by an IED outside Ramadi. The truck ahead of mine burned and two friends died.',
        'This happened around August 14, 2006.',
        'The place was Route Michigan, Ramadi, Iraq.',
        'I was serving with 1st Battalion, 506th Infantry.',
        'We took mortar fire most nights.',
        'This happened on September 2, 2006.',
        'After the event, my behavior changed: withdrawal from friends.',
        'I stopped calling home.',
        'I first noticed this change in October 2006.',
        'I started sleeping in my boots.',
      ].join(' '),
    );
  });

  it('names a military sexual trauma, and an unlisted condition by its own name', () => {
    const input: StatementInput = {
      ...emptySample(),
      disability: { title: 'Depression' },
      mentalHealth: {
        conditions: [
          mentalHealthCondition({
            condition: 'other',
            condition_details: 'Major depressive disorder',
            stressor_types: ['military_sexual_trauma'],
          }),
        ],
        events: [traumaticEvent({ description: 'A sergeant assaulted me.', is_mst: true })],
        behaviorChanges: [behaviorChange({ change: 'increasedLeave' })],
      },
    };
    const composed = composeStatement(input);
    expectTraced(input, composed);
    expect(statementText(composed)).toContain(
      'The stressors behind my Major depressive disorder involved military sexual trauma. A sergeant assaulted me. This event was military sexual trauma. After the event, my behavior changed: increased use of leave.',
    );
  });

  it('opens a secondary claim with its primaries and the explanation', () => {
    const input = secondarySample();
    const composed = composeStatement(input);
    expectTraced(input, composed);
    expect(statementText(composed).split('\n\n')[0]).toBe(
      'I am claiming VA disability compensation for Sleep apnea, which another condition of mine caused or made worse. It has been diagnosed as Obstructive sleep apnea. It was caused by my PTSD and Allergic rhinitis. My doctor said the weight I gained on PTSD medication is part of why my airway closes at night.',
    );
    expect(statementText(composed)).toContain('This treatment lasted from April 2021 to May 2021.');
  });

  it('writes only the opening and the closing when nothing but the title is known', () => {
    const input = emptySample();
    const composed = composeStatement(input);
    expectTraced(input, composed);
    expect(sectionsOf(composed)).toEqual(['opening', 'closing']);
    expect(statementText(composed)).toBe(
      `I am claiming VA disability compensation for Tinnitus.\n\n${CLOSING}`,
    );
  });

  it('keeps free text whole and verbatim, adding only a missing final period', () => {
    const input = emptySample();
    input.answers = {
      'military-symptoms': {
        in_service_event: '  It happened on the range.\nThen a second blast, closer  ',
        description: 'They said "walk it off."',
      },
      'post-military-symptoms': { description: 'It rings all day!' },
      'flare-ups': { triggers: 'loud noise' },
    };
    const composed = composeStatement(input);
    expectTraced(input, composed);
    const sentences = composed.paragraphs.flatMap((paragraph) => paragraph.sentences);
    expect(sentences.map((entry) => entry.text)).toEqual(
      expect.arrayContaining([
        'It happened on the range.\nThen a second blast, closer.',
        'They said "walk it off."',
        'It rings all day!',
        'What sets off a flare-up: loud noise.',
      ]),
    );
    const event = sentences.find((entry) => entry.template.startsWith('in_service_event'));
    expect(event?.values).toEqual([
      {
        slot: 'in_service_event',
        path: 'military-symptoms.in_service_event',
        text: 'It happened on the range.\nThen a second blast, closer',
      },
    ]);
    expect(event?.template).toBe('in_service_event_period');
  });

  it('never mentions an unanswered field', () => {
    const full = kneeSample();
    const input = kneeSample();
    const flareUps = input.answers['flare-ups'];
    if (flareUps) {
      delete flareUps.severity;
      flareUps.triggers = '   ';
      flareUps.duration = null;
    }
    input.treatments = [treatment({ facility_name: 'Fayetteville VA Medical Center' })];
    const composed = composeStatement(input);
    expectTraced(input, composed);
    const paths = pathsOf(composed);
    for (const path of ['flare-ups.severity', 'flare-ups.triggers', 'flare-ups.duration']) {
      expect(pathsOf(composeStatement(full))).toContain(path);
      expect(paths).not.toContain(path);
    }
    const text = statementText(composed);
    expect(text).not.toMatch(/out of 10|sets off|lasts|There I saw|This treatment/);
    expect(text).not.toMatch(/not answer|unknown|not sure|no answer/i);
    expect(templatesOf(composed)).toContain('treatment_facility');
  });

  it('says nothing more about flare-ups when there are none', () => {
    const input = kneeSample();
    input.answers['flare-ups'] = { has_flare_ups: false, frequency: 'daily', severity: 4 };
    const composed = composeStatement(input);
    expectTraced(input, composed);
    expect(statementText(composed)).toContain('I do not have flare-ups.');
    expect(templatesOf(composed)).not.toContain('flare_up_frequency');
    expect(templatesOf(composed)).not.toContain('flare_up_severity');
  });

  it('writes other hazards and radiation activities through their own lines', () => {
    const input = emptySample();
    input.exposures = [
      exposure({ kind: 'other_hazard', hazard: 'other', location_details: 'JP-8 fuel vapors' }),
      exposure({ kind: 'other_hazard', hazard: 'mustardgas' }),
      exposure({ kind: 'radiation', location: 'thule', end_date: '1968-03-01' }),
      exposure({ kind: 'camp_lejeune', start_date: '1975-05-01' }),
    ];
    const composed = composeStatement(input);
    expectTraced(input, composed);
    expect(statementText(composed)).toContain(
      'During my service I was exposed to a toxic hazard: JP-8 fuel vapors. During my service I was exposed to mustard gas. During my service I was exposed to radiation. Radiation-risk activity: Response to the B-52 crash near Thule Air Force Base, Greenland. This exposure lasted until March 1968. During my service I was exposed to contaminated water at Camp Lejeune. This exposure began in May 1975.',
    );
  });

  it('has a trace that catches an added fact, a changed word and a stray template', () => {
    const input = kneeSample();
    const tamper = (change: (composed: ComposedStatement) => void) => {
      const composed = composeStatement(input);
      change(composed);
      return () => expectTraced(input, composed);
    };
    const first = (composed: ComposedStatement) => composed.paragraphs[0]?.sentences[0];
    expect(tamper(() => undefined)).not.toThrow();
    // A word the veteran did not write, in the text only.
    expect(
      tamper((composed) => {
        const sentence = first(composed);
        if (sentence) sentence.text = sentence.text.replace('Left knee', 'Right knee');
      }),
    ).toThrow();
    // A value that is not the answer at its path.
    expect(
      tamper((composed) => {
        const sentence = first(composed);
        const value = sentence?.values[0];
        if (sentence && value) {
          value.text = 'Right knee strain';
          sentence.text = sentence.text.replace('Left knee strain', 'Right knee strain');
        }
      }),
    ).toThrow();
    // A label that is not the label of the answer.
    expect(
      tamper((composed) => {
        const sentence = composed.paragraphs[3]?.sentences[0];
        const value = sentence?.values[0];
        if (sentence && value) {
          value.text = 'all the time';
          sentence.text = 'I have symptoms all the time.';
        }
      }),
    ).toThrow();
  });

  it('adds no sentence from outside the template table', () => {
    const ids = new Set(Object.keys(STATEMENT_TEMPLATES));
    for (const sample of [kneeSample(), ptsdSample(), secondarySample(), emptySample()]) {
      for (const id of templatesOf(composeStatement(sample))) expect(ids).toContain(id);
    }
  });
});

// Random answer subsets ----------------------------------------------------------------------

/** A small seeded generator (mulberry32), so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const TEXTS = [
  'It hurts',
  'It hurts.',
  '  Padded with spaces  ',
  'Two sentences. The second has no period',
  'Asked "why?"',
  'Line one\nline two',
  'Done (for now).',
  '   ',
  '',
];

type Random = ReturnType<typeof random>;

function maybe<T>(rng: Random, value: T): T | undefined | null {
  if (rng.chance(0.3)) return undefined;
  if (rng.chance(0.1)) return null;
  return value;
}

function randomInput(rng: Random): StatementInput {
  const base = rng.pick([kneeSample, ptsdSample, secondarySample, emptySample])();
  const text = () => maybe(rng, rng.pick(TEXTS));
  const date = () => maybe(rng, rng.pick(['2004-03-03', '1999-12-31', '2010-01-01']));
  const symptoms = () =>
    rng.chance(0.3) ? undefined : ['pain', ' swelling ', 'clicking'].slice(0, rng.pick([0, 1, 3]));
  const answers: StatementInput['answers'] = {
    'military-symptoms': {
      in_service_event: text(),
      started_on: date(),
      symptoms: symptoms(),
      description: text(),
      reported_during_service: maybe(rng, rng.chance(0.5)),
      report_details: text(),
    },
    'post-military-symptoms': {
      symptoms: symptoms(),
      description: text(),
      frequency: maybe(rng, rng.pick(FREQUENCIES)),
      trend: maybe(rng, rng.pick(SYMPTOM_TRENDS)),
    },
    'flare-ups': {
      has_flare_ups: maybe(rng, rng.chance(0.7)),
      frequency: maybe(rng, rng.pick(FREQUENCIES)),
      duration: maybe(rng, rng.pick(FLARE_UP_DURATIONS)),
      severity: maybe(rng, rng.pick([1, 5, 10])),
      triggers: text(),
      limitations: text(),
    },
    'professional-impacts': {
      employment_status: maybe(rng, rng.pick(EMPLOYMENT_STATUSES)),
      missed_days_per_month: maybe(rng, rng.pick([0, 1, 4])),
      lost_employment: maybe(rng, rng.chance(0.5)),
      description: text(),
      accommodations: text(),
    },
    'social-impacts': {
      description: text(),
      relationships: text(),
      daily_activities: text(),
      activities_given_up: text(),
    },
  };
  // Keep a random subset of the pages, and of the sample's own answers.
  const kept: StatementInput['answers'] = {};
  for (const step of ANSWER_STEPS) {
    const source = rng.chance(0.5) ? answers : base.answers;
    if (rng.chance(0.8) && source[step]) Object.assign(kept, { [step]: source[step] });
  }
  return {
    ...base,
    disability: {
      ...base.disability,
      diagnosis: rng.chance(0.5) ? base.disability.diagnosis : null,
      side_of_body: maybe(rng, rng.pick(['left', 'right', 'bilateral'] as const)),
    },
    answers: kept,
    exposures: base.exposures.filter(() => rng.chance(0.7)),
    treatments: base.treatments
      .filter(() => rng.chance(0.7))
      .map((entry) => ({ ...entry, notes: text() ?? null, start_date: date() ?? null })),
    mentalHealth: base.mentalHealth && {
      ...base.mentalHealth,
      events: base.mentalHealth.events.map((event) => ({
        ...event,
        location: text() ?? null,
        date: date() ?? null,
      })),
    },
  };
}

describe('composeStatement on random answer subsets', () => {
  it('always traces every sentence and keeps the order', () => {
    const rng = random(20_250_601);
    for (let run = 0; run < 300; run++) {
      const input = randomInput(rng);
      // The random answers are answers the wizard could have saved.
      for (const step of ANSWER_STEPS) {
        const answers = input.answers[step];
        if (answers) {
          const parsed = disabilityWizardStepSchemas[step].safeParse(answers);
          expect(parsed.success, `${step} ${JSON.stringify(answers)}`).toBe(true);
        }
      }
      const composed = composeStatement(input);
      expectTraced(input, composed);
      const sections = sectionsOf(composed);
      expect(sections[0]).toBe('opening');
      expect(sections.at(-1)).toBe('closing');
      const order = sections.map((section) => STATEMENT_SECTIONS.indexOf(section));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const paragraph of composed.paragraphs)
        expect(paragraph.sentences.length).toBeGreaterThan(0);
    }
  });
});
