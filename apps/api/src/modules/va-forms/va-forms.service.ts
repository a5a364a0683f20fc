import type { StepAnswers } from '@muster/contract/disabilities';
import type { Validate526Input, Validate526Result } from '@muster/contract/va-forms';
import type { Veteran } from '@muster/contract/veterans';
import {
  build526Payload,
  type Disability526,
  type Payload526,
  type Veteran526,
} from '@muster/domain/va-526/build-payload';
import { check526Rules, describe526Issues } from '@muster/domain/va-526/plain-errors';
import type { Db } from '@muster/db/client';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';
import { getClaim } from '#src/modules/claims/claims.service.ts';
import {
  exportDisabilities,
  type DisabilityExport,
} from '#src/modules/disabilities/disabilities.service.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { fillVa210966 } from './documents/va-21-0966.ts';
import { fillVa21526ezSummary } from './documents/va-21-526ez-summary.ts';
import { validate526Attributes } from './va-526-schema.ts';

type Owner = { db: Db; userId: string };

/** Today as a calendar date (UTC), for the rules that compare dates. */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

function toDisability526(disability: DisabilityExport): Disability526 {
  const step = disability.answers.find((entry) => entry.step === 'military-symptoms');
  // The step names its answers' shape; the union's type does not narrow on it.
  const answers = (step?.answers ?? null) as StepAnswers<'military-symptoms'> | null;
  return {
    id: disability.id,
    title: disability.title,
    diagnostic_code: disability.diagnostic_code,
    classification_code: disability.classification_code,
    side_of_body: disability.side_of_body,
    claim_type: disability.claim_type,
    percent: disability.percent,
    in_service_event: answers?.in_service_event ?? null,
    started_on: answers?.started_on ?? null,
    secondary_disabilities: disability.secondary_disabilities,
    exposures: disability.exposures,
    treatments: disability.treatments,
  };
}

/** The veteran record a form is for (unmasked): the claim's, else the primary; none when none. */
async function veteranOf(owner: Owner, veteranId: string | null): Promise<Veteran | null> {
  const id = veteranId ?? (await findPrimaryVeteranId(owner));
  return id ? getVeteran({ ...owner, id, reveal: true }) : null;
}

/**
 * The records a claim's forms are built from: with `claimId`, the claim's veteran record (the
 * primary one when it names none) and its disabilities in the claim's order; without, the
 * primary record and every disability, oldest first. Another user's claim is not found (404).
 */
export async function gatherClaimRecords(
  options: Owner & { claimId?: string | undefined },
): Promise<{ veteran: Veteran | null; disabilities: Disability526[] }> {
  const owner = { db: options.db, userId: options.userId };
  const claim = options.claimId ? await getClaim({ ...owner, id: options.claimId }) : null;
  const all = await exportDisabilities(owner);
  const chosen = claim
    ? claim.disabilities.flatMap((entry) => all.filter((d) => d.id === entry.id))
    : [...all].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return {
    veteran: await veteranOf(owner, claim ? claim.veteran_id : null),
    disabilities: chosen.map(toDisability526),
  };
}

/** The 526 payload and what VA's schema (and its rules in words) would refuse, in plain words. */
export function check526(options: {
  veteran: Veteran526 | null;
  disabilities: Disability526[];
  currentVaEmployee?: boolean | undefined;
  today: string;
}): { payload: Payload526; errors: Record<string, string> } {
  const payload = build526Payload({
    veteran: options.veteran,
    disabilities: options.disabilities,
    claim: { current_va_employee: options.currentVaEmployee },
    today: options.today,
  });
  const schemaErrors = describe526Issues(validate526Attributes(payload.data.attributes), payload);
  return { payload, errors: { ...check526Rules(payload, options.today), ...schemaErrors } };
}

/** `POST /va-forms/526ez/validate`. Needs no VA connection: nothing is sent to VA. */
export async function validate526(
  options: Owner & { input: Validate526Input; now?: Date },
): Promise<Validate526Result> {
  const records = await gatherClaimRecords({ ...options, claimId: options.input.claim_id });
  return check526({
    ...records,
    currentVaEmployee: options.input.current_va_employee,
    today: todayOf(options.now ?? new Date()),
  });
}

/**
 * `GET /va-forms/intent-to-file/pdf`: VA Form 21-0966 filled from the primary veteran record, the
 * compensation box checked, to print, sign and upload at VA.gov. 409 while there is no record.
 */
export async function intentToFilePdf(
  options: Owner,
): Promise<{ bytes: Uint8Array; filename: string; contentType: string }> {
  const veteran = await veteranOf(options, null);
  if (!veteran) {
    throw new AppError(ERR.INVALID_STATE, {
      detail: 'Add your veteran record first: the form is filled from it.',
    });
  }
  return {
    bytes: await fillVa210966(veteran),
    filename: 'va-21-0966-intent-to-file.pdf',
    contentType: 'application/pdf',
  };
}

/**
 * `GET /va-forms/526ez/pdf`: the 526 summarised on the outdated SEP 2019 21-526EZ, every page
 * stamped "Summary — not for filing"; the same records as `validate526`.
 */
export async function summary526Pdf(
  options: Owner & { claimId?: string | undefined; now?: Date },
): Promise<{ bytes: Uint8Array; filename: string; contentType: string }> {
  const records = await gatherClaimRecords(options);
  const { payload } = check526({ ...records, today: todayOf(options.now ?? new Date()) });
  return {
    bytes: await fillVa21526ezSummary({ veteran: records.veteran, payload }),
    filename: 'va-21-526ez-summary.pdf',
    contentType: 'application/pdf',
  };
}
