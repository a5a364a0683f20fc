import { describe, expect, it } from 'vitest';
import {
  PROTECTED_HEALTH_PLACEHOLDER,
  findProtectedHealth,
  isProtectedCondition,
  isProtectedHealth,
  redactProtectedHealth,
  type ProtectedHealthCategory,
} from './protected-health.ts';

const categoriesOf = (text: string): ProtectedHealthCategory[] =>
  findProtectedHealth(text).map((match) => match.category);

describe('[DOMAIN][PROTECTED HEALTH]: sentences that are protected', () => {
  it.each<[string, ProtectedHealthCategory]>([
    // Diagnoses, as clinic notes write them.
    ['Veteran has alcohol use disorder, severe, in early remission.', 'substance_use'],
    ['Dx: Opioid use disorder, moderate, on maintenance therapy.', 'substance_use'],
    ['Assessment: cannabis use disorder, mild.', 'substance_use'],
    ['History of cocaine use disorder, in sustained remission since 2016.', 'substance_use'],
    ['Stimulant use disorder (methamphetamine type), severe.', 'substance_use'],
    ['PMH: alcohol dependence with withdrawal seizures.', 'substance_use'],
    ['He carries a diagnosis of polysubstance abuse.', 'substance_use'],
    ['Problem list: Alcoholism.', 'substance_use'],
    ['ALCOHOL USE DISORDER, SEVERE', 'substance_use'],
    ['Alcohol-induced pancreatitis, 2019.', 'substance_use'],
    ['Alcoholic cirrhosis of the liver.', 'substance_use'],
    ['IV drug use with heroin until 2014.', 'substance_use'],
    ['Patient reports daily alcohol use, about a fifth of whiskey.', 'substance_use'],
    ['Denies current alcohol use, history of alcohol use disorder.', 'substance_use'],
    ['No change in his alcohol use disorder since the last visit.', 'substance_use'],
    // Medications, generic and brand.
    ['Continue naltrexone 50 mg daily for cravings.', 'substance_use'],
    ['Vivitrol injection given in the left gluteal muscle.', 'substance_use'],
    ['Pt maintained on buprenorphine/naloxone 16 mg SL daily.', 'substance_use'],
    ['Refilled Suboxone film 8 mg-2 mg.', 'substance_use'],
    ['They switched me from Subutex to Sublocade last year.', 'substance_use'],
    ['Methadone maintenance dose increased to 90 mg.', 'substance_use'],
    ['Started disulfiram 250 mg.', 'substance_use'],
    ['I was on Antabuse for about six months after I got out.', 'substance_use'],
    ['Acamprosate 666 mg three times a day.', 'substance_use'],
    // Programs, clinics, meetings, tests.
    ['Completed the 28-day SARRTP at the Coatesville VA.', 'substance_use'],
    ['I was command-referred to ASAP after the incident at Fort Hood.', 'substance_use'],
    ['ASAP counselor recommended outpatient treatment.', 'substance_use'],
    ['I went through SARP Level II in Norfolk in 2008.', 'substance_use'],
    ['Airman was enrolled in ADAPT following the incident.', 'substance_use'],
    ['Admitted to detox on the 3rd.', 'substance_use'],
    ['I checked myself into rehab in 2015.', 'substance_use'],
    ['Went to rehab for my drinking after I got out.', 'substance_use'],
    ['I go to AA meetings three times a week.', 'substance_use'],
    ['My NA sponsor helped me stay clean.', 'substance_use'],
    ['Goes to the methadone clinic every morning.', 'substance_use'],
    ['Court-ordered alcohol classes for six months.', 'substance_use'],
    ['After my DUI I had to do a 12-week treatment program.', 'substance_use'],
    ['CIWA protocol initiated; lorazepam per scale.', 'substance_use'],
    ['AUDIT-C score of 9, positive screen.', 'substance_use'],
    ['Urine drug screen positive for cocaine and THC.', 'substance_use'],
    // The veteran's own words in the chat.
    ['I drank heavily every night after my deployment.', 'substance_use'],
    ['I popped hot on a urinalysis in 2011 and got an Article 15.', 'substance_use'],
    ['He has been sober for 6 years.', 'substance_use'],
    ['I got hooked on pain pills after my back surgery.', 'substance_use'],
    ['my buddy and i both did detox at the VA in 2019', 'substance_use'],
    ['In recovery from alcohol since 2017.', 'substance_use'],
    ['I relapsed on heroin last spring.', 'substance_use'],
    ['Dad was an alcoholic and so am I.', 'substance_use'],
    // HIV.
    ['Patient is HIV positive, diagnosed in 2012.', 'hiv'],
    ['I was diagnosed with HIV while on active duty.', 'hiv'],
    ['Continue Biktarvy one tablet daily.', 'hiv'],
    ['On Truvada, labs every 3 months.', 'hiv'],
    ['Viral load undetectable; CD4 count 650.', 'hiv'],
    ['History of AIDS-defining illness in 2009.', 'hiv'],
    ['He is on antiretroviral therapy through the ID clinic.', 'hiv'],
    ['I started PrEP last year.', 'hiv'],
    ['Descovy refill requested.', 'hiv'],
    ['HIV-1 RNA not detected on current regimen.', 'hiv'],
    ['HIV test: positive, confirmed by Western blot.', 'hiv'],
    ['Hep C negative and HIV positive.', 'hiv'],
    ['Not sure if I am HIV positive.', 'hiv'],
    // Sickle cell anemia.
    ['Known sickle cell anemia with frequent pain crises.', 'sickle_cell'],
    ['I have sickle cell disease and it got worse in basic training.', 'sickle_cell'],
    ['Admitted for vaso-occlusive crisis, treated with IV fluids.', 'sickle_cell'],
    ['Hemoglobin SS disease, followed by hematology.', 'sickle_cell'],
    ['Started voxelotor (Oxbryta) this spring.', 'sickle_cell'],
    ['My son and I both have sickle cell.', 'sickle_cell'],
    ['Acute chest syndrome in 2018 requiring exchange transfusion.', 'sickle_cell'],
  ])('[DOMAIN]: "%s" is %s', (text, category) => {
    expect(isProtectedHealth(text)).toBe(true);
    expect(categoriesOf(text)).toContain(category);
  });
});

