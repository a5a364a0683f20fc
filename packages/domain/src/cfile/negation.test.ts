import { describe, expect, it } from 'vitest';
import { clauseAround, findAssertion, findAssertionOf, type Assertion } from './negation.ts';

const cases: [Assertion, string, string][] = [
  // Affirmed
  ['affirmed', 'A/P: 1. Lumbosacral strain', 'Lumbosacral strain'],
  ['affirmed', 'Diagnosis: Tinnitus, recurrent', 'Tinnitus'],
  ['affirmed', 'Veteran was diagnosed with PTSD in 2012.', 'PTSD'],
  ['affirmed', 'History of asthma since childhood.', 'asthma'],
  ['affirmed', 'Hx of migraine headaches, stable.', 'migraine headaches'],
  ['affirmed', 'Plantar fasciitis, resolved.', 'Plantar fasciitis'],
  ['affirmed', 's/p TBI in 2008 from IED blast.', 'TBI'],
  ['affirmed', 'Denies worsening of tinnitus.', 'tinnitus'],
  ['affirmed', 'No change in his PTSD symptoms since last visit.', 'PTSD'],
  ['affirmed', 'No complications of diabetes noted.', 'diabetes'],
  ['affirmed', 'Denies chest pain but reports tinnitus.', 'tinnitus'],
  ['affirmed', 'No fever; GERD controlled on omeprazole.', 'GERD'],
  ['affirmed', 'Denies SI/HI. Assessment: PTSD, chronic.', 'PTSD'],
  ['affirmed', 'Negative for fever, however sleep apnea is confirmed by study.', 'sleep apnea'],
  ['affirmed', 'Problem No. 3 hypertension', 'hypertension'],
  ['affirmed', 'Per his wife, the veteran has sleep apnea.', 'sleep apnea'],
  ['affirmed', 'Wife reports he has nightmares from PTSD.', 'PTSD'],
  ['affirmed', 'He has never been diagnosed with asthma, diagnosed with COPD in 2019.', 'COPD'],
  [
    'affirmed',
    'Tinnitus is the main complaint today and it is not bothersome at night.',
    'Tinnitus',
  ],
  [
    'affirmed',
    'PTSD screen positive; diagnosis of PTSD confirmed by psychologist.',
    'diagnosis of PTSD',
  ],
  ['affirmed', 'Pt not working due to PTSD.', 'PTSD'],
  ['affirmed', 'SLR negative, lumbar strain with paraspinal tenderness.', 'lumbar strain'],
  ['affirmed', 'OSA, R/O CSA.', 'OSA'],
  ['affirmed', 'Alcohol use disorder, in early remission.', 'Alcohol use disorder'],
  // Negated
  ['negated', 'Denies chest pain.', 'chest pain'],
  ['negated', 'Tinnitus: denies.', 'Tinnitus'],
  ['negated', 'No history of asthma.', 'asthma'],
  ['negated', 'No evidence of sleep apnea on polysomnogram.', 'sleep apnea'],
  ['negated', 'PTSD ruled out.', 'PTSD'],
  ['negated', 'PTSD was ruled out after testing.', 'PTSD'],
  ['negated', 'Ruled out PTSD.', 'PTSD'],
  ['negated', 'Negative for asthma, COPD, or sleep apnea.', 'sleep apnea'],
  ['negated', 'Denies tinnitus, vertigo, or hearing loss.', 'hearing loss'],
  ['negated', 'Veteran is free of tinnitus.', 'tinnitus'],
  ['negated', 'Absence of hearing loss on audiogram.', 'hearing loss'],
  ['negated', 'Without radiculopathy.', 'radiculopathy'],
  ['negated', 'Hypertension is unlikely.', 'Hypertension'],
  ['negated', 'Diabetes: negative.', 'Diabetes'],
  ['negated', 'PTSD screen negative.', 'PTSD'],
  ['negated', 'Screen negative for depression.', 'depression'],
  ['negated', 'Does not meet criteria for PTSD.', 'PTSD'],
  ['negated', 'He has never been diagnosed with asthma, diagnosed with COPD in 2019.', 'asthma'],
  ['negated', 'HIV test non reactive', 'HIV'],
  ['negated', 'Not consistent with carpal tunnel syndrome.', 'carpal tunnel syndrome'],
  ['negated', 'No family history of diabetes.', 'diabetes'],
  // Uncertain
  ['uncertain', 'r/o OSA — sleep study ordered', 'OSA'],
  ['uncertain', 'Rule out PTSD.', 'PTSD'],
  ['uncertain', 'Possible IBS, will trial fiber.', 'IBS'],
  ['uncertain', 'Probable migraine headaches.', 'migraine headaches'],
  ['uncertain', 'Suspected sleep apnea; referred to sleep medicine.', 'sleep apnea'],
  ['uncertain', 'Sleep apnea suspected, PSG ordered.', 'Sleep apnea'],
  ['uncertain', 'Concern for TBI after blast exposure.', 'TBI'],
  ['uncertain', '?GERD', 'GERD'],
  ['uncertain', 'PFPS vs patellar tendinitis.', 'PFPS'],
  ['uncertain', 'PFPS vs patellar tendinitis.', 'patellar tendinitis'],
  ['uncertain', 'Evaluate for hearing loss at audiology.', 'hearing loss'],
  ['uncertain', 'Return to clinic if migraine headaches worsen.', 'migraine headaches'],
  ['uncertain', 'PTSD cannot be ruled out.', 'PTSD'],
  ['uncertain', 'Sleep apnea to be ruled out by sleep study.', 'Sleep apnea'],
  ['uncertain', 'PTSD screen positive, referred for evaluation.', 'PTSD'],
  ['uncertain', 'Likely lumbosacral strain.', 'lumbosacral strain'],
  ['uncertain', 'At risk for diabetes.', 'diabetes'],
  ['uncertain', 'The Veteran claims service connection for sleep apnea.', 'sleep apnea'],
  ['uncertain', 'Contention: tinnitus, claimed as due to service.', 'tinnitus'],
  ['uncertain', 'OSA, R/O CSA.', 'CSA'],
  // Family
  ['family', 'Family history: father with diabetes.', 'diabetes'],
  ['family', 'Family history of hypertension.', 'hypertension'],
  ['family', 'FHx: CAD', 'CAD'],
  ['family', 'Mother had breast cancer.', 'breast cancer'],
  ['family', 'Brother has PTSD from his deployment.', 'PTSD'],
  ['family', 'Father: hypertension', 'hypertension'],
  ['family', 'Diabetes (father), hypertension (mother).', 'Diabetes'],
  ['family', 'Hypertension in his mother.', 'Hypertension'],
];

