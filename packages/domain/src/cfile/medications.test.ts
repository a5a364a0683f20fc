import { describe, expect, it } from 'vitest';
import {
  generateMedicationFile,
  generateMedicationPages,
  scoreMedications,
} from './fixtures/medication-pages.ts';
import lexiconFile from './medication-lexicon.json' with { type: 'json' };
import {
  findMedications,
  MEDICATION_LEXICON,
  parseRecordDate,
  type FoundMedication,
} from './medications.ts';

// The domain package is compiled without Node's or the DOM's types; Vitest runs in Node.
const { console } = globalThis as unknown as { console: { info: (...values: unknown[]) => void } };

/** name → [dose, first_seen, last_seen, pages] for compact exact assertions. */
function summary(found: FoundMedication[]) {
  return Object.fromEntries(
    found.map((m) => [m.name, [m.dose, m.first_seen, m.last_seen, m.pages.join(',')]]),
  );
}

function namesIn(text: string, date: string | null = null): string[] {
  return findMedications([{ page: 1, text, date }]).map((m) => m.name);
}

describe('the medication lexicon', () => {
  it('holds at least 380 generics, each once, in lower case, with a class', () => {
    const generics = MEDICATION_LEXICON.map((entry) => entry.generic);
    expect(generics.length).toBeGreaterThanOrEqual(380);
    expect(new Set(generics).size).toBe(generics.length);
    for (const entry of MEDICATION_LEXICON) {
      expect(entry.generic).toBe(entry.generic.toLowerCase());
      expect(entry.classes.length).toBeGreaterThan(0);
    }
  });

  it('gives every brand and abbreviation to exactly one generic', () => {
    const owner = new Map<string, string>();
    for (const entry of MEDICATION_LEXICON) {
      for (const name of [entry.generic, ...entry.brands, ...(entry.aliases ?? [])]) {
        const key = name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim();
        const previous = owner.get(key);
        expect(previous === undefined || previous === entry.generic, `${name}`).toBe(true);
        owner.set(key, entry.generic);
      }
    }
  });

  it('flags exactly the drug and alcohol use disorder treatments, not tobacco cessation', () => {
    const flagged = MEDICATION_LEXICON.filter((entry) => entry.substance_use_treatment)
      .map((entry) => entry.generic)
      .sort();
    expect(flagged).toEqual([
      'acamprosate',
      'buprenorphine',
      'buprenorphine/naloxone',
      'disulfiram',
      'lofexidine',
      'methadone',
      'naltrexone',
      'naltrexone/bupropion',
    ]);
  });

  it('says where it came from', () => {
    expect(lexiconFile.provenance.compiled_on).toBe('2026-11-26');
    expect(lexiconFile.provenance.sources.map((source) => source.name).join(' ')).toMatch(
      /ClinCalc.*Top 300 of 2022[\s\S]*DailyMed/,
    );
  });
});

