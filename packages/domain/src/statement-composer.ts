import type { SideOfBody } from '@muster/contract/conditions';
import { formatLongDay, formatMonthYear } from './format.ts';
import type {
  AnswerStep,
  ClaimType,
  Disability,
  EMPLOYMENT_STATUSES,
  FLARE_UP_DURATIONS,
  FREQUENCIES,
  StepAnswers,
  SYMPTOM_TRENDS,
} from '@muster/contract/disabilities';
import {
  BEHAVIOR_CHANGES,
  type BehaviorChange,
  type Exposure,
  type FACILITY_TYPES,
  type MENTAL_HEALTH_CONDITIONS,
  type MentalHealthCondition,
  type SecondaryDisability,
  type STRESSOR_TYPES,
  type TraumaticEvent,
  type Treatment,
} from '@muster/contract/disability-records';
import {
  GULF_WAR_1990_LOCATIONS,
  GULF_WAR_2001_LOCATIONS,
  HERBICIDE_LOCATIONS,
  OTHER,
  RADIATION_ACTIVITIES,
  type AdditionalHazard,
  type ExposureKind,
} from '@muster/contract/toxic-exposures';

/**
 * The offline statement composer: one disability's answers turned into a first-person personal
 * statement, in the order a VA rater reads one. The rules, in our words:
 *
 * - The veteran's own words are kept. A free-text answer goes in whole, as one unit, only trimmed;
 *   when it does not end a sentence, a final period is added (and nothing else is changed).
 * - No fact is added. Every sentence is a fixed line of `STATEMENT_TEMPLATES`, filled only with
 *   answer values: free text as written, a choice through a fixed label table
 *   (`STATEMENT_LABELS`), a date as "March 2004" or "March 3, 2004", a number as its digits, and
 *   a list joined with commas and "and".
 * - Nothing unanswered is mentioned, and a paragraph with nothing in it is left out. The opening
 *   (the condition claimed) and the closing certification are always there.
 * - Provenance is data: each sentence names its template and, for each placeholder, the answer
 *   (by path) and the text put in its place, so any sentence can be traced back to the answers.
 */

// The input ----------------------------------------------------------------------------------

export type StatementAnswers = Partial<{ [S in AnswerStep]: StepAnswers<S> }>;

export type StatementDisability = Pick<Disability, 'title'> &
  Partial<Pick<Disability, 'diagnosis' | 'claim_type' | 'side_of_body'>>;

export type StatementSecondary = {
  /** The primaries this condition rests on, by their titles. */
  primaries: { title: string }[];
  relation: SecondaryDisability['relation'];
  explanation: string | null;
};

export type StatementMentalHealth = {
  conditions: MentalHealthCondition[];
  events: TraumaticEvent[];
  behaviorChanges: BehaviorChange[];
};

export type StatementInput = {
  disability: StatementDisability;
  answers: StatementAnswers;
  exposures: Exposure[];
  treatments: Treatment[];
  /** The connection to the primaries of a secondary condition; null when there is none. */
  secondary: StatementSecondary | null;
  /** The trauma records of a mental-health condition; null for any other condition. */
  mentalHealth: StatementMentalHealth | null;
};

// The output ---------------------------------------------------------------------------------

/** The paragraphs of a statement, in the order they are written. */
export const STATEMENT_SECTIONS = [
  'opening',
  'in_service',
  'symptoms',
  'severity',
  'treatment',
  'work',
  'daily_life',
  'closing',
] as const;
export type StatementSection = (typeof STATEMENT_SECTIONS)[number];

/**
 * What fills one placeholder: `slot` is the placeholder's name, `path` the answer it comes from
 * (`post-military-symptoms.frequency`, `treatments[0].facility_name`, `disability.title`) and
 * `text` what was put in, exactly. Several values in one slot are a list, joined with commas and
 * "and" in the order given.
 */
export type StatementValue = { slot: string; path: string; text: string };

export type ComposedSentence = {
  text: string;
  /** A key of `STATEMENT_TEMPLATES`. */
  template: StatementTemplateId;
  values: StatementValue[];
};

export type ComposedStatement = {
  paragraphs: { section: StatementSection; sentences: ComposedSentence[] }[];
};

// The templates ------------------------------------------------------------------------------

