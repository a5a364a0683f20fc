import { describe, expect, it } from 'vitest';
import { CONDITION_CATALOGUE } from '../condition-catalogue.ts';
import { PROTECTED_HEALTH_PLACEHOLDER, findProtectedHealth } from '../protected-health.ts';
import { timed } from '../processor-time.ts';
import { PROTECTED_WORDS, generateCfile, scoreFindings } from './conditions-fixtures.ts';
import {
  CLINICAL_TERMS,
  ICD10_PREFIXES,
  PROTECTED_DIAGNOSES,
  SITE_FAMILIES,
  SYMPTOM_SYNONYMS,
} from './conditions-vocabulary.ts';
import {
  SNIPPET_LENGTH,
  baseName,
  conditionForIcd10,
  conditionsNamed,
  findConditionMentions,
  findConditions,
  snippetAround,
  type CfilePage,
  type ConditionFinding,
} from './conditions.ts';

// The domain package compiles without Node's or the DOM's types: the console the scoring tests
// print with is typed here.
const { console } = globalThis as unknown as {
  console: { info: (...values: unknown[]) => void };
};

const PTSD = 'PTSD (post-traumatic stress disorder)';
const TINNITUS = 'tinnitus (ringing or hissing in ears)';
const BACK_STRAIN = 'lower back strain (lumbosacral strain)';
const SLEEP_APNEA = 'sleep apnea';
const DIABETES = 'diabetes, type 1 or type 2';
const HTN = 'hypertension (high blood pressure)';

const SICK_CALL = `CHRONOLOGICAL RECORD OF MEDICAL CARE
S: 22 yo SPC c/o low back pain x 3 days after ruck march. Denies chest pain.
No history of asthma. Denies numbness or tingling.
O: TTP paraspinals L4-S1, SLR negative.
A/P: 1. Lumbosacral strain
2. r/o OSA — sleep study ordered
Profile x 7 days. RTC prn.`;

const CP_EXAM = `DISABILITY BENEFITS QUESTIONNAIRE — HEARING LOSS AND TINNITUS
Diagnosis: Tinnitus, recurrent
Sensorineural hearing loss, bilateral (H90.3)
Remarks: Veteran was screened for PTSD; PTSD ruled out by the examiner.
Family history: father with diabetes.`;

const PROBLEM_LIST = `VA PROBLEM LIST
Active problems:
- Essential hypertension (I10)
- Type 2 diabetes mellitus E11.9
- F43.12
- DJD right knee
- DDD lumbar spine
- Migraine headaches
Service connection: tinnitus, DC 6260.`;

const PROTECTED_PAGE = `BEHAVIORAL HEALTH NOTE
Assessment:
1. PTSD, chronic
2. Alcohol use disorder, moderate — referred to SARP
3. HIV infection, on ART
Sickle cell trait noted on enlistment labs.`;

const pages: CfilePage[] = [
  { page: 3, text: SICK_CALL },
  { page: 12, text: CP_EXAM },
  { page: 40, text: PROBLEM_LIST },
  { page: 77, text: PROTECTED_PAGE },
];

const byName = (findings: ConditionFinding[], name: string) =>
  findings.find((finding) => finding.name === name);