describe('[DOMAIN][PROTECTED HEALTH]: sentences that are not', () => {
  it.each([
    // Negations and negative results.
    'Denies alcohol use.',
    'Patient denies tobacco, alcohol, or illicit drug use.',
    'Denies history of IV drug use.',
    'No history of substance abuse.',
    'No alcohol or drug abuse.',
    'Alcohol use: none.',
    'Drug use - denies.',
    'Negative for HIV.',
    'Negative HIV test in 2020.',
    'HIV test: negative.',
    'HIV negative.',
    'HIV status: negative (tested 2021).',
    'Rapid HIV test was negative.',
    'HIV Ag/Ab 4th gen: non-reactive.',
    'Hepatitis B and HIV serology non-reactive.',
    'Screened negative for HIV and hepatitis C in 2019.',
    'HIV screen negative, HCV negative.',
    'Never diagnosed with HIV.',
    'No personal or family history of sickle cell disease.',
    'Denies sickle cell disease.',
    'Sickle cell screen: negative.',
    // Sickle cell trait is a carrier state, not the anemia.
    'I have sickle cell trait, which the Army found at enlistment.',
    'She is a sickle cell trait carrier.',
    // ASAP, ADAPT and other acronyms in their everyday sense.
    'Please send me the forms ASAP.',
    'I need my C-file ASAP so I can file before the deadline.',
    'Call me back ASAP about my appointment.',
    'Please send the referral ASAP.',
    'I need to be referred to the sleep clinic ASAP.',
    'NEED THIS ASAP',
    'It took me years to adapt to civilian life.',
    'The adaptive sports program helped my PTSD.',
    'Replace the AA batteries in the glucose meter.',
    'I earned my AA degree at community college.',
    'Allergies: NA.',
    'I need new hearing aids and batteries.',
    'Visual aids were used during the briefing.',
    'Service dog helps with mobility aids.',
    'Hearing test at the AUD clinic next week.',
    'SCDs applied to both legs for DVT prophylaxis.',
    'Burn pit exposure to VOCs and particulate matter.',
    'Bowel prep before the colonoscopy.',
    'Prep for the C&P exam.',
    'I do meal prep on Sundays.',
    // Alcohol that is not drinking, and other near misses.
    'Cleaned the site with an alcohol swab before the injection.',
    'Use hand sanitizer with at least 60% alcohol.',
    'Rubbing alcohol and gauze applied.',
    'Alcoholic beverages are not allowed in the barracks.',
    'Sickle-shaped scar on the left forearm from shrapnel.',
    'Hives on both arms after the vaccine.',
    'Archived records from the hospital.',
    'Methocarbamol 750 mg for muscle spasm.',
    'I smoked cigarettes for 20 years.',
    // Rehabilitation and detox of other kinds.
    'Physical therapy rehab for my knee after surgery.',
    'I went to rehab for my back after the fall.',
    'Applying for Veteran Readiness and Employment (vocational rehabilitation).',
    'Cardiac rehab three times a week.',
    'I do a digital detox every weekend.',
    'Juice detox diet.',
    // Decided as not protected: naloxone, pain opioids, tobacco, gambling, a bare DUI.
    'Narcan kit provided per opioid safety initiative.',
    'Long-term opioid therapy for chronic low back pain.',
    'Tobacco use disorder, counseled on cessation.',
    'Gambling addiction treated at the Vet Center.',
    'I got a DUI in 2012 and it is on my record.',
    'HCV viral load undetectable after treatment.',
  ])('[DOMAIN]: "%s"', (text) => {
    expect(findProtectedHealth(text)).toEqual([]);
    expect(isProtectedHealth(text)).toBe(false);
  });
});

