import { describe, expect, it } from 'vitest';
import {
  CONDITION_QUERY_MAX,
  CONDITION_RESULTS_DEFAULT,
  conditionSearchResultSchema,
} from '@muster/contract/conditions';
import { CONDITION_CATALOGUE, type CatalogueEntry } from './condition-catalogue.ts';
import { labelWithoutSide } from './condition-catalogue-import.ts';
import {
  createConditionSearch,
  everydayWordsFor,
  normalizeText,
  MAX_QUERY_WORDS,
  searchConditions,
  stem,
  tokenize,
} from './condition-search.ts';
import { EVERYDAY_SYNONYMS } from './condition-synonyms.ts';
import { timed } from './processor-time.ts';

/** The conditions a query finds, each once whatever its sides, best first. */
function conditionsFound(q: string): string[] {
  return [...new Set(searchConditions(q, { limit: 50 }).map((c) => labelWithoutSide(c.label)))];
}

/** How far down the list a right answer may be and still count as found. */
const FOUND_WITHIN = 5;

/**
 * Everyday words → a condition they must find among the first five conditions (the sides of one
 * condition count once). Several acceptable answers are listed where the words fit more than one
 * condition equally ("bad back" is any of VA's back labels).
 */
const EVERYDAY_QUERIES: readonly [query: string, expected: readonly string[]][] = [
  // Back and neck
  [
    'bad back',
    ['back pain or stiffness, diagnosis unknown', 'lower back strain (lumbosacral strain)'],
  ],
  [
    'back pain',
    [
      'back pain or stiffness, diagnosis unknown',
      'lower back pain or stiffness, diagnosis unknown',
    ],
  ],
  ['lower back pain', ['lower back pain or stiffness, diagnosis unknown']],
  ['slipped disc', ['intervertebral disc syndrome (IVDS), back']],
  ['herniated disk', ['intervertebral disc syndrome (IVDS), back']],
  ['pinched nerve', ['radiculopathy, lower extremities', 'sciatica (sciatic nerve radiculopathy)']],
  ['sciatic', ['sciatica (sciatic nerve radiculopathy)']],
  ['sciatica left leg', ['sciatica (sciatic nerve radiculopathy)']],
  ['lumbar strain', ['lower back strain (lumbosacral strain)']],
  ['stiff neck', ['neck pain or stiffness, diagnosis unknown']],
  ['whiplash', ['neck strain (cervical strain)', 'neck sprain (cervical sprain)']],
  // Knees, legs and feet
  ['knee pain', ['knee pain or stiffness, diagnosis unknown']],
  ['bad knees', ['knee pain or stiffness, diagnosis unknown']],
  ['my knee gives out', ['knee instability']],
  ['torn acl', ['ACL tear (anterior cruciate ligament tear)']],
  ['torn meniscus', ['meniscus tear']],
  ['knee arthritis', ['degenerative arthritis (osteoarthritis) in knee']],
  ['shin splints', ['shin splints']],
  ['shin splits', ['shin splints']],
  ['flat feet', ['flatfoot (pes planus)']],
  ['fallen arches', ['flatfoot (pes planus)']],
  ['heel pain', ['plantar fasciitis']],
  ['plantar fascitis', ['plantar fasciitis']],
  ['sprained ankle', ['ankle sprain']],
  ['bad ankle', ['ankle sprain']],
  ['knee replacment', ['knee replacement (knee arthroplasty)']],
  ['toenail fungus', ['onychomycosis (toenail fungus)']],
  ['trench foot', ['immersion foot']],
  // Shoulders, arms and hands
  ['shoulder pain', ['shoulder pain or stiffness, diagnosis unknown']],
  ['torn rotator cuff', ['rotator cuff tear']],
  ['carpel tunnel', ['carpal tunnel syndrome']],
  ['numb fingers', ['carpal tunnel syndrome']],
  ['tennis elbow', ['tennis elbow (lateral epicondylitis)']],
  ['hip pain', ['hip pain or limited motion, diagnosis unknown']],
  ['jaw pain', ['temporomandibular disorder, including TMJ']],
  ['teeth grinding', ['bruxism (teeth grinding)']],
  // Ears
  ['ringing ears', ['tinnitus (ringing or hissing in ears)']],
  ['ringing in my ears', ['tinnitus (ringing or hissing in ears)']],
  ['tinitus', ['tinnitus (ringing or hissing in ears)']],
  ['tinnitis', ['tinnitus (ringing or hissing in ears)']],
  ['hearing loss', ['hearing loss']],
  ["can't hear", ['hearing loss']],
  ['hard of hearing', ['hearing loss']],
  ['dizzy spells', ['vertigo or dizziness']],
  ['ear infection', ['chronic otitis media (chronic middle ear infection)']],
  // Mental health and sleep
  ['ptsd', ['PTSD (post-traumatic stress disorder)']],
  ['PTSD from combat', ['PTSD (post-traumatic stress disorder)']],
  ['post traumatic stress', ['PTSD (post-traumatic stress disorder)']],
  ['nightmares', ['PTSD (post-traumatic stress disorder)']],
  ['mst', ['PTSD (post-traumatic stress disorder)']],
  ['depression', ['depression (major depressive disorder)']],
  ['feeling depressed', ['depression (major depressive disorder)']],
  ['anxiety', ['generalized anxiety disorder (GAD)']],
  ['panic attacks', ['panic disorder']],
  ["can't sleep", ['insomnia']],
  ['trouble sleeping', ['insomnia']],
  ['insomia', ['insomnia']],
  ['sleep apnea', ['sleep apnea']],
  ['sleep apnia', ['sleep apnea']],
  ['snoring', ['sleep apnea']],
  ['tbi', ['traumatic brain injury (TBI)']],
  ['concussion', ['traumatic brain injury (TBI)']],
  ['bipolar', ['bipolar disorder']],
  // Heart and lungs
  ['high blood pressure', ['hypertension (high blood pressure)']],
  ['hypertention', ['hypertension (high blood pressure)']],
  ['irregular heartbeat', ['arrhythmia (irregular heartbeat)']],
  ['afib', ['atrial fibrillation (A-fib)']],
  ['heart attack', ['heart attack (myocardial infarction)']],
  [
    'burn pit',
    [
      'constrictive bronchiolitis (obliterative bronchiolitis)',
      'asthma',
      'chronic bronchitis',
      'chronic obstructive pulmonary disease (COPD)',
      'chronic sinusitis',
      'rhinitis, chronic',
      'emphysema',
      'interstitial lung disease (ILD), pneumonitis, or fibrosis',
      'pulmonary fibrosis',
      'granulomatous disease',
      'pleurisy (pleuritis)',
      'sarcoidosis',
    ],
  ],
  ['asthma', ['asthma']],
  ['astma', ['asthma']],
  ['breathing problems', ['asthma', 'chronic obstructive pulmonary disease (COPD)']],
  ['sinusitus', ['chronic sinusitis']],
  ['copd', ['chronic obstructive pulmonary disease (COPD)']],
  ['shortness of breath', ['asthma', 'chronic obstructive pulmonary disease (COPD)']],
  ['sinus problems', ['chronic sinusitis']],
  ['allergies', ['rhinitis, chronic']],
  // Stomach, bladder and skin
  ['acid reflux', ['GERD (gastroesophageal reflux disease)']],
  ['heartburn', ['GERD (gastroesophageal reflux disease)']],
  ['ibs', ['irritable bowel syndrome (IBS)']],
  ['hemroids', ['hemorrhoids']],
  ['hemorroids', ['hemorrhoids']],
  ['ed', ['erectile dysfunction (ED)']],
  ['erectile disfunction', ['erectile dysfunction (ED)']],
  ['bladder leaks', ['urinary incontinence (loss of bladder control)']],
  ['kidney stones', ['kidney stones (nephrolithiasis)']],
  ['razor bumps', ['pseudofolliculitis barbae (razor bumps, shave bumps, or ingrown hairs)']],
  ['eczema', ['eczema (atopic dermatitis)']],
  ['itchy rash', ['eczema (atopic dermatitis)', 'chronic urticaria (chronic hives)']],
  ['scars', ['scars, extremities or trunk', 'scars, head, face or neck']],
  // Nerves, head, eyes and the rest
  ['migraines', ['migraines (headaches)']],
  ['migranes', ['migraines (headaches)']],
  ['headaches', ['migraines (headaches)']],
  [
    'numb feet',
    [
      'diabetic peripheral neuropathy, lower extremities',
      'non-diabetic peripheral neuropathy, lower extremities',
    ],
  ],
  [
    'neuropathy',
    [
      'diabetic peripheral neuropathy, lower extremities',
      'non-diabetic peripheral neuropathy, lower extremities',
    ],
  ],
  ['blurry vision', ['visual impairment, including blurry vision, blindness and double vision']],
  ['diabetes', ['diabetes, type 1 or type 2']],
  ['diabetis', ['diabetes, type 1 or type 2']],
  ['type 2 diabetes', ['diabetes, type 1 or type 2']],
  ['always tired', ['chronic fatigue syndrome']],
  [
    'gulf war illness',
    ['chronic fatigue syndrome', 'fibromyalgia', 'irritable bowel syndrome (IBS)'],
  ],
  ['fibromyalgia', ['fibromyalgia']],
  ['agent orange', ['diabetes, type 1 or type 2', "Parkinson's disease", 'prostate cancer']],
];

