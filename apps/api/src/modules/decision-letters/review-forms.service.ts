import {
  REVIEW_KINDS,
  type DecisionLetter,
  type LetterDecision,
} from '@muster/contract/decision-letters';
import { ERR } from '@muster/contract/errors';
import type { Veteran } from '@muster/contract/veterans';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import type { FormVeteran } from '#src/lib/pdf-forms/identity.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { getLetter } from './decision-letters.service.ts';
import type { BoardDocket, ReviewFormInput } from './review-forms/review-form.ts';
import { fillVa10182 } from './review-forms/va-10182.ts';
import { fillVa200995 } from './review-forms/va-20-0995.ts';
import { fillVa200996 } from './review-forms/va-20-0996.ts';

type Owner = { db: Db; userId: string };
export type ReviewKind = (typeof REVIEW_KINDS)[number];

const isReviewKind = (kind: string): kind is ReviewKind =>
  (REVIEW_KINDS as readonly string[]).includes(kind);

type ReviewFormDefinition = {
  filename: string;
  fill: (input: ReviewFormInput, docket: BoardDocket | null) => Promise<Uint8Array>;
};

/**
 * How an issue is named on a review form, so the reviewer knows what is disputed: service
 * connection itself for a denial or a severance, the evaluation for a rating VA holds.
 */
function issueText(decision: LetterDecision): string {
  switch (decision.outcome) {
    case 'denied':
    case 'severed':
    case 'deferred':
      return `Service connection for ${decision.condition}`;
    default:
      return decision.percent === null
        ? `Evaluation of ${decision.condition}`
        : `Evaluation of ${decision.condition} (rated ${decision.percent} percent)`;
  }
}

/** The VA form of each review option, and the name it is downloaded under. */
export const REVIEW_FORMS: Record<ReviewKind, ReviewFormDefinition> = {
  'supplemental-claim': {
    filename: 'VA-20-0995-supplemental-claim.pdf',
    fill: (input) => fillVa200995(input),
  },
  'higher-level-review': {
    filename: 'VA-20-0996-higher-level-review.pdf',
    fill: (input) => fillVa200996(input),
  },
  'board-appeal': {
    filename: 'VA-10182-board-appeal.pdf',
    fill: (input, docket) => fillVa10182({ ...input, docket }),
  },
};

export type ReviewFormFile = {
  bytes: Uint8Array;
  filename: string;
  contentType: 'application/pdf';
};

function toFormVeteran(veteran: Veteran): FormVeteran {
  return {
    first_name: veteran.first_name,
    middle_name: veteran.middle_name,
    last_name: veteran.last_name,
    ssn: veteran.ssn,
    va_file_number: veteran.va_file_number,
    date_of_birth: veteran.date_of_birth,
    address: veteran.address,
    phone: veteran.phone,
    email: veteran.email,
  };
}

/** The veteran record the forms are filled from: the primary one (null when there is none). */
async function formVeteranOf(owner: Owner): Promise<FormVeteran | null> {
  const id = await findPrimaryVeteranId(owner);
  if (!id) return null;
  try {
    return toFormVeteran(await getVeteran({ ...owner, id, reveal: true }));
  } catch (error) {
    // Deleted between the two reads: the form is filled without a record.
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) return null;
    throw error;
  }
}

/**
 * The letter's decisions to put on the form, in the letter's order: those asked for by their
 * index, else every decision VA made (a deferred one is not decided yet, so it cannot be
 * reviewed).
 */
function chosenDecisions(letter: DecisionLetter, asked: readonly number[] | undefined) {
  const decisions = letter.decisions;
  if (asked === undefined) {
    const decided = decisions.filter((decision) => decision.outcome !== 'deferred');
    if (decided.length === 0) {
      throw new AppError(ERR.INVALID_STATE, {
        detail: 'This letter holds no decision that can be reviewed',
      });
    }
    return decided;
  }
  const indexes = [...new Set(asked)].sort((a, b) => a - b);
  for (const index of indexes) {
    const decision = decisions[index];
    if (!decision) {
      throw new AppError(ERR.INVALID_INPUT, {
        detail: `The letter has ${decisions.length} decision(s), numbered from 0`,
        fields: { decisions: `No decision ${index} on this letter` },
      });
    }
    if (decision.outcome === 'deferred') {
      throw new AppError(ERR.INVALID_INPUT, {
        detail: 'A deferred decision is not decided yet and cannot be reviewed',
        fields: { decisions: `Decision ${index} was deferred` },
      });
    }
  }
  return indexes.flatMap((index) => decisions[index] ?? []);
}

/**
 * The VA form of a review option for a read letter, filled from the veteran's primary record and
 * the chosen decisions (each dated by the letter), unsigned, for the veteran to check and sign.
 * Another user's letter is not found, whatever else is asked (its owner is checked first); an
 * unknown review option is refused (400), a letter not (yet) read too (409). A docket is only
 * chosen on the Board appeal.
 */
export async function reviewForm(
  options: Owner & {
    id: string;
    /** One of REVIEW_KINDS. */
    kind: string;
    decisions?: readonly number[] | undefined;
    docket?: BoardDocket | undefined;
  },
): Promise<ReviewFormFile> {
  const { db, userId, kind } = options;
  const letter = await getLetter({ db, userId, id: options.id });
  if (!isReviewKind(kind)) {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: `The review option is one of ${REVIEW_KINDS.join(', ')}`,
      fields: { kind: 'Not a review option' },
    });
  }
  if (letter.status !== 'complete') {
    throw new AppError(ERR.INVALID_STATE, {
      detail:
        letter.status === 'failed'
          ? 'The letter could not be read, so there is nothing to fill the form from'
          : 'The letter is still being read; try again when it is complete',
    });
  }
  if (options.docket !== undefined && kind !== 'board-appeal') {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: 'A docket is chosen only on a Board appeal',
      fields: { docket: 'Only for board-appeal' },
    });
  }
  const issues = chosenDecisions(letter, options.decisions).map((decision) => ({
    condition: issueText(decision),
    decisionDate: letter.letter_date,
  }));
  const veteran = await formVeteranOf({ db, userId });
  const form = REVIEW_FORMS[kind];
  return {
    bytes: await form.fill({ veteran, issues }, options.docket ?? null),
    filename: form.filename,
    contentType: 'application/pdf',
  };
}
