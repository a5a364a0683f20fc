/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { DISABILITY_WIZARD_STEPS } from '@muster/contract/wizard-steps';
import { BODY_SYSTEMS } from './body-systems.ts';
import { TRAUMA_STEPS } from './disability-wizard.ts';
import type { Part4StatusFile } from './part4-status-import.ts';
import statusFile from './part4-status.json' with { type: 'json' };
import { whyVaAsks, type RatingNote } from './rating-notes.ts';

const STATUS = statusFile as Part4StatusFile;

/**
 * The regulation text the notes rest on, read by the test bundler (domain code does no I/O): the
 * 2019 Part 4 section files and the 2025 Part 3 text, beside the repository in ../shared/data. A
 * machine without that folder skips the checks against the text.
 */
const PART4_FILES: Record<string, string> = import.meta.glob(
  '../../../../shared/data/cfr/part4_2019-10-07/sections/*.md',
  { query: '?raw', import: 'default', eager: true },
);
const PART3_FILES: Record<string, string> = import.meta.glob(
  '../../../../shared/data/cfr/part3_eCFR_2025/38CFR_part3_eCFR_2025.json',
  { query: '?raw', import: 'default', eager: true },
);

const part4Text = new Map(
  Object.entries(PART4_FILES).map(([file, text]) => [
    file.split('/').at(-1)?.replace(/\.md$/, '') ?? file,
    text,
  ]),
);
type Part3File = { sections: { section: string; title: string; paragraphs: string[] }[] };
const part3Source = Object.values(PART3_FILES)[0];
const part3 = new Map(
  part3Source
    ? (JSON.parse(part3Source) as Part3File).sections.map((entry) => [entry.section, entry])
    : [],
);
const hasText = part4Text.size > 0 && part3.size > 0;

/** Every note the wizard can show, with the system and page it is for. */
const NOTES = BODY_SYSTEMS.flatMap((system) =>
  DISABILITY_WIZARD_STEPS.map((step) => ({ system, step, note: whyVaAsks(system, step) })),
).filter((entry): entry is typeof entry & { note: RatingNote } => entry.note !== null);

const CITED = [
  ...new Set(NOTES.flatMap(({ note }) => note.citations.map((entry) => entry.section))),
];

/**
 * What the notes say a section says, as words that must stand in its text (compared without
 * regard to case or spacing). A note that restates a rule names it here; a section dropped or
 * reworded in the source fails the check.
 */
