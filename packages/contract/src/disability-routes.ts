import { ANSWER_STEPS } from './disabilities.ts';
import { DISABILITY_RECORDS, type DisabilityRecordKind } from './disability-records.ts';

/**
 * Every call of the disabilities API, as data: method, path (parameters as `:name`) and what it
 * does. The API registers exactly these (a test compares this table with the app's routes both
 * ways), and it is the list to read to know what the API offers. Paths are answered with or
 * without a trailing slash.
 */
export type DisabilityRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
};

export const DISABILITY_BASE = '/disabilities';
export const DISABILITY_PATH = `${DISABILITY_BASE}/:id`;
export const DISABILITY_BULK_PATH = `${DISABILITY_BASE}/bulk`;
export const MENTAL_HEALTH_CONDITION_PATH = `${DISABILITY_PATH}/mental-health-conditions/:conditionId`;

/** How each collection names one of its records and several, in summaries. */
const NOUNS: Record<DisabilityRecordKind, [one: string, many: string]> = {
  exposures: ['exposure', 'exposures'],
  treatments: ['treatment', 'treatments'],
  'mental-health-conditions': ['mental-health condition', 'mental-health conditions'],
  'traumatic-events': ['traumatic event', 'traumatic events'],
  'behavior-changes': ['behaviour change', 'behaviour changes'],
  'official-reports': ['official report', 'official reports'],
  'evidence-sources': ['evidence source', 'evidence sources'],
};

/** Where a collection's records live. */
export function recordCollectionPath(kind: DisabilityRecordKind): string {
  const parent =
    DISABILITY_RECORDS[kind].parent === 'disability'
      ? DISABILITY_PATH
      : MENTAL_HEALTH_CONDITION_PATH;
  return `${parent}/${kind}`;
}

/** Where one record of a collection lives. */
export function recordPath(kind: DisabilityRecordKind): string {
  return `${recordCollectionPath(kind)}/:${DISABILITY_RECORDS[kind].param}`;
}

function collection(kind: DisabilityRecordKind): DisabilityRoute[] {
  const [one, many] = NOUNS[kind];
  const of = DISABILITY_RECORDS[kind].parent === 'disability' ? 'the disability' : 'the condition';
  return [
    {
      method: 'GET',
      path: recordCollectionPath(kind),
      summary: `The ${many} of ${of}, newest first`,
    },
    { method: 'POST', path: recordCollectionPath(kind), summary: `Add a ${one}` },
    { method: 'GET', path: recordPath(kind), summary: `One ${one}` },
    { method: 'PATCH', path: recordPath(kind), summary: `Change a ${one}` },
    { method: 'DELETE', path: recordPath(kind), summary: `Delete a ${one}` },
  ];
}

const SECONDARY = `${DISABILITY_PATH}/secondary-disabilities`;
export const STATEMENTS_PATH = `${DISABILITY_PATH}/personal-statements`;
export const STATEMENT_PATH = `${STATEMENTS_PATH}/:statementId`;
export const NEXUS_LETTERS_PATH = `${DISABILITY_PATH}/nexus-letters`;
export const NEXUS_LETTER_PATH = `${NEXUS_LETTERS_PATH}/:letterId`;
export const READINESS_PATH = `${DISABILITY_PATH}/readiness`;
export const READINESS_SUMMARY_PATH = `${DISABILITY_BASE}/readiness`;
const DSM = `${MENTAL_HEALTH_CONDITION_PATH}/dsm-criteria`;