describe('[DOMAIN][CONDITION SEARCH]: everyday words find the right condition', () => {
  it('[DOMAIN]: the table tries at least 60 queries', () => {
    expect(EVERYDAY_QUERIES.length).toBeGreaterThanOrEqual(60);
    // Every expected answer is a real catalogue condition, so no row can pass by naming nothing.
    const known = new Set(CONDITION_CATALOGUE.map((c) => labelWithoutSide(c.label)));
    for (const [query, expected] of EVERYDAY_QUERIES)
      for (const label of expected) expect(known.has(label), `${query} → ${label}`).toBe(true);
  });

  it.each(EVERYDAY_QUERIES)('[DOMAIN]: "%s"', (query, expected) => {
    const found = conditionsFound(query).slice(0, FOUND_WITHIN);
    expect(
      found.some((label) => expected.includes(label)),
      `"${query}" found ${JSON.stringify(found)}`,
    ).toBe(true);
  });
});

describe('[DOMAIN][CONDITION SEARCH]: the everyday-words table', () => {
  it('[DOMAIN]: every label piece still names at least one catalogue condition', () => {
    for (const synonym of EVERYDAY_SYNONYMS) {
      expect(synonym.words.length, synonym.labels.join()).toBeGreaterThan(0);
      for (const piece of synonym.labels) {
        expect(piece, 'pieces are lower case').toBe(piece.toLowerCase());
        const matched = CONDITION_CATALOGUE.filter((c) =>
          labelWithoutSide(c.label).toLowerCase().includes(piece),
        );
        expect(matched.length, `"${piece}" matches no label`).toBeGreaterThan(0);
      }
    }
  });

  it('[DOMAIN]: a condition gets the words of every entry whose piece its label holds', () => {
    const tinnitus = CONDITION_CATALOGUE.find((c) => c.label.startsWith('tinnitus'));
    expect(everydayWordsFor(tinnitus!)).toContain('ringing ears');
    expect(everydayWordsFor({ label: 'knee instability, left' })).toContain('knee gives out');
    expect(
      everydayWordsFor({ label: 'hearing loss' }, [{ words: ['x'], labels: ['tinnitus'] }]),
    ).toEqual([]);
  });
});