const RULES: Readonly<Record<string, readonly string[]>> = {
  '3.303': [
    'medical and lay evidence',
    'Continuity of symptomatology',
    'any disease diagnosed after discharge',
    'refractive error of the eye',
  ],
  '3.304': [
    'in accordance with § 4.125(a)',
    'credible supporting evidence that the claimed in-service stressor occurred',
    'engaged in combat with the enemy',
    'fear of hostile military or terrorist activity',
    'prisoner-of-war experience',
    "the veteran's lay testimony alone may establish the occurrence of the claimed in-service stressor",
    'evidence from sources other than the veteran',
    'rape crisis centers',
    'pregnancy tests or tests for sexually transmitted diseases',
    'a request for a transfer to another military duty assignment',
  ],
  '3.306': ['will be considered to have been aggravated by active military'],
  '3.307': ['even though there is no evidence of such disease during the period of service'],
  '3.309': ['Disease subject to presumptive service connection'],
  '3.310': ['proximately due to or the result of a service-connected disease or injury'],
  '3.317': ['Persian Gulf veteran'],
  '3.320': ['fine particulate matter'],
  '3.361': ['hospital care, medical or surgical treatment'],
  '3.385': ['impaired hearing will be considered to be a disability when'],
  '4.1': ['average impairment in earning capacity', 'loss of working time from exacerbations'],
  '4.2': ['in the light of the whole recorded history'],
  '4.10': ['including employment', 'up and about and fairly comfortable at home'],
  '4.16': ['unable to secure or follow a substantially gainful occupation'],
  '4.29': ['for a period in excess of 21 days'],
  '4.30': ['Surgery necessitating at least one month of convalescence', 'Immobilization by cast'],
  '4.40': [
    'normal excursion, strength, speed, coordination and endurance',
    'Weakness is as important as limitation of motion',
    'a part which becomes painful on use must be regarded as seriously disabled',
  ],
  '4.41': ['trace the medical-industrial history', 'period of total incapacity'],
  '4.45': [
    'Excess fatigability',
    'Incoordination',
    'Pain on movement',
    'interference with sitting, standing and weight-bearing',
  ],
  '4.59': ['entitled to at least the minimum compensable rating for the joint'],
  '4.71a': [
    'forward flexion of the thoracolumbar spine',
    'following implantation of prosthesis',
    'requires bed rest prescribed by a physician and treatment by a physician',
  ],
  '4.75': [
    'excluding developmental errors of refraction',
    'visual field, and muscle function',
    'licensed optometrist or by a licensed ophthalmologist',
  ],
  '4.76': ['corrected distance vision'],
  '4.77': ['Evaluation of visual fields'],
  '4.78': ['diplopia'],
  '4.79': [
    'whichever results in a higher evaluation',
    'treatment visits for an eye condition during the past 12 months',
    'Minimum evaluation if continuous medication is required',
  ],
  '4.85': [
    'state-licensed audiologist',
    'controlled speech discrimination test (Maryland CNC) and a puretone audiometry test',
    'Examinations will be conducted without the use of hearing aids',
  ],
  '4.87': [
    '6260 Tinnitus, recurrent',
    'Assign only a single evaluation for recurrent tinnitus, whether the sound is perceived in one ear, both ears, or in the head',
    'attacks of vertigo and cerebellar gait occurring more than once weekly',
    'vertigo less than once a month',
    'Dizziness and occasional staggering',
    'requiring frequent and prolonged treatment',
  ],
  '4.88b': [
    'For active disease',
    'Rate any residual disability of infection within the appropriate body system',
    'Six months after discontinuance of such treatment',
    'Exacerbations lasting a week or more',
    'incapacitation exists only when a licensed physician prescribes bed rest and treatment',
    'restrict routine daily activities',
    'use of approved medication(s)',
  ],
  '4.96': ["Pulmonary function tests (PFT's) are required"],
  '4.97': [
    'DLCO (SB)',
    'more than one attack per week',
    'at least monthly visits to a physician for required care of exacerbations',
    'courses of systemic (oral or parenteral) corticosteroids',
    'daily inhalational or oral bronchodilator therapy',
    'intermittent inhalational or oral bronchodilator therapy',
    'requires outpatient oxygen therapy',
    'Persistent day-time hypersomnolence',
    'continuous airway pressure (CPAP) machine',
    'requiring prolonged (lasting four to six weeks) antibiotic treatment',
    'An incapacitating episode of sinusitis means one that requires bed rest and treatment by a physician',
  ],
  '4.100': [
    'whether or not there is a need for continuous medication must be ascertained',
    'METs testing is required',
  ],
  '4.104': [
    'results in dyspnea, fatigue, angina, dizziness, or syncope',
    'ejection fraction',
    'readings taken two or more times on at least three different days',
    'documented by ECG or Holter monitor',
    'episode of acute congestive heart failure in the past year',
    'continuous medication required',
    'who requires continuous medication for control',
    'Cardioverter-Defibrillator',
    'cannot be done for medical reasons',
    'slow stair climbing or shoveling snow',
  ],
  '4.112': ['baseline weight', 'inability to regain it despite appropriate therapy'],
  '4.113': ['abdominal distress or pain, anemia and disturbances in nutrition'],
  '4.114': [
    'recurrent incapacitating episodes averaging 10 days or more in duration',
    'requiring dietary restriction or continuous medication',
    'severe enough to require bed rest and treatment by a physician',
  ],
  '4.115a': [
    'renal or voiding dysfunctions, infections',
    'Requiring regular dialysis, or precluding more than sedentary activity',
    'absorbent materials which must be changed',
    'awakening to void',
    'intermittent or continuous catheterization',
    'requiring drainage/frequent hospitalization',
    'Long-term drug therapy',
  ],
  '4.115b': ['Frequent attacks of colic', 'recurrent stone formation'],
  '4.116': [
    'Symptoms not controlled by continuous treatment',
    'Symptoms that require continuous treatment',
    'For three months after removal',
  ],
  '4.117': [
    'infections recurring, on average',
    'painful episodes per 12-month period',
    'Requiring phlebotomy',
    'transfusion of platelets or red cells',
    'intravenous iron infusions',
    'chemotherapy',
    'bone marrow transplant',
    'Requiring continuous medication',
    'When there is active disease or during a treatment phase',
    'Six months after discontinuance of such treatment',
  ],
  '4.118': [
    'percent of the entire body',
    'exposed areas affected',
    'systemic therapy is treatment that is administered through any route (orally, injection, suppository, intranasally) other than the skin',
    'phototherapy',
    'No more than topical therapy required over the past 12-month period',
    'total duration of 6 weeks or more',
    'unstable or painful',
    'frequent loss of covering of skin over the scar',
    'disfigurement of the head, face, or neck',
  ],
  '4.119': [
    'Requiring one or more daily injection of insulin, restricted diet, and regulation of activities',
    'oral hypoglycemic agent and restricted diet',
    'Manageable by restricted diet only',
    'avoidance of strenuous occupational and recreational activities',
    'episodes of ketoacidosis or hypoglycemic reactions requiring',
    'visits to a diabetic care provider',
  ],
  '4.120': ['in proportion to the impairment of motor, sensory or mental function'],
  '4.121': [
    'the seizures must be witnessed or verified at some time by a physician',
    'As to frequency, competent, consistent lay testimony',
  ],
  '4.123': ['incomplete, paralysis'],
  '4.124': ['moderate incomplete paralysis'],
  '4.124a': [
    'complete paralysis',
    'prostrating attacks occurring on an average once a month over last several months',
    'very frequent completely prostrating and prolonged attacks productive of severe economic inadaptability',
    'over the last year',
    'When continuous medication is shown necessary for the control of epilepsy, the minimum evaluation will be 10 percent',
  ],
  '4.125': ['does not conform to DSM-5', 'return the report to the examiner'],
  '4.126': [
    'frequency, severity, and duration of psychiatric symptoms, the length of remissions',
    'capacity for adjustment during periods of remission',
    "rather than solely on the examiner's assessment of the level of disability at the moment of the examination",
    'shall not assign an evaluation solely on the basis of social impairment',
  ],
  '4.128': ['continuous period of hospitalization lasting six months or more'],
  '4.130': [
    'General Rating Formula for Mental Disorders',
    'Occupational and social impairment',
    'occasional decrease in work efficiency',
    'reduced reliability and productivity',
    'intermittent periods of inability to perform occupational tasks',
    'including work or a worklike setting',
    'family relations',
    'symptoms controlled by continuous medication',
  ],
  '4.150': [
    'maximum unassisted vertical opening',
    'Lateral excursion',
    'Replaceable by prosthesis',
    'not to the loss of the alveolar process as a result of periodontal disease',
    'osteomyelitis',
    'the use of texture-modified diets must be recorded or verified by a physician',
  ],
};