export const DISABILITY_ROUTES: readonly DisabilityRoute[] = Object.freeze([
  { method: 'GET', path: DISABILITY_BASE, summary: 'The user’s disabilities, newest first' },
  { method: 'POST', path: DISABILITY_BASE, summary: 'Add a disability (at least its title)' },
  {
    method: 'POST',
    path: DISABILITY_BULK_PATH,
    summary: 'Add up to 50 disabilities at once: all of them, or none',
  },
  {
    method: 'GET',
    path: READINESS_SUMMARY_PATH,
    summary: 'How ready each disability’s claim is, and how many are ready',
  },
  { method: 'GET', path: DISABILITY_PATH, summary: 'One disability' },
  { method: 'PATCH', path: DISABILITY_PATH, summary: 'Change a disability' },
  {
    method: 'DELETE',
    path: DISABILITY_PATH,
    summary: 'Delete a disability with everything recorded under it',
  },
  { method: 'GET', path: `${DISABILITY_PATH}/answers`, summary: 'Every wizard step’s answers' },
  ...ANSWER_STEPS.flatMap((step): DisabilityRoute[] => [
    {
      method: 'GET',
      path: `${DISABILITY_PATH}/answers/${step}`,
      summary: `The ${step} step’s answers`,
    },
    {
      method: 'PUT',
      path: `${DISABILITY_PATH}/answers/${step}`,
      summary: `Save the ${step} step’s answers whole`,
    },
  ]),
  {
    method: 'GET',
    path: SECONDARY,
    summary: 'The primaries this secondary disability rests on, newest first',
  },
  { method: 'POST', path: SECONDARY, summary: 'Name the primaries of a secondary disability' },
  { method: 'GET', path: `${SECONDARY}/:secondaryId`, summary: 'One secondary connection' },
  { method: 'PATCH', path: `${SECONDARY}/:secondaryId`, summary: 'Change a secondary connection' },
  { method: 'DELETE', path: `${SECONDARY}/:secondaryId`, summary: 'Delete a secondary connection' },
  {
    method: 'GET',
    path: READINESS_PATH,
    summary: 'How ready the claim is: diagnosis, in-service event and link to service',
  },
  {
    method: 'GET',
    path: STATEMENTS_PATH,
    summary: 'The personal statements of the disability, newest first',
  },
  {
    method: 'POST',
    path: STATEMENTS_PATH,
    summary: 'Write a personal statement: composed from the wizard’s answers, or the text sent',
  },
  {
    method: 'GET',
    path: STATEMENT_PATH,
    summary: 'One personal statement: its latest version, or the one asked for',
  },
  {
    method: 'PATCH',
    path: STATEMENT_PATH,
    summary: 'Save an edit of a personal statement as its new version',
  },
  {
    method: 'DELETE',
    path: STATEMENT_PATH,
    summary: 'Delete a personal statement with all its versions',
  },
  {
    method: 'GET',
    path: `${STATEMENT_PATH}/download-statement`,
    summary: 'Download the latest version: PDF, Word, VA Form 21-4138 or VA Form 21-0781',
  },
  {
    method: 'GET',
    path: NEXUS_LETTERS_PATH,
    summary: 'The nexus letters of the disability, newest first',
  },
  {
    method: 'POST',
    path: NEXUS_LETTERS_PATH,
    summary: 'Draft a nexus letter, its details taken from the disability unless sent',
  },
  { method: 'GET', path: NEXUS_LETTER_PATH, summary: 'One nexus letter' },
  { method: 'PATCH', path: NEXUS_LETTER_PATH, summary: 'Change a nexus letter' },
  { method: 'DELETE', path: NEXUS_LETTER_PATH, summary: 'Delete a nexus letter' },
  {
    method: 'GET',
    path: `${NEXUS_LETTER_PATH}/negative-conditions`,
    summary: 'The facts against the claim the nexus letter must address',
  },
  {
    method: 'PUT',
    path: `${NEXUS_LETTER_PATH}/negative-conditions`,
    summary: 'Replace the facts against the claim the nexus letter must address',
  },
  {
    method: 'POST',
    path: `${NEXUS_LETTER_PATH}/generate-content`,
    summary: 'Draft the nexus letter’s text from its details and the disability',
  },
  {
    method: 'GET',
    path: `${NEXUS_LETTER_PATH}/generate-letter-document`,
    summary: 'Download the nexus letter as PDF or Word',
  },
  ...collection('exposures'),
  {
    method: 'POST',
    path: `${recordPath('exposures')}/update-additional-hazards`,
    summary: 'Replace the hazards met on top of an exposure',
  },
  ...collection('treatments'),
  ...collection('mental-health-conditions'),
  ...collection('traumatic-events'),
  ...collection('behavior-changes'),
  ...collection('official-reports'),
  ...collection('evidence-sources'),
  { method: 'GET', path: DSM, summary: 'The answers to the DSM-5 PTSD criteria, A to H' },
  { method: 'GET', path: `${DSM}/:criterion`, summary: 'The answer to one DSM-5 criterion' },
  { method: 'PUT', path: `${DSM}/:criterion`, summary: 'Save the answer to one DSM-5 criterion' },
  {
    method: 'DELETE',
    path: `${DSM}/:criterion`,
    summary: 'Clear the answer to one DSM-5 criterion',
  },
]);

/** The summary of a route of the table; throws for a route the table does not list. */
export function disabilityRouteSummary(method: DisabilityRoute['method'], path: string): string {
  const route = DISABILITY_ROUTES.find((entry) => entry.method === method && entry.path === path);
  if (!route) throw new Error(`${method} ${path} is not in DISABILITY_ROUTES`);
  return route.summary;
}