/** Lines whose placeholders are all choices, dates, numbers, lists or short names. */
const FILLED_TEMPLATES = {
  opening: 'I am claiming VA disability compensation for {title}.',
  opening_claim_type: 'I am claiming VA disability compensation for {title}, {claim_type}.',
  diagnosis: 'It has been diagnosed as {diagnosis}.',
  side_of_body: 'It affects {side_of_body}.',
  secondary_primaries: 'It was {relation} by my {primaries}.',
  service_started: 'My symptoms began in {started_on}.',
  service_reported: 'While I was serving, I {reported_during_service}.',
  exposure_kind: 'During my service I was exposed to {kind}.',
  exposure_place: 'Place of exposure: {location}.',
  exposure_activity: 'Radiation-risk activity: {location}.',
  exposure_dates: 'This exposure lasted from {start_date} to {end_date}.',
  exposure_from: 'This exposure began in {start_date}.',
  exposure_until: 'This exposure lasted until {end_date}.',
  exposure_additional_hazards: 'There I was also exposed to {additional_hazards}.',
  mental_health_stressors: 'The stressors behind my {condition} involved {stressor_types}.',
  event_date: 'This happened {date_is_approximate} {date}.',
  event_mst: 'This event was {is_mst}.',
  behavior_change: 'After the event, my behavior changed: {change}.',
  behavior_change_noticed: 'I first noticed this change in {noticed_on}.',
  service_symptoms: 'During service, I had {symptoms}.',
  current_symptoms: 'Now I have {symptoms}.',
  symptom_trend: 'Since I left service, my condition has {trend}.',
  symptom_frequency: 'I have symptoms {frequency}.',
  flare_ups: 'I {has_flare_ups}.',
  flare_up_frequency: 'Flare-ups happen {frequency}.',
  flare_up_duration: 'A flare-up lasts {duration}.',
  flare_up_severity: 'I rate how bad a flare-up is at {severity} out of 10.',
  treatment_facility: 'I have received treatment at {facility_name}.',
  treatment_facility_type: 'I have received treatment at {facility_name}, {facility_type}.',
  treatment_provider: 'There I saw {provider_name}.',
  treatment_dates: 'This treatment lasted from {start_date} to {end_date}.',
  treatment_from: 'This treatment began in {start_date}.',
  treatment_until: 'This treatment lasted until {end_date}.',
  treatment_medications: 'My treatment there included {medications}.',
  employment_status: 'I am {employment_status}.',
  missed_day:
    'In a typical month I miss {missed_days_per_month} day of work or school because of it.',
  missed_days:
    'In a typical month I miss {missed_days_per_month} days of work or school because of it.',
  lost_employment: 'I {lost_employment} because of this condition.',
  closing:
    'I certify that the statements above are true and correct to the best of my knowledge and belief.',
} as const;

/**
 * Lines that end with the veteran's free text. Each also exists with a final period
 * (`<id>_period`), used when the text does not end a sentence itself.
 */
const FREE_TEXT_TEMPLATES = {
  secondary_explanation: '{explanation}',
  in_service_event: '{in_service_event}',
  report_details: 'Who I reported it to, and when: {report_details}',
  exposure_other_hazard: 'During my service I was exposed to a toxic hazard: {location_details}',
  exposure_place_details: 'The exact place was {location_details}',
  exposure_additional_details: 'Other hazards I met there: {additional_hazards_details}',
  exposure_description: '{description}',
  event_description: '{description}',
  event_location: 'The place was {location}',
  event_unit: 'I was serving with {unit}',
  behavior_change_description: '{description}',
  service_description: '{description}',
  current_description: '{description}',
  flare_up_triggers: 'What sets off a flare-up: {triggers}',
  flare_up_limitations: 'What I cannot do during a flare-up: {limitations}',
  medication_dosage: 'Dose of {name}: {dosage}',
  treatment_notes: '{notes}',
  work_description: '{description}',
  work_accommodations: 'Changes made for me at work: {accommodations}',
  daily_life_description: '{description}',
  daily_life_relationships: 'How it affects my family, friends and relationships: {relationships}',
  daily_life_tasks: 'How it affects my everyday tasks: {daily_activities}',
  daily_life_given_up: 'What I have given up because of it: {activities_given_up}',
} as const;