describe('[DOMAIN][CONDITION SEARCH]: words, sides, limits', () => {
  it('[DOMAIN]: text is lower-cased, accents and apostrophes dropped, hyphenated words also joined', () => {
    expect(normalizeText("Can't  MÉNIÈRE’s")).toBe('cant  menieres');
    expect(tokenize('A-fib (post-traumatic)')).toEqual([
      'a',
      'fib',
      'post',
      'traumatic',
      'afib',
      'posttraumatic',
    ]);
    expect(
      ['knees', 'feet', 'allergies', 'dizziness', 'stiffness', 'tinnitus', 'arthritis', 'ears'].map(
        stem,
      ),
    ).toEqual(['knee', 'foot', 'allergy', 'dizzy', 'stiff', 'tinnitus', 'arthritis', 'ear']);
  });

  it('[DOMAIN]: nothing to search for answers nothing', () => {
    for (const q of ['', '   ', '!!!', 'the of and', 'left', 'both', '\u00a0'])
      expect(searchConditions(q), JSON.stringify(q)).toEqual([]);
    expect(searchConditions('knee', { limit: 0 })).toEqual([]);
  });

  it('[DOMAIN]: a side in the query puts that side first, the others still follow', () => {
    const left = searchConditions('left knee pain');
    expect(left[0]).toMatchObject({
      label: 'knee pain or stiffness, diagnosis unknown, left',
      side_of_body: 'left',
    });
    expect(left.map((c) => c.label)).toContain('knee pain or stiffness, diagnosis unknown, right');
    expect(searchConditions('both knees hurt')[0]?.side_of_body).toBe('bilateral');
    expect(searchConditions('right shoulder rotator cuff')[0]?.label).toBe(
      'rotator cuff tear, right',
    );
    // A side word that is part of a label's name is not taken for a side.
    expect(searchConditions('right ventricular hypertrophy')[0]?.label).toBe(
      'right ventricular hypertrophy (RVH)',
    );
    expect(searchConditions('left ventricular hypertrophy')[0]?.label).toBe(
      'left ventricular hypertrophy (LVH)',
    );
    // Without a side, the sides of one condition stay together in VA's order.
    expect(
      searchConditions('shin splints')
        .slice(0, 3)
        .map((c) => c.side_of_body),
    ).toEqual(['bilateral', 'left', 'right']);
  });

  it('[DOMAIN]: at most `limit` results, 20 by default, each in the contract’s shape', () => {
    expect(searchConditions('arthritis')).toHaveLength(CONDITION_RESULTS_DEFAULT);
    expect(searchConditions('arthritis', { limit: 3 })).toHaveLength(3);
    const parsed = conditionSearchResultSchema.parse({ results: searchConditions('knee') });
    expect(parsed.results[0]).not.toHaveProperty('terms');
  });

  it('[DOMAIN]: a diagnostic code off a decision letter finds its condition', () => {
    expect(searchConditions('6260')[0]?.label).toBe('tinnitus (ringing or hissing in ears)');
    expect(searchConditions('DC 9411')[0]?.label).toBe('PTSD (post-traumatic stress disorder)');
  });

  it('[DOMAIN]: VA’s own label, typed in full, finds that condition first', () => {
    const misses: string[] = [];
    for (const base of new Set(CONDITION_CATALOGUE.map((c) => labelWithoutSide(c.label)))) {
      const first = searchConditions(base, { limit: 1 })[0];
      if (!first || labelWithoutSide(first.label) !== base) misses.push(base);
    }
    expect(misses).toEqual([]);
  });

  it('[DOMAIN]: a long or hostile query is cut to its first words and answers quickly', () => {
    const tinnitus = 'tinnitus (ringing or hissing in ears)';
    const labels = (q: string) => searchConditions(q, { limit: 50 }).map((c) => c.label);
    expect(labels('knee tinnitus')).toContain(tinnitus);
    // The word after the first MAX_QUERY_WORDS is not searched.
    expect(labels(`${'knee '.repeat(MAX_QUERY_WORDS)}tinnitus`)).not.toContain(tinnitus);
    // Processor time, not the clock: a busy test machine cannot fail it, a runaway search would.
    const { cpuSeconds } = timed(() => {
      searchConditions(Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '));
      searchConditions('z'.repeat(CONDITION_QUERY_MAX));
      searchConditions('%_*?()[]{}\\^$|+.');
    });
    expect(cpuSeconds).toBeLessThan(1);
  });

  it('[DOMAIN]: a search over a catalogue of its own (the index is per catalogue)', () => {
    const entries: CatalogueEntry[] = [
      {
        label: 'widget elbow, left',
        side_of_body: 'left',
        classification: { code: '1', name: 'Test' },
        diagnostic_codes: [],
        pact_presumptive: null,
        terms: ['gizmo arm'],
      },
    ];
    const search = createConditionSearch(entries, [
      { words: ['sore doohickey'], labels: ['widget'] },
    ]);
    expect(search('gizmo').map((c) => c.label)).toEqual(['widget elbow, left']);
    expect(search('doohicky').map((c) => c.label)).toEqual(['widget elbow, left']);
    expect(search('knee')).toEqual([]);
  });
});