describe('findMedications on hand-written pages', () => {
  it('reads a service treatment record note: list, allergies, labs and instructions', () => {
    const text = [
      'CHRONOLOGICAL RECORD OF MEDICAL CARE',
      'DATE: 14MAR2004   DOB: 02/11/1982',
      'ALLERGIES: Penicillin (hives), sulfa, codeine',
      'MEDICATIONS:',
      '1. Sertraline 50 mg PO daily',
      '2. Norco 10/325 1 tab q6h prn pain',
      '3. ProAir HFA 90 mcg/act 2 puffs q4h prn',
      '4. Flecainide 100mg tab BID',
      'LABS: Glucose 110 mg/dL  Cholesterol 200 mg/dL  Vitamin D, 25-Hydroxy 25 ng/mL',
      'Take 2 tabs with food. Patient 50 mg of caffeine daily.',
    ].join('\n');
    const found = findMedications([{ page: 3, text }]);
    expect(found).toEqual([
      {
        name: 'albuterol',
        dose: '90 mcg/actuation',
        first_seen: '2004-03-14',
        last_seen: '2004-03-14',
        pages: [3],
        protected_7332: false,
        source: 'lexicon',
      },
      {
        name: 'flecainide',
        dose: '100 mg',
        first_seen: '2004-03-14',
        last_seen: '2004-03-14',
        pages: [3],
        protected_7332: false,
        source: 'dose_pattern',
      },
      {
        name: 'hydrocodone/acetaminophen',
        dose: '10/325 mg',
        first_seen: '2004-03-14',
        last_seen: '2004-03-14',
        pages: [3],
        protected_7332: false,
        source: 'lexicon',
      },
      {
        name: 'sertraline',
        dose: '50 mg',
        first_seen: '2004-03-14',
        last_seen: '2004-03-14',
        pages: [3],
        protected_7332: false,
        source: 'lexicon',
      },
    ]);
  });

  it('reads a VA pharmacy printout by each line’s own date, ignoring expiry and birth dates', () => {
    const text = [
      'OUTPATIENT PHARMACY - MEDICATION PROFILE      PRINTED: 2011-06-01',
      'NAME: DOE, JOHN   DOB: 07/04/1975',
      'RX# 2291823  PRAZOSIN HCL 2MG CAP  TAKE ONE CAPSULE BY MOUTH AT BEDTIME  ISSUED: 01/15/2010  EXP: 01/16/2011',
      'RX# 2291824  TRAZODONE 50MG TAB  TAKE ONE TABLET BY MOUTH AT BEDTIME  ISSUED: 15 Jan 2010',
      'RX# 2291999  SERTRALINE HCL 100MG TAB  ISSUED: March 3, 2011',
      'RX# 2292000  HYDROCODONE/ACETAMINOPHEN 10MG/325MG TAB  ISSUED: 2011-04-20',
      'RX# 2292001  ALBUTEROL 90MCG/ACTUAT INHL  ISSUED: 03MAR11',
    ].join('\n');
    expect(summary(findMedications([{ page: 40, text }]))).toEqual({
      albuterol: ['90 mcg/actuation', '2011-03-03', '2011-03-03', '40'],
      'hydrocodone/acetaminophen': ['10/325 mg', '2011-04-20', '2011-04-20', '40'],
      prazosin: ['2 mg', '2010-01-15', '2010-01-15', '40'],
      sertraline: ['100 mg', '2011-03-03', '2011-03-03', '40'],
      trazodone: ['50 mg', '2010-01-15', '2010-01-15', '40'],
    });
  });

  it('reads a C&P exam history: brands, discontinued drugs kept, denials and allergies left out', () => {
    const text =
      'The Veteran reports taking Zoloft 100 mg daily and Minipress 1 mg at bedtime for nightmares. ' +
      'He was previously on paroxetine, which was discontinued in 2009 for sexual side effects. ' +
      'He denies use of tramadol, oxycodone or Xanax. He is allergic to naproxen (rash). ' +
      'Ibuprofen allergy. Declined Ambien. Tolerating duloxetine, denies side effects.';
    expect(namesIn(text, '2012-09-18')).toEqual([
      'duloxetine',
      'paroxetine',
      'prazosin',
      'sertraline',
    ]);
  });

  it('tolerates OCR damage: hyphen and line-break splits, stray spaces, I for l', () => {
    const text =
      'Rx: sertra-\nline 50 mg daily\nRx: metoproIoI tartrate 25mg BID\nRx: gaba pentin 300 mg TID\n' +
      'Rx: ZOLOFT  50  MG\nRx: 1isinopril 10 mg\nRx: metforrnin 500 mg BID';
    expect(summary(findMedications([{ page: 2, text, date: '2004-03-14' }]))).toEqual({
      gabapentin: ['300 mg', '2004-03-14', '2004-03-14', '2'],
      lisinopril: ['10 mg', '2004-03-14', '2004-03-14', '2'],
      metformin: ['500 mg', '2004-03-14', '2004-03-14', '2'],
      metoprolol: ['25 mg', '2004-03-14', '2004-03-14', '2'],
      sertraline: ['50 mg', '2004-03-14', '2004-03-14', '2'],
    });
  });

  it('matches combination products however they are joined, and the longest name wins', () => {
    expect(namesIn('hydrocodone-acetaminophen 5/325 mg')).toEqual(['hydrocodone/acetaminophen']);
    expect(namesIn('Hydrocodone w/ APAP 5/325')).toEqual(['hydrocodone/acetaminophen']);
    expect(namesIn('budesonide-formoterol 160/4.5 mcg 2 puffs BID')).toEqual([
      'budesonide/formoterol',
    ]);
    expect(namesIn('Symbicort 160/4.5')).toEqual(['budesonide/formoterol']);
    expect(namesIn('fluticasone/salmeterol 250/50 and Advair Diskus')).toEqual([
      'fluticasone/salmeterol',
    ]);
    expect(namesIn('Tylenol #3 1 tab q6h')).toEqual(['acetaminophen/codeine']);
    expect(namesIn('Tylenol 500 mg')).toEqual(['acetaminophen']);
    expect(namesIn('Zantac 360 20 mg, previously Zantac 150 mg')).toEqual([
      'famotidine',
      'ranitidine',
    ]);
    expect(namesIn('lisinopril/HCTZ 20/12.5 mg daily')).toEqual(['lisinopril/hydrochlorothiazide']);
  });

  it('normalises doses', () => {
    const dose = (text: string) => findMedications([{ page: 1, text }])[0]?.dose;
    expect(dose('Klonopin .5MG BID')).toBe('0.5 mg');
    expect(dose('clonazepam 0.50 mg')).toBe('0.5 mg');
    expect(dose('metformin 1,000 mg BID')).toBe('1000 mg');
    expect(dose('Vitamin D3 2000 IU daily')).toBe('2000 units');
    expect(dose('lidocaine 5% patch')).toBe('5%');
    expect(dose('Butrans 10 mcg/hr patch weekly')).toBe('10 mcg/hr');
    expect(dose('testosterone cypionate 200 mg/mL 1 mL IM q2wk')).toBe('200 mg/mL');
    expect(dose('amoxicillin 250 mg/5 mL suspension')).toBe('250 mg/5 mL');
    expect(dose('trazodone 1 tab qhs')).toBe('1 tab');
    expect(dose('potassium chloride 20 mEq daily')).toBe('20 mEq');
    expect(dose('sertraline (Zoloft) 50mg')).toBe('50 mg');
    expect(dose('sertraline daily')).toBeNull();
  });

  it('finds unknown drugs only before a dose or a sig, and never lab values or ordinary words', () => {
    expect(
      namesIn('Dapsone 100 mg daily. Sotalol 1 tab po BID. Rifampin, sig: 1 cap daily.'),
    ).toEqual(['dapsone', 'rifampin', 'sotalol']);
    expect(namesIn('Vitamin C 500 mg daily, krill oil 1000 mg')).toEqual([
      'krill oil',
      'vitamin c',
    ]);
    expect(
      namesIn(
        'Take 2 tabs. Patient 50 mg. Glucose 110 mg/dL. Cholesterol 200 mg/dL. Creatinine 1.1 mg/dL. ' +
          'Vitamin D 25 ng/mL. Lithium 0.8 mEq/L. Dose increased from 50 mg to 100 mg. ' +
          'Transfused 2 units PRBC. Influenza vaccine 0.5 mL IM. Weight 212 lbs. Plan: sig per label.',
      ),
    ).toEqual([]);
  });

  it('keeps an allergy list out, up to where the list ends', () => {
    const text = [
      'ALLERGIES/ADVERSE REACTIONS:',
      '  PENICILLIN (hives)',
      '  MORPHINE (nausea)',
      '',
      'ACTIVE MEDICATIONS:',
      '  MORPHINE ER 15 MG BID',
      'Allergies: sulfa, Bactrim. Meds: gabapentin 300 mg TID',
      'S: Allergies: aspirin',
      'P: continue Mobic 15 mg daily',
      'Allergy-induced rhinitis: Flonase 50 mcg 2 sprays daily',
    ].join('\n');
    expect(namesIn(text)).toEqual(['fluticasone', 'gabapentin', 'meloxicam', 'morphine']);
  });

  it('takes nicotine and testosterone only as products, and drug names in lab lines not at all', () => {
    expect(
      namesIn('Nicotine dependence, in remission. Low testosterone. Vitamin D deficiency.'),
    ).toEqual([]);
    expect(namesIn('Lithium level 0.6. Digoxin level 1.1 ng/mL. B12 deficiency.')).toEqual([]);
    expect(namesIn('Nicotine patch 21 mg/24 hr daily, nicotine gum 4 mg PRN')).toEqual([
      'nicotine',
    ]);
    expect(namesIn('AndroGel 1.62% 2 pumps daily')).toEqual(['testosterone']);
    expect(namesIn('ASA 81 mg daily. Screened by ASA counselor.')).toEqual(['aspirin']);
  });

  it('marks substance-use treatment as protected by 38 U.S.C. 7332, and tobacco cessation not', () => {
    const found = findMedications([
      {
        page: 1,
        text:
          'Suboxone 8/2 mg SL daily. Vivitrol 380 mg IM monthly. Antabuse 250 mg. Campral 666 mg TID. ' +
          'Methadone 60 mg daily. Chantix 1 mg BID. NicoDerm CQ 21 mg. Narcan 4 mg nasal spray kit. ' +
          'Biktarvy 1 tab po daily.',
      },
    ]);
    expect(Object.fromEntries(found.map((m) => [m.name, m.protected_7332]))).toEqual({
      acamprosate: true,
      biktarvy: true,
      'buprenorphine/naloxone': true,
      disulfiram: true,
      methadone: true,
      naloxone: false,
      naltrexone: true,
      nicotine: false,
      varenicline: false,
    });
  });

  it('joins pages: first and last dates, sorted unique pages, the most frequent dose', () => {
    const found = findMedications([
      { page: 9, text: 'sertraline 100 mg daily', date: '2008-05-01' },
      { page: 2, text: 'Zoloft 50 mg daily. Zoloft 50 mg refilled.', date: '2003-01-10' },
      { page: 9, text: 'SERTRALINE 100MG', date: '2008-05-01' },
      { page: 5, text: 'Seen 11/30/2005: sertraline 100 mg', date: null },
      { page: 7, text: 'sertraline 100 mg, date of visit not legible', date: null },
    ]);
    expect(summary(found)).toEqual({
      sertraline: ['100 mg', '2003-01-10', '2008-05-01', '2,5,7,9'],
    });
  });

  it('dates a mention by its line, then the page, then the nearest date on the page', () => {
    const text = 'Note date 2001-02-03\ntrazodone 50 mg\nprazosin 1 mg started 14 Mar 2004\n';
    const withPageDate = findMedications([{ page: 1, text, date: '2005-06-07' }]);
    expect(summary(withPageDate)).toEqual({
      prazosin: ['1 mg', '2004-03-14', '2004-03-14', '1'],
      trazodone: ['50 mg', '2005-06-07', '2005-06-07', '1'],
    });
    const withoutPageDate = findMedications([{ page: 1, text }]);
    expect(withoutPageDate.find((m) => m.name === 'trazodone')?.first_seen).toBe('2001-02-03');
  });

  it('reads the date formats records use', () => {
    expect(parseRecordDate('03/14/2004')).toBe('2004-03-14');
    expect(parseRecordDate('2004-03-14')).toBe('2004-03-14');
    expect(parseRecordDate('2004-03-14T10:00:00Z')).toBe('2004-03-14');
    expect(parseRecordDate('14 Mar 2004')).toBe('2004-03-14');
    expect(parseRecordDate('March 14, 2004')).toBe('2004-03-14');
    expect(parseRecordDate('14MAR2004')).toBe('2004-03-14');
    expect(parseRecordDate('14MAR04')).toBe('2004-03-14');
    expect(parseRecordDate('02/30/2004')).toBeNull();
    expect(parseRecordDate('not a date')).toBeNull();
  });
});

