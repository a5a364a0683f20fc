import type { DisabilityWizardStep } from '@muster/contract/wizard-steps';
import type { BodySystem } from './body-systems.ts';
import { TRAUMA_STEPS } from './disability-wizard.ts';
import type { Part4StatusFile, SectionStatus } from './part4-status-import.ts';
import statusFile from './part4-status.json' with { type: 'json' };

/**
 * The claim wizard's "Why VA asks this" notes: for a condition's body system and a wizard page, a
 * few plain sentences on what VA's rater of that system looks at and why the page's answers
 * matter, with the regulation sections they rest on.
 *
 * - The notes are our own words. Each states only what the cited sections say: the rating
 *   schedule (38 CFR Part 4) as the 2019 text has it, and the service-connection rules
 *   (38 CFR Part 3) as eCFR has them in 2025.
 * - A Part 4 citation carries the section's status from part4-status.json (see
 *   part4-status-import.ts): a section changed since 2019, or perhaps changed, is flagged with
 *   the date eCFR recorded the change, so the page can warn that the 2019 wording may be out of
 *   date. Part 3 is cited as it reads now, so its sections are `unchanged`.
 * - A system with a rule of its own for a page gets its own note; otherwise the page's shared
 *   note, built on Part 4's general principles, applies (a free-text condition of unknown system
 *   always gets those).
 * - The four trauma pages are about PTSD and other mental-health conditions, and the wizard shows
 *   them for those alone; other systems have no note for them. Generating and downloading the
 *   statement ask nothing to explain.
 */

export type RatingCitation = {
  /** The section number, without its part's prefix: "4.71a", "3.304". */
  section: string;
  title: string;
  status: SectionStatus;
  /** When the status is not `unchanged`: the day eCFR recorded the change, if it did. */
  changed_on: string | null;
};

export type RatingNote = { text: string; citations: RatingCitation[] };

const STATUS_FILE = statusFile as Part4StatusFile;
const PART4 = new Map(STATUS_FILE.sections.map((record) => [record.section, record]));

/** The Part 3 sections the notes cite, with their titles as eCFR has them in 2025. */
const PART3_TITLES: Readonly<Record<string, string>> = {
  '3.303': 'Principles relating to service connection.',
  '3.304': 'Direct service connection; wartime and peacetime.',
  '3.306': 'Aggravation of preservice disability.',
  '3.307':
    'Presumptive service connection for chronic, tropical, or prisoner-of-war related disease, ' +
    'disease associated with exposure to certain herbicide agents, or disease associated with ' +
    'exposure to contaminants in the water supply at Camp Lejeune; wartime and service on or ' +
    'after January 1, 1947.',
  '3.309': 'Disease subject to presumptive service connection.',
  '3.310':
    'Disabilities that are proximately due to, or aggravated by, service-connected disease or ' +
    'injury.',
  '3.317': 'Compensation for certain disabilities occurring in Persian Gulf veterans.',
  '3.320': 'Claims based on exposure to fine particulate matter.',
  '3.385': 'Disability due to impaired hearing.',
  '3.361':
    'Benefits under 38 U.S.C. 1151(a) for additional disability or death due to hospital care, ' +
    'medical or surgical treatment, examination, training and rehabilitation services, or ' +
    'compensated work therapy program.',
};

type NotedStep = Exclude<DisabilityWizardStep, 'generate' | 'download'>;
type NoteSource = { text: string; sections: readonly string[] };

