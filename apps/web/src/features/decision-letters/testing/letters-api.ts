import {
  decisionLetterSchema,
  type DecisionLetter,
  type DecisionLetterSummary,
  type LetterDecision,
} from '@muster/contract/decision-letters';
import { addDays } from '@muster/domain/deadlines';

import { json, type ApiRoutes } from '@/testing/api-mock';

import { localToday } from '../utils/countdown';

export const LETTER_ID = '7e000000-0000-4000-8000-000000000001';
/** When the letters here were given: noon UTC, the same calendar day in any test time zone. */
export const GIVEN_AT = '2026-11-20T12:00:00.000Z';

export function buildDecision(overrides: Partial<LetterDecision> = {}): LetterDecision {
  return {
    condition: 'Tinnitus',
    outcome: 'granted',
    percent: 10,
    effective_date: '2026-03-01',
    diagnostic_code: '6260',
    secondary_to: null,
    presumptive: false,
    previous_percent: null,
    staged: [],
    reasons: [
      'VA found that your tinnitus is connected to your service, and rated it at 10 percent.',
    ],
    missing: [],
    next_level: null,
    ...overrides,
  };
}

/** A letter read in full, dated 30 days ago, so its review deadlines are about 335 days off. */
export function buildLetter(overrides: Partial<DecisionLetter> = {}): DecisionLetter {
  const letterDate = addDays(localToday(), -30);
  const due = addDays(letterDate, 365);
  return decisionLetterSchema.parse({
    id: LETTER_ID,
    status: 'complete',
    progress: 100,
    error: null,
    source: 'text',
    file_id: null,
    letter_date: letterDate,
    combined_rating: 50,
    monthly_amount: 1102.04,
    decisions: [
      buildDecision({
        condition: 'Posttraumatic stress disorder',
        outcome: 'increased',
        percent: 50,
        previous_percent: 30,
        diagnostic_code: '9411',
        reasons: [
          'VA raised the rating of your posttraumatic stress disorder from 30 percent to 50 percent.',
        ],
        next_level: {
          percent: 70,
          criteria:
            'Occupational and social impairment, with deficiencies in most areas, such as work, school, family relations, judgment, thinking, or mood.',
          citation: '38 CFR 4.130, DC 9411',
          amended_on: '2021-08-10',
        },
      }),
      buildDecision({ condition: 'Left knee strain', percent: 10, diagnostic_code: '5260' }),
      buildDecision({
        condition: 'Sleep apnea',
        outcome: 'denied',
        percent: null,
        diagnostic_code: null,
        reasons: [
          'VA did not grant service connection (or the benefit asked for) for Sleep apnea.',
        ],
        missing: [
          {
            element: 'nexus',
            explanation:
              'A medical opinion linking the condition to your service (a nexus): that it is at least as likely as not (50 percent or more) caused or made worse by it.',
          },
        ],
      }),
    ],
    evidence: ['VA examination, March 2, 2026', 'Service treatment records'],
    deadlines: [
      { kind: 'supplemental-claim', due },
      { kind: 'higher-level-review', due },
      { kind: 'board-appeal', due },
    ],
    explanation: null,
    created_at: GIVEN_AT,
    updated_at: GIVEN_AT,
    ...overrides,
  });
}

export function toSummary(letter: DecisionLetter): DecisionLetterSummary {
  return {
    id: letter.id,
    status: letter.status,
    progress: letter.progress,
    error: letter.error,
    source: letter.source,
    letter_date: letter.letter_date,
    combined_rating: letter.combined_rating,
    deadlines: letter.deadlines,
    decisions_count: letter.decisions.length,
    created_at: letter.created_at,
    updated_at: letter.updated_at,
  };
}

/** The letter calls answering with these letters (newest first). */
export function lettersApi(letters: DecisionLetter[]): ApiRoutes {
  const routes: ApiRoutes = {
    'GET /decision-letters': () =>
      json({
        results: letters.map(toSummary),
        meta: { page: 1, page_size: 20, total: letters.length },
      }),
  };
  for (const letter of letters) routes[`GET /decision-letters/${letter.id}`] = json(letter);
  return routes;
}