describe('findConditions on hand-written pages', () => {
  const findings = findConditions(pages, {
    claimed: [{ name: 'Tinnitus' }, { name: 'back condition', diagnostic_code: '5237' }],
  });
  const names = findings.map((finding) => finding.name);

  it('finds the affirmed diagnoses, with their pages, sorted by first page', () => {
    expect(byName(findings, BACK_STRAIN)?.pages).toEqual([3]);
    expect(byName(findings, TINNITUS)?.pages).toEqual([12, 40]);
    expect(byName(findings, 'hearing loss')?.pages).toEqual([12]);
    expect(byName(findings, HTN)?.pages).toEqual([40]);
    expect(byName(findings, DIABETES)?.pages).toEqual([40]);
    expect(byName(findings, PTSD)?.pages).toEqual([40, 77]);
    expect(byName(findings, 'degenerative arthritis (osteoarthritis) in knee')?.sides).toEqual([
      'right',
    ]);
    expect(names).toContain('intervertebral disc syndrome (IVDS), back');
    expect(names).toContain('migraines (headaches)');
    const firstPages = findings.map((finding) => finding.pages[0] ?? 0);
    expect(firstPages).toEqual([...firstPages].sort((a, b) => a - b));
  });

  it('leaves out denied, ruled-out, suspected and relatives’ conditions', () => {
    expect(names).not.toContain('asthma');
    expect(names).not.toContain(SLEEP_APNEA);
    // PTSD is ruled out on page 12 and affirmed elsewhere.
    expect(byName(findings, PTSD)?.pages).not.toContain(12);
    // The father's diabetes is not the veteran's; the problem list's is.
    expect(byName(findings, DIABETES)?.pages).not.toContain(12);
    // A symptom in the subjective part is not a diagnosis.
    expect(names).not.toContain('lower back pain or stiffness, diagnosis unknown');
  });

  it('marks claimed conditions by name or by diagnostic code', () => {
    expect(byName(findings, TINNITUS)?.claimed).toBe(true);
    expect(byName(findings, BACK_STRAIN)?.claimed).toBe(true);
    expect(byName(findings, 'hearing loss')?.claimed).toBe(false);
  });

  it('gives diagnostic codes, the written one first', () => {
    expect(byName(findings, TINNITUS)?.diagnostic_code).toBe('6260');
    expect(byName(findings, PTSD)?.diagnostic_code).toBe('9411');
    expect(
      byName(findings, 'degenerative arthritis (osteoarthritis) in knee')?.diagnostic_code,
    ).toBe(null);
  });

  it('flags conditions that may be presumptive, with their lists', () => {
    const hypertension = byName(findings, HTN)?.presumptive;
    expect(hypertension).not.toBe(false);
    expect(hypertension && hypertension.lists.map((list) => list.id)).toContain('herbicide');
    expect(byName(findings, TINNITUS)?.presumptive).toBe(false);
  });

  it('flags protected findings and withholds their snippets', () => {
    const alcohol = byName(findings, 'alcohol use disorder');
    const hiv = byName(findings, 'HIV-related illness');
    expect(alcohol?.protected_7332).toBe(true);
    expect(alcohol?.catalogued).toBe(false);
    expect(hiv?.protected_7332).toBe(true);
    for (const finding of [alcohol, hiv])
      expect(finding?.evidence).toEqual([{ page: 77, snippet: PROTECTED_HEALTH_PLACEHOLDER }]);
    expect(byName(findings, PTSD)?.protected_7332).toBe(false);
  });

  it('withholds protected sentences from the snippets of other findings', () => {
    const ptsd = byName(findings, PTSD);
    const onProtectedPage = ptsd?.evidence.find((evidence) => evidence.page === 77);
    expect(onProtectedPage?.snippet).toContain('PTSD');
    expect(onProtectedPage?.snippet).not.toMatch(PROTECTED_WORDS);
  });

  it('does not take sickle cell trait for sickle cell anemia (nor protect it)', () => {
    expect(names).not.toContain('sickle cell anemia');
    const anemia = findConditions([{ page: 1, text: 'Dx: sickle cell anemia (D57.1)' }], {
      claimed: [],
    });
    expect(anemia.map((finding) => [finding.name, finding.protected_7332])).toEqual([
      ['sickle cell anemia', true],
    ]);
    const traitByCode = findConditions([{ page: 1, text: 'Problem list: D57.3' }], { claimed: [] });
    expect(traitByCode).toEqual([]);
  });

  it('keeps snippets short and about the mention', () => {
    for (const finding of findings)
      for (const evidence of finding.evidence)
        expect(evidence.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(byName(findings, BACK_STRAIN)?.evidence[0]?.snippet).toContain('Lumbosacral strain');
  });
});

const PRIMARY_CARE = `PRIMARY CARE NOTE
CC: f/u chronic conditions
HPI: 45 yo male OEF/OIF veteran with PMH of HTN, HLD, T2DM, OSA on CPAP, and chronic LBP presents
for f/u. Reports tinnitus bilat since deployment, worse at night. Denies CP, SOB, headaches.
Pt not working due to PTSD. Wife reports he snores.
ROS: Neg except as per HPI. Negative for asthma, COPD.
A: 1. HTN - controlled. 2. T2DM - A1c 7.2. 3. Tinnitus - refer audiology.
4. Adjustment disorder with anxiety. 5. r/o GERD - trial of PPI.
P: Continue lisinopril. PHQ-9 = 4. PC-PTSD-5 = 2. Return if headaches worsen.`;

describe('a primary care note', () => {
  const findings = findConditions([{ page: 9, text: PRIMARY_CARE }], { claimed: [] });
  const names = findings.map((finding) => finding.name);

  it('finds its diagnoses', () => {
    expect(names).toEqual(
      expect.arrayContaining([HTN, DIABETES, SLEEP_APNEA, TINNITUS, PTSD, 'adjustment disorder']),
    );
    expect(byName(findings, TINNITUS)?.sides).toEqual(['bilateral']);
  });

  it('leaves out the denied, doubted and merely reported', () => {
    for (const name of [
      'asthma',
      'chronic obstructive pulmonary disease (COPD)',
      'GERD (gastroesophageal reflux disease)',
      'migraines (headaches)',
      'generalized anxiety disorder (GAD)',
      'lower back pain or stiffness, diagnosis unknown',
    ])
      expect(names).not.toContain(name);
  });
});

const P = (page: number, expected: string[], text: string) => ({ page, expected, text });

/** Pages written apart from the generator's templates, with their answer key. A resolved
 * condition counts (see negation.ts); a claim form's list, a relative's and a screen do not. */
const HAND_WRITTEN = [
  P(
    1,
    ['lower back strain (lumbosacral strain)'],
    `STANDARD FORM 600 (REV. 6-97)
CHRONOLOGICAL RECORD OF MEDICAL CARE
14 MAR 2009  BN AID STA  FT HOOD TX
S: 21 y/o M SPC presents w/ LBP x2d after lifting a 5-ton tire. Pain 6/10, non-radiating. Denies bowel/bladder
changes, numbness, tingling. No prior back injury.
O: ROM decreased flexion, TTP bilat lumbar paraspinals. SLR neg bilat. Neuro intact.
A: Low back strain, acute
P: Motrin 800 TID x 7d, Flexeril 10 qhs, profile 7d no lifting >20 lbs. RTC if not improved.`,
  ),
  P(
    2,
    ['tinnitus (ringing or hissing in ears)', 'hearing loss'],
    `HEARING LOSS AND TINNITUS DISABILITY BENEFITS QUESTIONNAIRE
SECTION I - DIAGNOSIS
Does the Veteran have a diagnosis of sensorineural hearing loss? [X] Yes [ ] No
Right ear: Sensorineural hearing loss. Left ear: Sensorineural hearing loss.
Does the Veteran report recurrent tinnitus? [X] Yes
Date and circumstances of onset: 2008, Iraq, IED blasts. Tinnitus is at least as likely as not
(50 percent or greater probability) caused by or a result of military noise exposure.`,
  ),
  P(
    3,
    ['PTSD (post-traumatic stress disorder)', 'depression (major depressive disorder)'],
    `REVIEW POST TRAUMATIC STRESS DISORDER (PTSD) DISABILITY BENEFITS QUESTIONNAIRE
1. Diagnostic Summary
Does the Veteran have a diagnosis of PTSD that conforms to DSM-5 criteria? [X] Yes
2. Current Diagnoses
a. Mental Disorder Diagnosis #1: Posttraumatic stress disorder, chronic
ICD code: F43.12
b. Mental Disorder Diagnosis #2: Major depressive disorder, recurrent, moderate
ICD code: F33.1
c. Medical diagnoses relevant: None
The Veteran denies history of alcohol or drug abuse.`,
  ),
  P(
    4,
    [],
    `VA FORM 21-526EZ
SECTION IV: CLAIM INFORMATION
CURRENT DISABILITY(IES): PTSD; TINNITUS; SLEEP APNEA; LOW BACK CONDITION
EXPOSURE: Burn pits, Balad AB, Iraq 2007-2008.`,
  ),
  P(
    5,
    ['sleep apnea', 'hypertension (high blood pressure)', 'GERD (gastroesophageal reflux disease)'],
    `SLEEP MEDICINE CONSULT
Reason for consult: r/o OSA. Pt reports loud snoring, witnessed apneas, daytime somnolence (ESS 14).
PMH: HTN, GERD (resolved), s/p appendectomy.
PSG 03/2015: AHI 32/hr, nadir SpO2 81%.
Impression: Obstructive sleep apnea, severe.
Plan: CPAP titration.`,
  ),
  P(
    6,
    ['GERD (gastroesophageal reflux disease)'],
    `PMH carried from above. GERD listed above noted as resolved; still included per history.
Assessment: GERD, controlled on omeprazole.`,
  ),
  P(
    7,
    [],
    `FAMILY HISTORY
Mother - type 2 diabetes, hypertension
Father - deceased, MI at 58; CAD
Brother - alcoholism
SOCIAL HISTORY
Married, 2 children. Works as a mechanic. Former smoker, quit 2012.`,
  ),
  P(
    8,
    ['patellofemoral pain syndrome', 'plantar fasciitis'],
    `PODIATRY / ORTHO
Chief complaint: bilateral knee pain and heel pain.
Exam: + patellar grind bilat, TTP medial calcaneal tubercle bilat.
Impression:
1. Patellofemoral pain syndrome, bilateral
2. Plantar fasciitis, bilateral - night splints, stretching
3. r/o stress fracture - x-ray ordered, neg.`,
  ),
  P(
    9,
    ['alcohol use disorder'],
    `SARP INTAKE
Dx: Alcohol use disorder, moderate (F10.20). AUDIT-C 9.
Pt command-referred after DUI. Denies opioid or other drug use.`,
  ),
  P(
    10,
    [],
    `Labs: HIV 1/2 Ag/Ab screen non-reactive. Hep C Ab negative. Sickle cell screen: trait (HbAS).
A1c 5.4. No diabetes.`,
  ),
  P(
    11,
    ['traumatic brain injury (TBI)', 'migraines (headaches)'],
    `TBI CLINIC
History: blast exposure x3 in 2010, brief LOC.
Assessment:
1. Mild TBI, remote, with residual post-traumatic headaches
2. Migraine without aura, 8 days/month
3. Insomnia? - sleep hygiene reviewed`,
  ),
  P(
    12,
    [
      'degenerative arthritis (osteoarthritis) in knee',
      'intervertebral disc syndrome (IVDS), back',
      'radiculopathy, lower extremities',
    ],
    `ORTHOPEDIC SURGERY NOTE
X-ray R knee: mild medial joint space narrowing c/w early DJD.
MRI L-spine: L4-5 disc protrusion with L5 nerve root impingement.
Assessment: 1) Right knee osteoarthritis 2) Lumbar DDD with left L5 radiculopathy.`,
  ),

  P(
    101,
    ['asthma', 'rhinitis, chronic'],
    `PULMONARY CLINIC
Veteran deployed to Kandahar 2011-2012 with burn pit exposure. Reports dyspnea on exertion.
PFTs: FEV1/FVC 0.68, + bronchodilator response.
Assessment/Plan
# Asthma, moderate persistent - start Symbicort
# Allergic rhinitis - Flonase
# Chronic cough - likely 2/2 above, CXR neg`,
  ),
  P(
    102,
    ['hypertension (high blood pressure)'],
    `Problem List (active)
Hypertensive disorder                       I10
Hyperlipidemia                              E78.5
Tobacco use disorder                        F17.210
Obesity, BMI 32                             E66.9`,
  ),
  P(
    103,
    ['PTSD (post-traumatic stress disorder)'],
    `MENTAL HEALTH PROGRESS NOTE
Veteran continues in CPT for PTSD. Nightmares 2-3x/wk (previously nightly). PCL-5 today 38 (from 52).
Denies SI/HI. No evidence of psychosis. No symptoms of mania.
Dx: PTSD, chronic (F43.12) - improving.`,
  ),
  P(
    104,
    [],
    `AUDIOLOGY
Hearing thresholds within normal limits bilaterally 250-8000 Hz. Word recognition 96% bilat.
No tinnitus reported. Tympanometry type A bilat.
Impression: Normal hearing, both ears.`,
  ),
  P(
    105,
    [
      'erectile dysfunction (ED)',
      'diabetes, type 1 or type 2',
      'diabetic peripheral neuropathy, lower extremities',
    ],
    `UROLOGY / PCP
59 yo Vietnam-era vet (served Da Nang 1968-69) with DM II complicated by peripheral neuropathy of both feet.
Reports erectile dysfunction x 5 yrs, likely vasculogenic/diabetic.
A/P:
- ED: trial sildenafil
- DM2: A1c 8.1, increase metformin
- Diabetic neuropathy BLE: gabapentin`,
  ),
  P(
    106,
    ['migraines (headaches)'],
    `NEUROLOGY
Migraines began after 2007 deployment. Prostrating attacks ~3/month, lasting a day.
MRI brain unremarkable. No evidence of MS.
Impression: Chronic migraine without aura, not intractable (G43.709).`,
  ),
  P(
    107,
    [],
    `Past Medical History: none
Family History: Father - prostate cancer; Mother - breast cancer, HTN.
Social History: Denies tobacco, occasional alcohol.`,
  ),
  P(
    108,
    ['shin splints', 'flatfoot (pes planus)'],
    `BASIC TRAINING SICK CALL
Pvt c/o bilat shin pain x 1 wk, worse with running. Exam: TTP distal posteromedial tibia bilat.
Pes planus noted bilaterally.
Dx: Medial tibial stress syndrome bilat; pes planus. r/o stress fx.`,
  ),
];

describe('hand-written pages, scored', () => {
  it('finds (page, condition) pairs with precision and recall of at least 0.95', () => {
    const findings = findConditions(HAND_WRITTEN, { claimed: [] });
    const score = scoreFindings(HAND_WRITTEN, findings);
    console.info(
      `conditions (hand-written): precision ${score.precision.toFixed(4)}, recall ${score.recall.toFixed(4)}`,
      { extra: score.falsePositives, missed: score.falseNegatives },
    );
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
  });
});

describe('findConditionMentions', () => {
  const counted = (text: string) =>
    findConditionMentions(text)
      .filter((mention) => mention.counted)
      .map((mention) => mention.name);

  it('reads abbreviations only in capitals where they are everyday words', () => {
    expect(counted('Assessment: OSA, on CPAP')).toEqual([SLEEP_APNEA]);
    expect(counted('Pt states he is osa')).toEqual([]);
    expect(counted('Seen in the ED for a laceration.')).toEqual([]);
    expect(counted('Dx: HTN, DM2, GERD, COPD, IBS, TBI')).toEqual([
      HTN,
      DIABETES,
      'GERD (gastroesophageal reflux disease)',
      'chronic obstructive pulmonary disease (COPD)',
      'irritable bowel syndrome (IBS)',
      'traumatic brain injury (TBI)',
    ]);
  });

  it('counts symptom words only in a diagnostic section or after "diagnosed with"', () => {
    expect(counted('HPI: reports anxiety and headaches at night.')).toEqual([]);
    expect(counted('Assessment: Anxiety')).toEqual(['generalized anxiety disorder (GAD)']);
    expect(counted('He was diagnosed with headaches in 2010.')).toEqual(['migraines (headaches)']);
  });

  it('does not take a form’s title or a claim for a diagnosis', () => {
    expect(counted('HEARING LOSS AND TINNITUS DISABILITY BENEFITS QUESTIONNAIRE')).toEqual([]);
    expect(counted('The Veteran claims service connection for sleep apnea.')).toEqual([]);
    expect(counted('Service connection for tinnitus is granted (DC 6260).')).toEqual([
      TINNITUS,
      TINNITUS,
    ]);
  });

  it('reads a specifier of a diagnosis as part of it', () => {
    expect(counted('A: Adjustment disorder with mixed anxiety and depressed mood')).toEqual([
      'adjustment disorder',
    ]);
  });

  it('gives the side written next to a mention, not across another condition', () => {
    const sides = (text: string) =>
      findConditionMentions(text).map((mention) => [mention.name, mention.side]);
    expect(sides('PFPS of the L knee; patellar tendinitis R knee')).toEqual([
      ['patellofemoral pain syndrome', 'left'],
      ['tendonitis (tendinitis) in knee', 'right'],
    ]);
    expect(sides('Dx: sleep apnea and bilateral hearing loss')).toEqual([
      [SLEEP_APNEA, null],
      ['hearing loss', 'bilateral'],
    ]);
    expect(sides('Dx: OSA, R/O CSA')).toEqual([[SLEEP_APNEA, null]]);
  });

  it('treats everything under a family history heading as a relative’s', () => {
    const text = 'Family History:\n- Father: hypertension\n- Mother: type 2 diabetes\nPlan: f/u';
    expect(findConditionMentions(text).map((mention) => mention.assertion)).toEqual([
      'family',
      'family',
    ]);
  });

  it('finds a body site after the word and reads the negation over both', () => {
    expect(counted('Degenerative disc disease of the cervical spine')).toEqual([
      'intervertebral disc syndrome (IVDS), neck',
    ]);
    expect(counted('DDD of the lumbar spine suspected, MRI ordered.')).toEqual([]);
    expect(counted('Bursitis, left hip')).toEqual(['bursitis in hip']);
    expect(counted('Radiculopathy of the right upper extremity')).toEqual([
      'radiculopathy, upper extremities',
    ]);
    expect(counted('Arthritis')).toEqual([]);
  });

  it('reads a name split over a wrapped scan line', () => {
    expect(
      counted('Records reviewed; the examiner confirmed a diagnosis of obstructive\nsleep apnea.'),
    ).toEqual([SLEEP_APNEA]);
  });

  it('stops shorter names inside longer phrases that are something else', () => {
    expect(counted('Dx: pulmonary hypertension')).toEqual([]);
    expect(counted('PC-PTSD-5 score 1. HIV test ordered. Hearing aids issued.')).toEqual([]);
  });

  it('reads VA diagnostic codes, taking the analogous code’s second half', () => {
    expect(counted('Granted under diagnostic code 6260.')).toEqual([TINNITUS]);
    expect(counted('Rated 5299-5276.')).toEqual([]);
    expect(counted('Rated DC 5299-5276.')).toEqual(['flatfoot (pes planus)']);
    // 5237 is shared by back and neck strains and sprains: the code alone names none of them.
    expect(counted('Rated under DC 5237.')).toEqual([]);
  });

  it('reads ICD-10-CM codes, bare three-character codes only where a code is expected', () => {
    expect(counted('Problem: F43.10')).toEqual([PTSD]);
    expect(counted('Seen in room I10 today.')).toEqual([]);
    expect(counted('Elevated BP (I10)')).toEqual([HTN]);
    expect(counted('r/o G47.33')).toEqual([]);
  });
});

describe('conditionForIcd10', () => {
  it('names a condition by the longest known prefix of a code', () => {
    expect(conditionForIcd10('F43.10')).toBe(PTSD);
    expect(conditionForIcd10('F43.21')).toBe('adjustment disorder');
    expect(conditionForIcd10('H93.13')).toBe(TINNITUS);
    expect(conditionForIcd10('M54.50')).toBe('lower back pain or stiffness, diagnosis unknown');
    expect(conditionForIcd10('S39.012A')).toBe(BACK_STRAIN);
    expect(conditionForIcd10('D57.3')).toBeNull();
    expect(conditionForIcd10('Z99.89')).toBeNull();
  });
});

describe('conditionsNamed', () => {
  it('reads a claim typed by the veteran or a catalogue label', () => {
    expect([...conditionsNamed('ptsd')]).toEqual([PTSD]);
    expect([...conditionsNamed('plantar fasciitis, left')]).toEqual(['plantar fasciitis']);
    expect([...conditionsNamed('Tinnitus (ringing or hissing in ears)')]).toEqual([TINNITUS]);
    expect([...conditionsNamed('bad back')]).toEqual([]);
  });
});

describe('snippetAround', () => {
  it('cuts at spaces around the mention and withholds protected sentences', () => {
    const text = `${'word '.repeat(60)}Tinnitus bilateral.\nHIV infection.\n${'more '.repeat(60)}`;
    const start = text.indexOf('Tinnitus');
    const snippet = snippetAround(text, start, start + 8);
    expect(snippet).toContain('Tinnitus bilateral.');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH);
    expect(snippet).not.toMatch(/HIV/);
    expect(snippet.startsWith('word')).toBe(true);
  });
});