/** Lower case, one space between words: table rows and re-flowed paragraphs compare alike. */
function plain(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}

function sectionText(section: string): string | undefined {
  if (section.startsWith('3.')) {
    const entry = part3.get(section);
    return entry ? [entry.title, ...entry.paragraphs].join('\n') : undefined;
  }
  return part4Text.get(section);
}

function noteOf(
  system: (typeof BODY_SYSTEMS)[number],
  step: (typeof DISABILITY_WIZARD_STEPS)[number],
) {
  const note = whyVaAsks(system, step);
  if (!note) throw new Error(`no note for ${system} / ${step}`);
  return note;
}

describe('[DOMAIN][RATING NOTES]: which pages have a note', () => {
  it('[DOMAIN]: every page of every system has one, except the trauma pages outside mental health and the last two', () => {
    for (const system of BODY_SYSTEMS)
      for (const step of DISABILITY_WIZARD_STEPS) {
        const isTrauma = (TRAUMA_STEPS as readonly string[]).includes(step);
        const expected =
          step !== 'generate' && step !== 'download' && (!isTrauma || system === 'mental');
        expect(whyVaAsks(system, step) !== null, `${system} / ${step}`).toBe(expected);
      }
    // 16 systems × 8 pages, and the four trauma pages for mental health.
    expect(NOTES).toHaveLength(16 * 8 + 4);
  });
});