type FilledTemplateId = keyof typeof FILLED_TEMPLATES;
type FreeTextTemplateId = keyof typeof FREE_TEXT_TEMPLATES;
export type StatementTemplateId =
  FilledTemplateId | FreeTextTemplateId | `${FreeTextTemplateId}_period`;

const withPeriod = Object.fromEntries(
  Object.entries(FREE_TEXT_TEMPLATES).map(([id, template]) => [`${id}_period`, `${template}.`]),
) as Record<`${FreeTextTemplateId}_period`, string>;

/** Every line a statement can hold, by id; `{name}` marks where an answer goes. */
export const STATEMENT_TEMPLATES: Readonly<Record<StatementTemplateId, string>> = {
  ...FILLED_TEMPLATES,
  ...FREE_TEXT_TEMPLATES,
  ...withPeriod,
};

// The label tables ---------------------------------------------------------------------------

/** How each claim type completes the opening line. */
const CLAIM_TYPE_PHRASES: Record<ClaimType, string> = {
  direct: 'which began during my military service',
  secondary: 'which another condition of mine caused or made worse',
  worsened_by_service: 'a condition that my military service made worse',
  caused_by_va_care: 'which VA medical care caused or made worse',
  presumptive: 'which is presumed to be connected to my military service',
};

const SIDE_OF_BODY_PHRASES: Record<SideOfBody, string> = {
  left: 'my left side',
  right: 'my right side',
  bilateral: 'both sides of my body',
};

const RELATION_PHRASES: Record<SecondaryDisability['relation'], string> = {
  caused: 'caused',
  aggravated: 'made worse',
};

const REPORTED_PHRASES = {
  true: 'reported it or got care for it',
  false: 'did not report it or get care for it',
};

const FREQUENCY_PHRASES: Record<(typeof FREQUENCIES)[number], string> = {
  constant: 'all the time',
  daily: 'every day',
  several_times_a_week: 'several times a week',
  weekly: 'about once a week',
  several_times_a_month: 'several times a month',
  monthly: 'about once a month',
  less_than_monthly: 'less than once a month',
};

const TREND_PHRASES: Record<(typeof SYMPTOM_TRENDS)[number], string> = {
  better: 'gotten better',
  same: 'stayed about the same',
  worse: 'gotten worse',
};

const HAS_FLARE_UPS_PHRASES = {
  true: 'have flare-ups, when my condition gets worse for a while',
  false: 'do not have flare-ups',
};

const DURATION_PHRASES: Record<(typeof FLARE_UP_DURATIONS)[number], string> = {
  minutes: 'for minutes',
  hours: 'for hours',
  one_day: 'about a day',
  several_days: 'several days',
  a_week_or_more: 'a week or more',
};

const EMPLOYMENT_PHRASES: Record<(typeof EMPLOYMENT_STATUSES)[number], string> = {
  full_time: 'working full time',
  part_time: 'working part time',
  self_employed: 'self-employed',
  unemployed: 'not working and looking for work',
  retired: 'retired',
  student: 'in school or training',
  unable_to_work: 'unable to work',
};

const LOST_EMPLOYMENT_PHRASES = {
  true: 'have lost a job or had to change jobs',
  false: 'have not lost a job or had to change jobs',
};

/** The kinds that name what was met; `other_hazard` names its hazard instead. */
const EXPOSURE_KIND_PHRASES: Partial<Record<ExposureKind, string>> = {
  gulf_war_1990: 'environmental hazards during Gulf War service (from August 1990)',
  gulf_war_2001: 'environmental hazards during post-9/11 service (from September 2001)',
  herbicide: 'herbicides (Agent Orange)',
  burn_pits: 'burn pits and other airborne hazards',
  camp_lejeune: 'contaminated water at Camp Lejeune',
  radiation: 'radiation',
};

/** The hazards an other-hazard exposure names (its `other` is described in its own words). */
const HAZARD_PHRASES = {
  asbestos: 'asbestos',
  chemical: 'chemical and biological warfare testing (Project 112 or Project SHAD)',
  mos: 'a toxin related to my military occupational specialty (MOS)',
  mustardgas: 'mustard gas',
};

const ADDITIONAL_HAZARD_PHRASES: Record<AdditionalHazard, string> = {
  ...HAZARD_PHRASES,
  water: 'contaminated water at Camp Lejeune or MCAS New River, North Carolina',
  radiation: 'radiation',
};