describe('findMedications leaves out what the veteran does not take', () => {
  it("skips a relative's medicine unless the clause comes back to the veteran", () => {
    expect(namesIn('Family history: mother takes metformin for diabetes.')).toEqual([]);
    expect(namesIn('FH: father on lisinopril 20 mg daily')).toEqual([]);
    expect(namesIn('Wife reports patient takes sertraline 50 mg nightly.')).toEqual(['sertraline']);
    expect(namesIn('Brother has asthma.\nMedications: albuterol 90 mcg prn')).toEqual([
      'albuterol',
    ]);
  });

  it("skips a drug screen's result", () => {
    expect(namesIn('UDS positive for buprenorphine and THC.')).toEqual([]);
    expect(namesIn('Urine drug screen: oxycodone detected')).toEqual([]);
    expect(namesIn('Buprenorphine/naloxone 8/2 mg SL daily')).toEqual(['buprenorphine/naloxone']);
  });

  it('skips a town written as an address, but not the drug', () => {
    expect(namesIn('1234 Main Street\nNorco, CA 92860\n')).toEqual([]);
    expect(namesIn('Norco, CA')).toEqual([]);
    expect(namesIn('Norco 10/325 1 tab q6h prn pain')).toEqual(['hydrocodone/acetaminophen']);
    expect(namesIn('Norco, Flexeril and ibuprofen for back pain')).toContain(
      'hydrocodone/acetaminophen',
    );
  });
});