describe('findAssertionOf', () => {
  it.each(cases)('%s: %s [%s]', (expected, sentence, mention) => {
    expect(findAssertionOf(sentence, mention)).toBe(expected);
  });

  it('reads the mention it is given, not the first one of that name', () => {
    const text = 'No asthma as a child. Asthma diagnosed in 2015.';
    const second = text.lastIndexOf('Asthma');
    expect(findAssertion(text, { start: second, end: second + 6 })).toBe('affirmed');
    expect(findAssertionOf(text, 'asthma')).toBe('negated');
  });

  it('refuses a mention that is not in the text', () => {
    expect(() => findAssertionOf('Tinnitus.', 'PTSD')).toThrow();
  });
});

describe('scope', () => {
  it('stops a negation at a semicolon, a sentence end and a contrast word', () => {
    expect(findAssertionOf('No fever; tinnitus bilateral.', 'tinnitus')).toBe('affirmed');
    expect(findAssertionOf('No fever. Tinnitus bilateral.', 'Tinnitus')).toBe('affirmed');
    expect(findAssertionOf('No fever, although tinnitus persists.', 'tinnitus')).toBe('affirmed');
  });

  it('stops a negation at a new bullet or numbered line', () => {
    const text = 'Denies:\n- chest pain\n- shortness of breath\nProblems:\n1. Tinnitus';
    expect(findAssertionOf(text, 'shortness of breath')).toBe('affirmed');
    expect(findAssertionOf(text, 'Tinnitus')).toBe('affirmed');
    expect(findAssertionOf('No history of asthma\n2. COPD', 'COPD')).toBe('affirmed');
  });

  it('reads across a scanned line wrapped mid-sentence, not into the next list item', () => {
    const wrapped =
      'Veteran states that he has no history of any diagnosed\nsleep apnea or other sleep problems.';
    expect(findAssertionOf(wrapped, 'sleep apnea')).toBe('negated');
    expect(findAssertionOf('No asthma\nSleep apnea', 'Sleep apnea')).toBe('affirmed');
    expect(findAssertionOf('He has never been\ndiagnosed with asthma', 'asthma')).toBe('negated');
  });

  it('reaches a mention only within the window of words', () => {
    const far =
      'Denies chest pain, fever, chills, cough, nausea, vomiting, diarrhea, rash, tinnitus.';
    expect(findAssertionOf(far, 'tinnitus')).toBe('affirmed');
    expect(findAssertion(far, spanOf(far, 'tinnitus'), { maxWordsBefore: 12 })).toBe('negated');
  });

  it('gives the clause around a mention', () => {
    const text = 'Seen today. Denies fever; has tinnitus. Next.';
    const clause = clauseAround(text, text.indexOf('tinnitus'), text.indexOf('tinnitus') + 8);
    expect(text.slice(clause.start, clause.end).trim()).toBe('has tinnitus');
  });
});

function spanOf(text: string, mention: string) {
  const start = text.indexOf(mention);
  return { start, end: start + mention.length };
}