describe('[DOMAIN][RATING NOTES]: what each note says', () => {
  it('[DOMAIN]: one to three short sentences of no more than 300 characters', () => {
    for (const { system, step, note } of NOTES) {
      expect(note.text.length, `${system} / ${step}`).toBeLessThanOrEqual(300);
      const sentences = note.text.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, `${system} / ${step}`).toBeGreaterThanOrEqual(1);
      expect(sentences.length, `${system} / ${step}`).toBeLessThanOrEqual(3);
      expect(note.text, `${system} / ${step}`).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('[DOMAIN]: plain words, without section signs or legal Latin', () => {
    for (const { system, step, note } of NOTES)
      expect(note.text, `${system} / ${step}`).not.toMatch(
        /§|\bCFR\b|\bDC \d|pursuant|thereof|herein|aforementioned|notwithstanding|\bshall\b/i,
      );
  });

  it('[DOMAIN]: musculoskeletal flare-ups are about lost motion', () => {
    expect(noteOf('musculoskeletal', 'flare-ups').text).toMatch(/\bmo(ve|tion)\b/);
    expect(noteOf('musculoskeletal', 'flare-ups').text).toMatch(/repeated use/);
  });

  it('[DOMAIN]: the mental-health work page is about work, and social life alone is not the basis', () => {
    expect(noteOf('mental', 'professional-impacts').text).toMatch(/\bwork\b/);
    expect(noteOf('mental', 'social-impacts').text).toMatch(/not rate on social problems alone/);
  });

  it('[DOMAIN]: systems are told apart where their rules differ', () => {
    expect(noteOf('ear', 'post-military-symptoms').text).toMatch(/audiologist/);
    expect(noteOf('respiratory', 'post-military-symptoms').text).toMatch(/FEV-1/);
    expect(noteOf('cardiovascular', 'post-military-symptoms').text).toMatch(/METs/);
    expect(noteOf('skin', 'treatments').text).toMatch(/12 months/);
    expect(noteOf('neurological', 'flare-ups').text).toMatch(/prostrating/);
    expect(noteOf('general', 'professional-impacts')).toEqual(
      noteOf('hemic', 'professional-impacts'),
    );
  });
});

describe('[DOMAIN][RATING NOTES]: citations', () => {
  it('[DOMAIN]: every note cites at least one section, each once', () => {
    for (const { system, step, note } of NOTES) {
      const sections = note.citations.map((entry) => entry.section);
      expect(sections.length, `${system} / ${step}`).toBeGreaterThan(0);
      expect(new Set(sections).size, `${system} / ${step}`).toBe(sections.length);
    }
  });

  it('[DOMAIN]: a Part 4 citation carries the section title and status of part4-status.json', () => {
    const records = new Map(STATUS.sections.map((entry) => [entry.section, entry]));
    for (const { note } of NOTES)
      for (const entry of note.citations) {
        if (entry.section.startsWith('3.')) {
          expect(entry, entry.section).toMatchObject({ status: 'unchanged', changed_on: null });
          continue;
        }
        expect(entry, entry.section).toEqual(records.get(entry.section));
      }
  });

  it('[DOMAIN]: a changed section is cited as changed, with its date', () => {
    const cited = (
      system: (typeof BODY_SYSTEMS)[number],
      step: (typeof DISABILITY_WIZARD_STEPS)[number],
      section: string,
    ) => noteOf(system, step).citations.find((entry) => entry.section === section);
    expect(cited('musculoskeletal', 'flare-ups', '4.71a')).toMatchObject({
      status: 'changed',
      changed_on: '2025-04-02',
    });
    expect(cited('mental', 'post-military-symptoms', '4.130')).toMatchObject({
      status: 'maybe_changed',
      changed_on: '2024-06-11',
    });
    expect(cited('digestive', 'post-military-symptoms', '4.114')).toMatchObject({
      status: 'changed',
      changed_on: '2024-06-11',
    });
    expect(cited('general', 'post-military-symptoms', '4.1')).toMatchObject({
      status: 'unchanged',
      changed_on: null,
    });
  });

  it('[DOMAIN]: the trauma pages cite the PTSD stressor rule, the DSM-5 rule and the formula', () => {
    const cited = new Set(
      TRAUMA_STEPS.flatMap((step) =>
        noteOf('mental', step).citations.map((entry) => entry.section),
      ),
    );
    expect([...cited].sort()).toEqual(['3.304', '4.125', '4.130']);
  });

  it('[DOMAIN]: the claim-type page cites each way to service connection', () => {
    expect(noteOf('skin', 'type').citations.map((entry) => entry.section)).toEqual([
      '3.303',
      '3.306',
      '3.310',
      '3.361',
      '3.307',
      '3.309',
    ]);
  });

  it('[DOMAIN]: every cited section has the rules the notes draw from it listed here', () => {
    for (const section of CITED) expect(RULES[section], section).toBeDefined();
  });
});

describe.skipIf(!hasText)('[DOMAIN][RATING NOTES]: citations against the regulation text', () => {
  it('[DOMAIN]: every cited Part 4 section is in the 2019 snapshot; every Part 3 one in the 2025 text, same title', () => {
    for (const section of CITED) {
      if (section.startsWith('3.')) {
        const entry = part3.get(section);
        expect(entry, section).toBeDefined();
        const cited = NOTES.flatMap(({ note }) => note.citations).find(
          (citation) => citation.section === section,
        );
        expect(cited?.title, section).toBe(entry?.title);
      } else expect(part4Text.has(section), section).toBe(true);
    }
  });

  it('[DOMAIN]: the rules the notes restate stand in the cited text', () => {
    for (const [section, rules] of Object.entries(RULES)) {
      const text = sectionText(section);
      expect(text, section).toBeDefined();
      for (const rule of rules)
        expect(plain(text ?? ''), `${section}: ${rule}`).toContain(plain(rule));
    }
  });
});