/** What each page's answers mean for any condition, unless its system has a rule of its own. */
const SHARED_NOTES: Record<Exclude<NotedStep, (typeof TRAUMA_STEPS)[number]>, NoteSource> = {
  type: {
    text:
      'VA pays for a condition tied to service: one that began in service, one service made ' +
      'worse, one caused or worsened by another service-connected condition, one caused by VA ' +
      'care, or one VA presumes came from service. Each needs different proof.',
    sections: ['3.303', '3.306', '3.310', '3.361', '3.307', '3.309'],
  },
  'military-symptoms': {
    text:
      'VA must see that the condition began in service. Symptoms noted while you served, and ' +
      'signs they went on after, help show it. A condition first diagnosed after service still ' +
      'counts when the evidence shows it started there, and your own account is evidence.',
    sections: ['3.303'],
  },
  'post-military-symptoms': {
    text:
      'The rater judges how much the condition limits you now, read against its whole history: ' +
      'every exam and record is weighed together. Describe how symptoms have gone since service ' +
      'and what they stop you doing today.',
    sections: ['4.1', '4.2', '4.10'],
  },
  'flare-ups': {
    text:
      'Ratings are meant to cover time lost to flare-ups, and the rater reads your whole record, ' +
      'not just one exam. Say how often flare-ups come, how long they last and what you ' +
      'cannot do during them.',
    sections: ['4.1', '4.2'],
  },
  treatments: {
    text:
      'Treatment shows how serious a condition is. A hospital stay of more than 21 days, or ' +
      'surgery needing at least a month to recover, can bring a temporary 100% rating, so list ' +
      'stays and operations with their dates.',
    sections: ['4.29', '4.30'],
  },
  'professional-impacts': {
    text:
      'Ratings stand for lost earning power, judged by how the condition limits daily life, work ' +
      'included. If service-connected conditions keep you from holding a job that pays a living, ' +
      'VA can rate you as totally disabled.',
    sections: ['4.1', '4.10', '4.16'],
  },
  'social-impacts': {
    text:
      'VA rates how a condition limits ordinary daily life, not only work: someone can be too ' +
      'disabled to work yet manage at home. Describe what you have stopped doing or need help ' +
      'with at home, with family and outside.',
    sections: ['4.10'],
  },
  exposures: {
    text:
      'For some exposures (herbicides such as Agent Orange, Camp Lejeune water, Gulf War service, ' +
      'burn pits), VA presumes listed diseases came from service, with no proof they began ' +
      'there. Where and when you served decides which lists apply.',
    sections: ['3.307', '3.309', '3.317', '3.320'],
  },
};