describe('findMedications on the generated set', () => {
  it('keeps precision and recall over (page, medication) pairs at 0.95 or above', () => {
    const pages = generateMedicationPages(240);
    expect(pages.length).toBeGreaterThanOrEqual(200);
    const score = scoreMedications(pages);
    console.info(
      `medications: precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}, ` +
        `dose ${score.doseAccuracy.toFixed(3)}, date ${score.dateAccuracy.toFixed(3)} over ${pages.length} pages`,
    );
    if (score.precision < 0.95 || score.recall < 0.95) {
      console.info('false positives', score.falsePositives.slice(0, 20));
      console.info('false negatives', score.falseNegatives.slice(0, 20));
    }
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
    expect(score.doseAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(score.dateAccuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('stays as accurate on long pages that join several notes (no timing here; see score-medications.ts)', () => {
    const pages = generateMedicationFile(300);
    const score = scoreMedications(pages, { withDoseAndDate: false });
    expect(score.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('builds the same pages from the same seed, and uses no drug the finder must find by dose in the lexicon', () => {
    expect(generateMedicationPages(12)).toEqual(generateMedicationPages(12));
    const lexiconNames = new Set(MEDICATION_LEXICON.map((entry) => entry.generic));
    const byDose = generateMedicationPages(240).flatMap((page) =>
      page.expected.map((e) => e.name).filter((name) => !lexiconNames.has(name)),
    );
    expect(new Set(byDose)).toEqual(
      new Set([
        'flecainide',
        'sotalol',
        'dapsone',
        'rifampin',
        'isoniazid',
        'terbutaline',
        'tinidazole',
      ]),
    );
  });
});