/** VA's words for every listed place and radiation-risk activity (a key means one place). */
const LOCATION_LABELS: Record<string, string> = {
  ...GULF_WAR_1990_LOCATIONS,
  ...GULF_WAR_2001_LOCATIONS,
  ...HERBICIDE_LOCATIONS,
  ...RADIATION_ACTIVITIES,
};

const MENTAL_HEALTH_CONDITION_PHRASES: Partial<
  Record<(typeof MENTAL_HEALTH_CONDITIONS)[number], string>
> = {
  ptsd: 'PTSD',
  depression: 'depression',
  anxiety: 'anxiety',
  panic: 'panic disorder',
  bipolar: 'bipolar disorder',
  adjustment: 'adjustment disorder',
  substance_use: 'substance use disorder',
};

const STRESSOR_PHRASES: Record<(typeof STRESSOR_TYPES)[number], string> = {
  combat: 'combat',
  non_combat: 'an event other than combat',
  personal_assault: 'personal assault',
  military_sexual_trauma: 'military sexual trauma',
};

const APPROXIMATE_PHRASES = { true: 'around', false: 'on' };
const MST_PHRASES = { true: 'military sexual trauma' };

/** VA's words for a behaviour change, starting lower case unless the first word is an acronym. */
const BEHAVIOR_CHANGE_PHRASES: Record<string, string> = Object.fromEntries(
  Object.entries(BEHAVIOR_CHANGES).map(([key, label]) => [
    key,
    /^[A-Z][a-z]/.test(label) ? `${label.charAt(0).toLowerCase()}${label.slice(1)}` : label,
  ]),
);

const FACILITY_TYPE_PHRASES: Partial<Record<(typeof FACILITY_TYPES)[number], string>> = {
  va: 'a VA facility',
  military: 'a military facility',
  vet_center: 'a Vet Center',
  private: 'a private provider',
};

/**
 * The fixed label of each choice, by the path of the answer with list indices left out
 * (`exposures[].kind`). A value at one of these paths is the label of the answer's value;
 * booleans are looked up as `true` and `false`.
 */
export const STATEMENT_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'disability.claim_type': CLAIM_TYPE_PHRASES,
  'disability.side_of_body': SIDE_OF_BODY_PHRASES,
  'secondary.relation': RELATION_PHRASES,
  'military-symptoms.reported_during_service': REPORTED_PHRASES,
  'post-military-symptoms.frequency': FREQUENCY_PHRASES,
  'post-military-symptoms.trend': TREND_PHRASES,
  'flare-ups.has_flare_ups': HAS_FLARE_UPS_PHRASES,
  'flare-ups.frequency': FREQUENCY_PHRASES,
  'flare-ups.duration': DURATION_PHRASES,
  'professional-impacts.employment_status': EMPLOYMENT_PHRASES,
  'professional-impacts.lost_employment': LOST_EMPLOYMENT_PHRASES,
  'exposures[].kind': EXPOSURE_KIND_PHRASES,
  'exposures[].hazard': HAZARD_PHRASES,
  'exposures[].location': LOCATION_LABELS,
  'exposures[].additional_hazards[]': ADDITIONAL_HAZARD_PHRASES,
  'treatments[].facility_type': FACILITY_TYPE_PHRASES,
  'mentalHealth.conditions[].condition': MENTAL_HEALTH_CONDITION_PHRASES,
  'mentalHealth.conditions[].stressor_types[]': STRESSOR_PHRASES,
  'mentalHealth.events[].date_is_approximate': APPROXIMATE_PHRASES,
  'mentalHealth.events[].is_mst': MST_PHRASES,
  'mentalHealth.behaviorChanges[].change': BEHAVIOR_CHANGE_PHRASES,
};