/** Notes of a system whose rules differ from the shared ones for a page. */
const SYSTEM_NOTES: Record<BodySystem, Partial<Record<NotedStep, NoteSource>>> = {
  musculoskeletal: {
    'military-symptoms': {
      text:
        'For an injury, the rater traces its history from the first day: how it happened, the ' +
        'treatment, how long you were out of action and how recovery went. Your account of the ' +
        'injury in service starts that history.',
      sections: ['4.41', '3.303'],
    },
    'post-military-symptoms': {
      text:
        'Joints and the spine are rated mainly on how far they move, in degrees, and on pain, ' +
        'weakness, tiring fast and poor coordination. A joint made painful or unstable by a ' +
        'healed injury earns at least the lowest paying rating.',
      sections: ['4.40', '4.45', '4.59', '4.71a'],
    },
    'flare-ups': {
      text:
        'The rater counts motion lost to pain, weakness, tiring and poor coordination, and treats ' +
        'a part that hurts with use as seriously disabled. Say how much less you can move during ' +
        'a flare-up or after repeated use, and how long it lasts.',
      sections: ['4.40', '4.45', '4.59', '4.71a'],
    },
    treatments: {
      text:
        'A joint replacement is rated 100% for a set time after the operation, and surgery or a ' +
        'cast needing recovery time can bring a temporary 100% rating. For a disc condition, bed ' +
        'rest a doctor prescribed counts toward the rating.',
      sections: ['4.30', '4.71a'],
    },
    'professional-impacts': {
      text:
        'Musculoskeletal disability means losing normal working movements: their range, ' +
        'strength, speed, coordination and endurance. Say which tasks at work you cannot do or ' +
        'must do differently, and the time you miss.',
      sections: ['4.40', '4.10'],
    },
    'social-impacts': {
      text:
        'The rater also weighs trouble standing, walking, sitting and bearing weight. Describe ' +
        'chores, errands and activities the condition stops or limits.',
      sections: ['4.45', '4.10'],
    },
  },
  eye: {
    'military-symptoms': {
      text:
        'VA must see that an eye injury or disease began in service. Needing glasses for a ' +
        'refractive error alone is not counted as a disease, so describe the injury or illness ' +
        'behind any change in your vision.',
      sections: ['3.303', '4.75'],
    },
    'post-military-symptoms': {
      text:
        'Vision is rated on your sharpness of sight with the best correction, your field of ' +
        'vision and eye-muscle problems such as double vision, measured by a licensed ' +
        'optometrist or ophthalmologist.',
      sections: ['4.75', '4.76', '4.77', '4.78'],
    },
    'flare-ups': {
      text:
        'An eye disease can be rated on its flare-ups instead of vision loss, whichever is ' +
        'higher: the rater counts the clinic visits needed to treat them in the past 12 months.',
      sections: ['4.79'],
    },
    treatments: {
      text:
        'Sight is rated as corrected by glasses, so say what correction you need. Treatment ' +
        'visits for eye flare-ups in the past year count, and some eye diseases that need ' +
        'continuous medication have a minimum rating.',
      sections: ['4.76', '4.79'],
    },
  },
  ear: {
    'military-symptoms': {
      text:
        'Say what noise you were around in service and when hearing trouble or ringing began. VA ' +
        'counts hearing loss only past set test levels, and a loss first reaching them after ' +
        'service can still be service connected if the evidence ties it to service.',
      sections: ['3.303', '3.385'],
    },
    'post-military-symptoms': {
      text:
        "Hearing loss is rated only on a licensed audiologist's tests of word recognition and " +
        'tone thresholds. Tinnitus (ringing or other noise in the ears) that keeps coming back ' +
        'gets one rating, whether heard in one ear, both or the head.',
      sections: ['4.85', '4.87'],
    },
    'flare-ups': {
      text:
        "For Meniere's disease, the rater counts how often attacks of vertigo with unsteady " +
        'walking come, from less than monthly to more than weekly. Dizziness and staggering from ' +
        'an inner-ear disorder are rated too.',
      sections: ['4.87'],
    },
    treatments: {
      text:
        'The hearing test for VA is done without hearing aids, but list any aids you use. For ear ' +
        'infections, treatment that is frequent and long-lasting is part of the rating.',
      sections: ['4.85', '4.87'],
    },
  },
  infectious: {
    'post-military-symptoms': {
      text:
        'Most infectious diseases are rated 100% while active. After that, the rater rates what ' +
        'they left behind under the body system affected, so describe every lasting effect. Some ' +
        'are rated on flare-ups or lost daily activity.',
      sections: ['4.88b'],
    },
    'flare-ups': {
      text:
        'For conditions such as lupus or chronic fatigue syndrome, the rater counts flare-ups or ' +
        'periods of incapacity a year. For chronic fatigue, only bed rest and treatment a doctor ' +
        'prescribed count as incapacity.',
      sections: ['4.88b'],
    },
    treatments: {
      text:
        'For some infections, a 100% rating goes on until six months after treatment ends, when ' +
        'an exam sets the rating. For HIV, taking approved medicines is itself a rating ' +
        'criterion.',
      sections: ['4.88b'],
    },
  },
  respiratory: {
    'post-military-symptoms': {
      text:
        'Many lung conditions are rated on breathing tests (FEV-1, FVC, DLCO). Asthma also counts ' +
        'attacks and medicines, and sleep apnea is rated on daytime sleepiness or the need for a ' +
        'breathing device such as CPAP.',
      sections: ['4.96', '4.97'],
    },
    'flare-ups': {
      text:
        'For asthma, the rater counts doctor visits needed for attacks and courses of steroid ' +
        'pills or shots each year. For sinusitis, it counts episodes a year, and those needing ' +
        'bed rest and weeks of antibiotics weigh more.',
      sections: ['4.97'],
    },
    treatments: {
      text:
        'Treatment is part of the lung criteria: inhaled or oral bronchodilators used daily or now ' +
        'and then, steroid pills or shots, oxygen at home, or a breathing device such as CPAP ' +
        'each match a rating level.',
      sections: ['4.96', '4.97'],
    },
  },
  cardiovascular: {
    'post-military-symptoms': {
      text:
        'Heart conditions are rated on the level of activity (in METs) that brings on breathlessness, ' +
        'tiredness, chest pain, dizziness or fainting, and on tests of heart size and pumping. ' +
        'High blood pressure is rated on readings repeated on different days.',
      sections: ['4.100', '4.104'],
    },
    'flare-ups': {
      text:
        'For an irregular heartbeat, the rater counts episodes a year recorded by an ECG or ' +
        'Holter monitor, and for heart failure, episodes in the past year. Note when episodes ' +
        'happened and whether they were recorded.',
      sections: ['4.104'],
    },
    treatments: {
      text:
        'Needing continuous medication is a rating criterion for heart disease and, with a ' +
        'history of high readings, for high blood pressure. List medicines, procedures and ' +
        'devices such as an implanted defibrillator.',
      sections: ['4.100', '4.104'],
    },
    'social-impacts': {
      text:
        'When an exercise test cannot be done for medical reasons, the examiner may estimate your limit from everyday ' +
        'activities such as climbing stairs or shoveling snow. Describe the activities that bring ' +
        'on symptoms.',
      sections: ['4.104', '4.10'],
    },
  },
  digestive: {
    'post-military-symptoms': {
      text:
        'Digestive conditions are rated on pain and distress, how often episodes come and how ' +
        'long they last, anemia, and weight lost against your usual weight before the illness.',
      sections: ['4.112', '4.113', '4.114'],
    },
    'flare-ups': {
      text:
        'Many digestive ratings count episodes: how many a year and how many days each lasts. ' +
        'Note how long flare-ups last and whether a doctor ordered bed rest.',
      sections: ['4.114'],
    },
    treatments: {
      text:
        'A restricted diet, continuous medication, or weight you cannot regain despite treatment ' +
        'are part of the digestive criteria. List diets, medicines and surgeries.',
      sections: ['4.112', '4.114'],
    },
  },
  genitourinary: {
    'post-military-symptoms': {
      text:
        'Genitourinary conditions are rated on their main problem: kidney function, leaking, how ' +
        'often you urinate by day and night, blocked flow, or infections.',
      sections: ['4.115a', '4.115b'],
    },
    'flare-ups': {
      text:
        'For urinary infections and kidney stone attacks, the rater counts how often they come ' +
        'and whether they need drainage or hospital stays.',
      sections: ['4.115a', '4.115b'],
    },
    treatments: {
      text:
        'Pads or an appliance and how many times a day they are changed, catheter use, dialysis, ' +
        'and long-term drug therapy each match a rating level.',
      sections: ['4.115a'],
    },
    'professional-impacts': {
      text:
        'Kidney disease that limits you to sedentary activity can reach the top rating. ' +
        'Say which physical work you can no longer do, and the time you miss.',
      sections: ['4.115a', '4.10'],
    },
  },
  gynecological: {
    'post-military-symptoms': {
      text:
        'Many conditions of the reproductive organs are rated on whether symptoms need ' +
        'continuous treatment and whether it controls them. Removal of the uterus or ovaries has ' +
        'set ratings, with 100% for three months after surgery.',
      sections: ['4.116'],
    },
    'flare-ups': {
      text:
        'Symptoms that continuous treatment does not control rate higher than symptoms it ' +
        'controls. Describe flare-ups that happen while you are on treatment.',
      sections: ['4.116'],
    },
    treatments: {
      text:
        'Whether you need continuous treatment, and whether it works, sets the level for many ' +
        'of them. List medicines and surgeries with their dates.',
      sections: ['4.116'],
    },
  },
  hemic: {
    'post-military-symptoms': {
      text:
        'Blood and lymph conditions are rated on blood counts, the treatment needed to keep ' +
        'them in range, and problems such as repeated infections. Some blood cancers are rated ' +
        '100% while active or being treated.',
      sections: ['4.117'],
    },
    'flare-ups': {
      text:
        'The rater counts how often problems recur: infections a year, painful sickle cell ' +
        'episodes, or transfusions and blood draws needed. Note each episode and hospital stay.',
      sections: ['4.117'],
    },
    treatments: {
      text:
        'Transfusions, iron infusions, chemotherapy, transplants and continuous medication each ' +
        'match a rating level. After some treatments a 100% rating goes on for six months, then ' +
        'an exam sets the rating.',
      sections: ['4.117'],
    },
  },
  skin: {
    'post-military-symptoms': {
      text:
        'Skin conditions are rated on how much of your body and of exposed skin is affected, and ' +
        'on the treatment needed in the past 12 months. Scars are rated on size, number, pain or ' +
        'breakdown, and disfigurement of head, face or neck.',
      sections: ['4.118'],
    },
    'flare-ups': {
      text:
        'The rater counts the share of your body and of exposed skin affected. Describe how far ' +
        'the rash or lesions spread during a flare-up and how many weeks a year flare-ups last.',
      sections: ['4.118'],
    },
    treatments: {
      text:
        'Treatment by mouth, injection or light therapy rates higher than creams, and the rater ' +
        'counts how many weeks you needed it in the past 12 months. List each treatment and how ' +
        'long you used it.',
      sections: ['4.118'],
    },
  },
  endocrine: {
    'post-military-symptoms': {
      text:
        'Endocrine conditions are rated on their effects and the treatment they need. For ' +
        'diabetes: insulin or pills, a restricted diet, limits on strenuous activity, and ' +
        'episodes of ketoacidosis or low blood sugar needing care.',
      sections: ['4.119'],
    },
    'flare-ups': {
      text:
        'For diabetes, the rater counts episodes of ketoacidosis or low blood sugar that needed ' +
        'hospital stays or visits to your diabetes care provider.',
      sections: ['4.119'],
    },
    treatments: {
      text:
        'Diabetes levels follow treatment: diet alone, pills or insulin with a diet, and insulin ' +
        'injections each day. List every medicine and diet your doctor prescribed.',
      sections: ['4.119'],
    },
    'professional-impacts': {
      text:
        'If you have been told to avoid strenuous work or recreation to control your diabetes, ' +
        'say so: ' +
        'that limit on activity is part of the diabetes criteria.',
      sections: ['4.119', '4.10'],
    },
  },
  neurological: {
    'post-military-symptoms': {
      text:
        'Nerve conditions are rated on lost movement, feeling or mental function, and nerve ' +
        'damage on how near it comes to complete paralysis. Migraines are rated on how often ' +
        'prostrating (disabling) attacks come.',
      sections: ['4.120', '4.123', '4.124', '4.124a'],
    },
    'flare-ups': {
      text:
        'The rater counts prostrating migraine attacks over the last several months, and seizures ' +
        'over the last year or two. A doctor must have seen a seizure at some time; people who ' +
        'saw them can tell how often they come.',
      sections: ['4.124a', '4.121'],
    },
    treatments: {
      text:
        'Needing continuous medication to control epilepsy sets a minimum rating. List medicines ' +
        'and other treatment, and how well they work.',
      sections: ['4.124a'],
    },
    'professional-impacts': {
      text:
        'The top migraine rating needs very frequent, long, prostrating attacks that severely ' +
        'harm your ability to earn a living. Say how often attacks make you stop work, leave ' +
        'early or miss days.',
      sections: ['4.124a', '4.10'],
    },
  },
  mental: {
    'military-symptoms': {
      text:
        'Symptoms noted in service help show the condition began there. If PTSD was diagnosed ' +
        'while you served and the stressor fits your service, your own account can be enough to ' +
        'show the stressor happened.',
      sections: ['3.303', '3.304'],
    },
    'post-military-symptoms': {
      text:
        'Mental conditions are rated on one formula: how much symptoms reduce your ability to ' +
        'work and get along with others. The rater uses all the evidence, not only how you were ' +
        'on the day of the exam.',
      sections: ['4.130', '4.126'],
    },
    'flare-ups': {
      text:
        'The rater weighs how often symptoms come, how bad they get and how long they last, how ' +
        'long better periods last and how you cope in them. Describe your worst periods, not ' +
        'only an average day.',
      sections: ['4.126'],
    },
    treatments: {
      text:
        'Symptoms controlled by continuous medication count toward a rating, so list every ' +
        'medicine, therapy and hospital stay. A long hospital stay can bring a 100% rating.',
      sections: ['4.130', '4.29', '4.128'],
    },
    'professional-impacts': {
      text:
        'The rating levels describe work: lower efficiency, less reliable work, tasks you ' +
        'cannot do, trouble handling stress at work. Examples of how symptoms affect your job ' +
        'are central evidence.',
      sections: ['4.130', '4.126'],
    },
    'social-impacts': {
      text:
        'Family life, relationships and self-care are part of the formula, but VA may not rate ' +
        'on social problems alone, so tie them to your symptoms and to work as well.',
      sections: ['4.130', '4.126'],
    },
    'trauma-events': {
      text:
        'Service connection for PTSD needs credible evidence that the stressful event in service ' +
        'happened. For combat, being a prisoner of war, or fear of enemy or terrorist attack that a VA ' +
        'examiner confirms, your own account can be enough if it fits your service.',
      sections: ['3.304'],
    },
    'trauma-behaviors': {
      text:
        'For an assault in service, sexual assault included, changes in behavior after it can ' +
        'help prove it happened: asking for a transfer, worse work performance, drinking or drug ' +
        'use, panic or depression with no clear cause.',
      sections: ['3.304'],
    },
    'trauma-evidences': {
      text:
        'For an assault in service, evidence from outside your service records can back your ' +
        'account: police, rape crisis center, counseling or medical records, pregnancy or STD ' +
        'tests, or statements ' +
        'from family, roommates, fellow service members or clergy.',
      sections: ['3.304'],
    },
    'trauma-criteria': {
      text:
        'VA needs a diagnosis that meets DSM-5, the psychiatric manual it uses; a report that ' +
        'does not is sent back to the examiner. Your symptoms are then rated on the general ' +
        'formula for mental disorders.',
      sections: ['4.125', '3.304', '4.130'],
    },
  },
  dental: {
    'military-symptoms': {
      text:
        'Describe the injury or disease in service. Lost teeth are rated only when jaw bone was ' +
        'lost through injury or disease such as osteomyelitis, not through gum disease.',
      sections: ['4.150', '3.303'],
    },
    'post-military-symptoms': {
      text:
        'Jaw conditions are rated on how wide you can open your mouth (in millimeters), side to ' +
        'side movement and diet limits; lost bone or teeth on whether a denture or other ' +
        'prosthesis can replace them.',
      sections: ['4.150'],
    },
    treatments: {
      text:
        'Whether a denture or other prosthesis can restore what was lost changes the rating, so ' +
        'list dental work, surgeries and appliances.',
      sections: ['4.150'],
    },
    'social-impacts': {
      text:
        'Having to eat soft, pureed or liquid food raises a jaw rating when a doctor records or ' +
        'confirms that diet. Describe what you can and cannot eat.',
      sections: ['4.150', '4.10'],
    },
  },
  general: {},
};

function citation(section: string): RatingCitation {
  const part4 = PART4.get(section);
  if (part4) return { ...part4 };
  const title = PART3_TITLES[section];
  if (title) return { section, title, status: 'unchanged', changed_on: null };
  throw new Error(`a rating note cites § ${section}, which is not in part4-status.json or Part 3`);
}

function isNotedStep(step: DisabilityWizardStep): step is NotedStep {
  return step !== 'generate' && step !== 'download';
}

function isTraumaStep(step: NotedStep): step is (typeof TRAUMA_STEPS)[number] {
  return (TRAUMA_STEPS as readonly string[]).includes(step);
}

/** Why VA asks a page's questions about a condition of `system`, or null with nothing to say. */
export function whyVaAsks(system: BodySystem, step: DisabilityWizardStep): RatingNote | null {
  if (!isNotedStep(step)) return null;
  const source =
    SYSTEM_NOTES[system][step] ?? (isTraumaStep(step) ? undefined : SHARED_NOTES[step]);
  if (!source) return null;
  return { text: source.text, citations: source.sections.map(citation) };
}