describe('vocabulary', () => {
  const names = new Set([
    ...CONDITION_CATALOGUE.map((entry) => baseName(entry.label)),
    ...PROTECTED_DIAGNOSES,
  ]);

  it('names only catalogue conditions (or protected diagnoses)', () => {
    const used = [
      ...Object.keys(CLINICAL_TERMS),
      ...Object.keys(SYMPTOM_SYNONYMS),
      ...Object.values(ICD10_PREFIXES).filter((name) => name !== null),
      ...SITE_FAMILIES.flatMap((family) => [
        ...Object.values(family.joints ?? {}),
        ...Object.values(family.spine ?? {}),
        ...Object.values(family.limbs ?? {}),
      ]),
    ];
    expect(used.filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('scored generated C-file', () => {
  const generated = generateCfile({ pages: 240, seed: 20_261_126 });
  const findings = findConditions(generated, { claimed: [] });
  const score = scoreFindings(generated, findings);

  it('has a real answer key (affirmed, denied, doubted, relatives’, protected)', () => {
    expect(generated.length).toBeGreaterThanOrEqual(200);
    const text = generated.map((page) => page.text).join('\n');
    for (const marker of ['Denies', 'r/o', 'Family history', 'ICD-10', 'Alcohol use disorder'])
      expect(text).toContain(marker);
    expect(score.truePositives).toBeGreaterThan(150);
  });

  it('finds (page, condition) pairs with precision and recall of at least 0.95', () => {
    console.info(
      `conditions: precision ${score.precision.toFixed(4)}, recall ${score.recall.toFixed(4)} ` +
        `over ${score.truePositives + score.falseNegatives.length} expected pairs`,
      { extra: score.falsePositives.slice(0, 5), missed: score.falseNegatives.slice(0, 5) },
    );
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('never shows protected words in a snippet of a protected finding, nor elsewhere', () => {
    const protectedFindings = findings.filter((finding) => finding.protected_7332);
    expect(protectedFindings.length).toBeGreaterThan(0);
    for (const finding of protectedFindings)
      for (const evidence of finding.evidence) {
        expect(evidence.snippet).toBe(PROTECTED_HEALTH_PLACEHOLDER);
        expect(evidence.snippet).not.toMatch(PROTECTED_WORDS);
      }
    for (const finding of findings)
      for (const evidence of finding.evidence)
        expect(findProtectedHealth(evidence.snippet)).toEqual([]);
  });

  // Timed in CPU seconds: on a busy machine the wall clock also counts other processes' turns.
  // The bound is loose (conditions-score.ts measures the speed); it catches a reading that stops
  // growing linearly with the file.
  it('reads a 2,000-page file of 3,000 characters a page within its time budget', () => {
    const file = generateCfile({ pages: 2000, seed: 11, chars: 3000 });
    const { seconds, cpuSeconds } = timed(() => findConditions(file, { claimed: [] }));
    console.info(
      `conditions: 2,000 pages in ${seconds.toFixed(2)} s (${cpuSeconds.toFixed(2)} s CPU)`,
    );
    // The budget is 2 s; the bound leaves room for a loaded test machine.
    expect(cpuSeconds).toBeLessThan(3);
  });
});