/** The label-table key of a path: its list indices left out. */
export function labelPathOf(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

// Formatting ---------------------------------------------------------------------------------

/** Whether `iso` is a calendar day (`YYYY-MM-DD`) that exists. */
function isCalendarDay(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}

/** `2004-03-03` → `March 2004`; null when it is not a date. */
function monthYear(iso: string): string | null {
  return isCalendarDay(iso) ? formatMonthYear(iso) : null;
}

/** `2004-03-03` → `March 3, 2004`; null when it is not a date. */
function longDate(iso: string): string | null {
  return isCalendarDay(iso) ? formatLongDay(iso) : null;
}

/** `['a', 'b', 'c']` → `a, b and c`. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** A free-text answer as written, trimmed; null when there is nothing in it. */
function freeText(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** Whether text already ends a sentence (closing quotes and brackets may follow the mark). */
function endsSentence(text: string): boolean {
  return /[.!?…]["'”’)\]]*$/.test(text);
}

/** A template filled with its values: each `{slot}` takes the slot's values, as a list. */
export function renderTemplate(template: string, values: readonly StatementValue[]): string {
  return template.replace(/\{(\w+)\}/g, (_match, slot: string) => {
    const texts = values.filter((value) => value.slot === slot).map((value) => value.text);
    if (texts.length === 0) throw new Error(`statement template: nothing for {${slot}}`);
    return joinList(texts);
  });
}

// Composing ----------------------------------------------------------------------------------

type Value = StatementValue;

function sentence(template: StatementTemplateId, values: Value[]): ComposedSentence {
  return { text: renderTemplate(STATEMENT_TEMPLATES[template], values), template, values };
}

/** A line ending with free text: with a final period added only when the text needs one. */
function freeTextSentence(
  template: FreeTextTemplateId,
  values: Value[],
  last: Value,
): ComposedSentence {
  const id: StatementTemplateId = endsSentence(last.text) ? template : `${template}_period`;
  return sentence(id, [...values, last]);
}

const value = (slot: string, path: string, text: string): Value => ({ slot, path, text });

/** The value of a free-text answer, or null when it is unanswered. */
function textValue(slot: string, path: string, answer: string | null | undefined): Value | null {
  const text = freeText(answer);
  return text === null ? null : value(slot, path, text);
}

/** The value of a choice, through its label table; null when unanswered or without a label. */
function labelValue(
  slot: string,
  path: string,
  answer: string | boolean | null | undefined,
): Value | null {
  if (answer === null || answer === undefined) return null;
  const label = STATEMENT_LABELS[labelPathOf(path)]?.[String(answer)];
  return label === undefined ? null : value(slot, path, label);
}

function dateValue(
  slot: string,
  path: string,
  answer: string | null | undefined,
  format: (iso: string) => string | null,
): Value | null {
  const text = answer ? format(answer) : null;
  return text === null ? null : value(slot, path, text);
}

/** The items of a list answer that say something, each with its own path. */
function listValues(slot: string, path: string, answer: readonly string[] | undefined): Value[] {
  return (answer ?? []).flatMap((item, index) => {
    const found = textValue(slot, `${path}[${index}]`, item);
    return found ? [found] : [];
  });
}

/** Collects a paragraph's sentences, skipping what is unanswered. */
class Paragraph {
  readonly sentences: ComposedSentence[] = [];

  /** A filled line, when every one of its values is answered. */
  add(template: FilledTemplateId, ...values: (Value | null)[]): void {
    if (values.some((entry) => entry === null)) return;
    this.sentences.push(sentence(template, values as Value[]));
  }

  /** A line with a list, when the list has at least one item. */
  addList(template: FilledTemplateId, items: Value[], ...values: (Value | null)[]): void {
    if (items.length === 0) return;
    this.add(template, ...values, ...items);
  }

  /** A line ending with free text, when the text (and the other values) are answered. */
  addText(template: FreeTextTemplateId, last: Value | null, ...values: (Value | null)[]): void {
    if (last === null || values.some((entry) => entry === null)) return;
    this.sentences.push(freeTextSentence(template, values as Value[], last));
  }
}

/** A period: from and to, or whichever of them is known. */
function addPeriod(
  paragraph: Paragraph,
  templates: { both: FilledTemplateId; from: FilledTemplateId; until: FilledTemplateId },
  start: Value | null,
  end: Value | null,
): void {
  if (start && end) paragraph.add(templates.both, start, end);
  else if (start) paragraph.add(templates.from, start);
  else if (end) paragraph.add(templates.until, end);
}

function composeOpening(input: StatementInput): Paragraph {
  const { disability, secondary } = input;
  const paragraph = new Paragraph();
  const title = value('title', 'disability.title', disability.title.trim());
  const claimType = labelValue('claim_type', 'disability.claim_type', disability.claim_type);
  if (claimType) paragraph.add('opening_claim_type', title, claimType);
  else paragraph.add('opening', title);
  paragraph.add('diagnosis', textValue('diagnosis', 'disability.diagnosis', disability.diagnosis));
  paragraph.add(
    'side_of_body',
    labelValue('side_of_body', 'disability.side_of_body', disability.side_of_body),
  );
  if (secondary) {
    const primaries = secondary.primaries.flatMap((primary, index) => {
      const found = textValue('primaries', `secondary.primaries[${index}].title`, primary.title);
      return found ? [found] : [];
    });
    paragraph.addList(
      'secondary_primaries',
      primaries,
      labelValue('relation', 'secondary.relation', secondary.relation),
    );
    paragraph.addText(
      'secondary_explanation',
      textValue('explanation', 'secondary.explanation', secondary.explanation),
    );
  }
  return paragraph;
}

function addExposure(paragraph: Paragraph, exposure: Exposure, index: number): void {
  const at = (field: string) => `exposures[${index}].${field}`;
  const details = textValue('location_details', at('location_details'), exposure.location_details);
  if (exposure.kind === 'other_hazard') {
    if (exposure.hazard === OTHER) paragraph.addText('exposure_other_hazard', details);
    else paragraph.add('exposure_kind', labelValue('kind', at('hazard'), exposure.hazard));
  } else {
    paragraph.add('exposure_kind', labelValue('kind', at('kind'), exposure.kind));
    paragraph.add(
      exposure.kind === 'radiation' ? 'exposure_activity' : 'exposure_place',
      labelValue('location', at('location'), exposure.location),
    );
  }
  if (exposure.kind !== 'other_hazard' || exposure.hazard !== OTHER) {
    paragraph.addText('exposure_place_details', details);
  }
  addPeriod(
    paragraph,
    { both: 'exposure_dates', from: 'exposure_from', until: 'exposure_until' },
    dateValue('start_date', at('start_date'), exposure.start_date, monthYear),
    dateValue('end_date', at('end_date'), exposure.end_date, monthYear),
  );
  paragraph.addList(
    'exposure_additional_hazards',
    exposure.additional_hazards.flatMap((hazard, hazardIndex) => {
      const found = labelValue(
        'additional_hazards',
        `${at('additional_hazards')}[${hazardIndex}]`,
        hazard,
      );
      return found ? [found] : [];
    }),
  );
  paragraph.addText(
    'exposure_additional_details',
    textValue(
      'additional_hazards_details',
      at('additional_hazards_details'),
      exposure.additional_hazards_details,
    ),
  );
  paragraph.addText(
    'exposure_description',
    textValue('description', at('description'), exposure.description),
  );
}

function addMentalHealth(paragraph: Paragraph, mentalHealth: StatementMentalHealth): void {
  mentalHealth.conditions.forEach((condition, index) => {
    const at = (field: string) => `mentalHealth.conditions[${index}].${field}`;
    const stressors = condition.stressor_types.flatMap((stressor, stressorIndex) => {
      const found = labelValue(
        'stressor_types',
        `${at('stressor_types')}[${stressorIndex}]`,
        stressor,
      );
      return found ? [found] : [];
    });
    // A condition the list does not name is called by the veteran's own name for it.
    const name =
      condition.condition === OTHER
        ? textValue('condition', at('condition_details'), condition.condition_details)
        : labelValue('condition', at('condition'), condition.condition);
    paragraph.addList('mental_health_stressors', stressors, name);
  });
  mentalHealth.events.forEach((event, index) => {
    const at = (field: string) => `mentalHealth.events[${index}].${field}`;
    paragraph.addText(
      'event_description',
      textValue('description', at('description'), event.description),
    );
    paragraph.add(
      'event_date',
      labelValue('date_is_approximate', at('date_is_approximate'), event.date_is_approximate),
      dateValue('date', at('date'), event.date, longDate),
    );
    paragraph.addText('event_location', textValue('location', at('location'), event.location));
    paragraph.addText('event_unit', textValue('unit', at('unit'), event.unit));
    if (event.is_mst) paragraph.add('event_mst', labelValue('is_mst', at('is_mst'), true));
  });
  mentalHealth.behaviorChanges.forEach((change, index) => {
    const at = (field: string) => `mentalHealth.behaviorChanges[${index}].${field}`;
    const description = textValue('description', at('description'), change.description);
    if (change.change === OTHER && description === null) return;
    paragraph.add('behavior_change', labelValue('change', at('change'), change.change));
    paragraph.addText('behavior_change_description', description);
    paragraph.add(
      'behavior_change_noticed',
      dateValue('noticed_on', at('noticed_on'), change.noticed_on, monthYear),
    );
  });
}

/** The event or exposure in service: what happened, when, whether it was reported. */
function composeInService(input: StatementInput): Paragraph {
  const paragraph = new Paragraph();
  const service = input.answers['military-symptoms'];
  const at = (field: string) => `military-symptoms.${field}`;
  if (service) {
    paragraph.addText(
      'in_service_event',
      textValue('in_service_event', at('in_service_event'), service.in_service_event),
    );
    paragraph.add(
      'service_started',
      dateValue('started_on', at('started_on'), service.started_on, monthYear),
    );
    paragraph.add(
      'service_reported',
      labelValue(
        'reported_during_service',
        at('reported_during_service'),
        service.reported_during_service,
      ),
    );
    paragraph.addText(
      'report_details',
      textValue('report_details', at('report_details'), service.report_details),
    );
  }
  input.exposures.forEach((exposure, index) => addExposure(paragraph, exposure, index));
  if (input.mentalHealth) addMentalHealth(paragraph, input.mentalHealth);
  return paragraph;
}

/** Symptoms then (in service) and now. */
function composeSymptoms(input: StatementInput): Paragraph {
  const paragraph = new Paragraph();
  const service = input.answers['military-symptoms'];
  if (service) {
    paragraph.addList(
      'service_symptoms',
      listValues('symptoms', 'military-symptoms.symptoms', service.symptoms),
    );
    paragraph.addText(
      'service_description',
      textValue('description', 'military-symptoms.description', service.description),
    );
  }
  const current = input.answers['post-military-symptoms'];
  if (current) {
    const at = (field: string) => `post-military-symptoms.${field}`;
    paragraph.addList('current_symptoms', listValues('symptoms', at('symptoms'), current.symptoms));
    paragraph.addText(
      'current_description',
      textValue('description', at('description'), current.description),
    );
    paragraph.add('symptom_trend', labelValue('trend', at('trend'), current.trend));
  }
  return paragraph;
}

/** How often, and how bad: the symptoms' frequency, then the flare-ups. */
function composeSeverity(input: StatementInput): Paragraph {
  const paragraph = new Paragraph();
  paragraph.add(
    'symptom_frequency',
    labelValue(
      'frequency',
      'post-military-symptoms.frequency',
      input.answers['post-military-symptoms']?.frequency,
    ),
  );
  const flareUps = input.answers['flare-ups'];
  if (flareUps) {
    const at = (field: string) => `flare-ups.${field}`;
    paragraph.add(
      'flare_ups',
      labelValue('has_flare_ups', at('has_flare_ups'), flareUps.has_flare_ups),
    );
    // Whoever says there are no flare-ups is not described any.
    if (flareUps.has_flare_ups !== false) {
      paragraph.add(
        'flare_up_frequency',
        labelValue('frequency', at('frequency'), flareUps.frequency),
      );
      paragraph.add('flare_up_duration', labelValue('duration', at('duration'), flareUps.duration));
      if (typeof flareUps.severity === 'number') {
        paragraph.add(
          'flare_up_severity',
          value('severity', at('severity'), String(flareUps.severity)),
        );
      }
      paragraph.addText(
        'flare_up_triggers',
        textValue('triggers', at('triggers'), flareUps.triggers),
      );
      paragraph.addText(
        'flare_up_limitations',
        textValue('limitations', at('limitations'), flareUps.limitations),
      );
    }
  }
  return paragraph;
}

function composeTreatment(input: StatementInput): Paragraph {
  const paragraph = new Paragraph();
  input.treatments.forEach((treatment, index) => {
    const at = (field: string) => `treatments[${index}].${field}`;
    const facility = textValue('facility_name', at('facility_name'), treatment.facility_name);
    if (facility === null) return;
    const facilityType = labelValue('facility_type', at('facility_type'), treatment.facility_type);
    if (facilityType) paragraph.add('treatment_facility_type', facility, facilityType);
    else paragraph.add('treatment_facility', facility);
    paragraph.add(
      'treatment_provider',
      textValue('provider_name', at('provider_name'), treatment.provider_name),
    );
    addPeriod(
      paragraph,
      { both: 'treatment_dates', from: 'treatment_from', until: 'treatment_until' },
      dateValue('start_date', at('start_date'), treatment.start_date, monthYear),
      dateValue('end_date', at('end_date'), treatment.end_date, monthYear),
    );
    const medications = treatment.medications.flatMap((medication, medicationIndex) => {
      const found = textValue(
        'medications',
        `${at('medications')}[${medicationIndex}].name`,
        medication.name,
      );
      return found ? [{ medication, medicationIndex, found }] : [];
    });
    paragraph.addList(
      'treatment_medications',
      medications.map((entry) => entry.found),
    );
    for (const { medication, medicationIndex, found } of medications) {
      const path = `${at('medications')}[${medicationIndex}]`;
      paragraph.addText(
        'medication_dosage',
        textValue('dosage', `${path}.dosage`, medication.dosage),
        value('name', found.path, found.text),
      );
    }
    paragraph.addText('treatment_notes', textValue('notes', at('notes'), treatment.notes));
  });
  return paragraph;
}

function composeWork(input: StatementInput): Paragraph {
  const paragraph = new Paragraph();
  const work = input.answers['professional-impacts'];
  if (!work) return paragraph;
  const at = (field: string) => `professional-impacts.${field}`;
  paragraph.add(
    'employment_status',
    labelValue('employment_status', at('employment_status'), work.employment_status),
  );
  const missed = work.missed_days_per_month;
  // No days missed says nothing about the claim, so it is left out.
  if (typeof missed === 'number' && missed > 0) {
    paragraph.add(
      missed === 1 ? 'missed_day' : 'missed_days',
      value('missed_days_per_month', at('missed_days_per_month'), String(missed)),
    );
  }
  paragraph.add(
    'lost_employment',
    labelValue('lost_employment', at('lost_employment'), work.lost_employment),
  );
  paragraph.addText(
    'work_description',
    textValue('description', at('description'), work.description),
  );
  paragraph.addText(
    'work_accommodations',
    textValue('accommodations', at('accommodations'), work.accommodations),
  );
  return paragraph;
}

function composeDailyLife(input: StatementInput): Paragraph {
  const paragraph = new Paragraph();
  const life = input.answers['social-impacts'];
  if (!life) return paragraph;
  const at = (field: string) => `social-impacts.${field}`;
  paragraph.addText(
    'daily_life_description',
    textValue('description', at('description'), life.description),
  );
  paragraph.addText(
    'daily_life_relationships',
    textValue('relationships', at('relationships'), life.relationships),
  );
  paragraph.addText(
    'daily_life_tasks',
    textValue('daily_activities', at('daily_activities'), life.daily_activities),
  );
  paragraph.addText(
    'daily_life_given_up',
    textValue('activities_given_up', at('activities_given_up'), life.activities_given_up),
  );
  return paragraph;
}

function composeClosing(): Paragraph {
  const paragraph = new Paragraph();
  paragraph.add('closing');
  return paragraph;
}

const COMPOSERS: Record<StatementSection, (input: StatementInput) => Paragraph> = {
  opening: composeOpening,
  in_service: composeInService,
  symptoms: composeSymptoms,
  severity: composeSeverity,
  treatment: composeTreatment,
  work: composeWork,
  daily_life: composeDailyLife,
  closing: composeClosing,
};

/** One disability's answers as a personal statement, with where each sentence comes from. */
export function composeStatement(input: StatementInput): ComposedStatement {
  return {
    paragraphs: STATEMENT_SECTIONS.flatMap((section) => {
      const { sentences } = COMPOSERS[section](input);
      return sentences.length > 0 ? [{ section, sentences }] : [];
    }),
  };
}

/** The statement as plain text: sentences joined by a space, paragraphs by a blank line. */
export function statementText(composed: ComposedStatement): string {
  return composed.paragraphs
    .map((paragraph) => paragraph.sentences.map((entry) => entry.text).join(' '))
    .join('\n\n');
}