describe('[DOMAIN][PROTECTED HEALTH]: offsets and redaction', () => {
  it('[DOMAIN]: reports each term where it stands in the original text', () => {
    const text = 'Seen today. Pt is HIV positive and on Biktarvy. Denies alcohol use.';
    const matches = findProtectedHealth(text);
    expect(matches).toEqual([
      { category: 'hiv', term: 'HIV', start: 18, end: 21 },
      { category: 'hiv', term: 'Biktarvy', start: 38, end: 46 },
    ]);
    for (const match of matches) expect(text.slice(match.start, match.end)).toBe(match.term);
  });

  it('[DOMAIN]: keeps offsets through curly quotes and reports the longer of two overlapping terms', () => {
    const text = 'I’m in treatment for opioid use disorder and I’m on Suboxone.';
    expect(findProtectedHealth(text)).toEqual([
      { category: 'substance_use', term: 'opioid use disorder', start: 21, end: 40 },
      { category: 'substance_use', term: 'Suboxone', start: 52, end: 60 },
    ]);
  });

  it('[DOMAIN]: withholds each sentence holding a term and nothing else', () => {
    const text =
      'Knee pain worse with stairs. Takes Suboxone daily. Denies alcohol use.\nHIV test: negative.';
    expect(redactProtectedHealth(text)).toBe(
      `Knee pain worse with stairs. ${PROTECTED_HEALTH_PLACEHOLDER} Denies alcohol use.\nHIV test: negative.`,
    );
  });

  it('[DOMAIN]: treats a line break as a sentence end and "Dr." as no end', () => {
    const text =
      'Seen by Dr. Lee for sickle cell disease. Follow up in 3 months.\nCD4 count 400\nBP 120/80';
    expect(redactProtectedHealth(text)).toBe(
      `${PROTECTED_HEALTH_PLACEHOLDER} Follow up in 3 months.\n${PROTECTED_HEALTH_PLACEHOLDER}\nBP 120/80`,
    );
  });

  it('[DOMAIN]: withholds a sentence once however many terms it holds', () => {
    expect(redactProtectedHealth('On Biktarvy and methadone for years! Then better.')).toBe(
      `${PROTECTED_HEALTH_PLACEHOLDER} Then better.`,
    );
  });

  it('[DOMAIN]: leaves text without protected terms unchanged', () => {
    const text = 'Tinnitus since 2004. Denies alcohol use. Hearing aids issued.';
    expect(redactProtectedHealth(text)).toBe(text);
  });
});

describe('[DOMAIN][PROTECTED HEALTH]: condition records', () => {
  it.each(['6351', '7714', '6399-6351', '7714-7799', 'DC 7799-7714'])(
    'a record coded %s is protected whatever its title',
    (code) => {
      expect(isProtectedCondition({ title: 'Immune disorder', diagnosticCode: code })).toBe(true);
    },
  );

  it('other codes and plain titles are not', () => {
    expect(isProtectedCondition({ title: 'Tinnitus', diagnosticCode: '6260' })).toBe(false);
    expect(isProtectedCondition({ title: 'Knee strain', diagnosticCode: '5299-5260' })).toBe(false);
    expect(isProtectedCondition({ title: 'Alcohol use disorder', diagnosticCode: null })).toBe(
      true,
    );
  });
});
