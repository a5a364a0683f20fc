import type { FakeLighthouse } from './fake-lighthouse.ts';
import {
  CLAIMS_ROOT,
  createAjv,
  loadClaimsSpec,
  responseValidators,
  type FakeApiHandler,
  type Json,
  type SpecOperation,
} from './fake-lighthouse-spec.ts';

/**
 * Benefits Claims v2's claims: `GET /veterans/{icn}/claims` and `…/claims/{id}` (scope
 * `claim.read`, for the token's own ICN). Answers come from the seeded `claims` plus every 526 the
 * fake accepted (`fake.form526.submissions`), shown as a newly received claim. Every answer is
 * checked against VA's OpenAPI document. Free of test-runner imports.
 */

/** One claim at VA, the fields both answers are built from. */
export type FakeVaClaim = {
  id: string;
  icn: string;
  claimType: string;
  claimTypeCode: string;
  endProductCode: string;
  /** `YYYY-MM-DD`. */
  claimDate: string;
  closeDate: string | null;
  /** VA's coarse status (`CLAIM_RECEIVED`, `EVIDENCE_GATHERING_REVIEW_DECISION`, …). */
  status: string;
  /** VA's current phase (`CLAIM_RECEIVED` … `COMPLETE`). */
  phaseType: string;
  phaseChangeDate: string;
  /** `phase{N}CompleteDate` → `YYYY-MM-DD`. */
  previousPhases: Record<string, string>;
  contentions: string[];
  developmentLetterSent: boolean;
  decisionLetterSent: boolean;
  documentsNeeded: boolean;
  /** As VA gives them (`displayName`, `status`, `suspenseDate`, …). */
  trackedItems: Json[];
  /** As VA gives them (`documentId`, `originalFileName`, `documentTypeLabel`, `uploadDate`). */
  supportingDocuments: Json[];
};

export type FakeClaimsState = { claims: FakeVaClaim[] };

let claimSequence = 600_400_000;

/**
 * Seeds a realistic claim in evidence gathering: a development letter sent, one item needed from
 * the veteran, one asked of a doctor, one already accepted, and two documents on file.
 */
export function seedVaClaim(
  fake: FakeLighthouse,
  overrides: Partial<FakeVaClaim> & { icn: string },
): FakeVaClaim {
  const claim: FakeVaClaim = {
    id: String(claimSequence++),
    claimType: 'Compensation',
    claimTypeCode: '020NEW',
    endProductCode: '020',
    claimDate: '2026-08-14',
    closeDate: null,
    status: 'EVIDENCE_GATHERING_REVIEW_DECISION',
    phaseType: 'GATHERING_OF_EVIDENCE',
    phaseChangeDate: '2026-09-03',
    previousPhases: { phase1CompleteDate: '2026-08-20', phase2CompleteDate: '2026-09-03' },
    contentions: ['knee strain (New)', 'tinnitus (New)'],
    developmentLetterSent: true,
    decisionLetterSent: false,
    documentsNeeded: true,
    trackedItems: [
      {
        closedDate: null,
        description: 'Tell us where you were treated for your knee after service.',
        displayName: '21-4142/21-4142a',
        overdue: false,
        receivedDate: null,
        requestedDate: '2026-09-05',
        status: 'NEEDED_FROM_YOU',
        suspenseDate: '2026-12-15',
        id: 293440,
        uploadsAllowed: true,
      },
      {
        closedDate: null,
        description: null,
        displayName: 'Private medical records',
        overdue: false,
        receivedDate: null,
        requestedDate: '2026-09-05',
        status: 'NEEDED_FROM_OTHERS',
        suspenseDate: '2026-12-01',
        id: 293441,
        uploadsAllowed: true,
      },
      {
        closedDate: '2026-09-12',
        description: null,
        displayName: 'DD214',
        overdue: false,
        receivedDate: '2026-09-10',
        requestedDate: '2026-09-05',
        status: 'ACCEPTED',
        suspenseDate: '2026-10-05',
        id: 293442,
        uploadsAllowed: false,
      },
    ],
    supportingDocuments: [
      {
        documentId: '{7C3D5F2A-1B4E-4C6D-8E9F-0A1B2C3D4E5F}',
        documentTypeLabel: 'DD214',
        originalFileName: 'dd214.pdf',
        trackedItemId: '293442',
        uploadDate: '2026-09-10',
      },
      {
        documentId: '{8D4E6A3B-2C5F-4D7E-9FA0-1B2C3D4E5F60}',
        documentTypeLabel: 'Medical Treatment Record - Non-Government Facility',
        originalFileName: 'knee-mri.pdf',
        trackedItemId: null,
        uploadDate: '2026-08-14',
      },
    ],
    ...overrides,
  };
  fake.vaClaims.claims.push(claim);
  return claim;
}

/** A 526 VA accepted: a newly received compensation claim for the conditions it names. */
function fromSubmission(submission: {
  claimId: string;
  icn: string;
  submittedAt: string;
  attributes: Json;
}): FakeVaClaim {
  const disabilities = (submission.attributes as { disabilities?: unknown }).disabilities;
  const contentions = Array.isArray(disabilities)
    ? disabilities.flatMap((d) =>
        d && typeof (d as { name?: unknown }).name === 'string'
          ? [(d as { name: string }).name]
          : [],
      )
    : [];
  const day = submission.submittedAt.slice(0, 10);
  return {
    id: submission.claimId,
    icn: submission.icn,
    claimType: 'Compensation',
    claimTypeCode: '110LCOMP7',
    endProductCode: '110',
    claimDate: day,
    closeDate: null,
    status: 'CLAIM_RECEIVED',
    phaseType: 'CLAIM_RECEIVED',
    phaseChangeDate: day,
    previousPhases: {},
    contentions,
    developmentLetterSent: false,
    decisionLetterSent: false,
    documentsNeeded: false,
    trackedItems: [],
    supportingDocuments: [],
  };
}

function listItem(claim: FakeVaClaim) {
  return {
    id: claim.id,
    type: 'claim',
    attributes: {
      baseEndProductCode: claim.endProductCode,
      claimDate: claim.claimDate,
      claimPhaseDates: { phaseChangeDate: claim.phaseChangeDate, phaseType: claim.phaseType },
      claimType: claim.claimType,
      claimTypeCode: claim.claimTypeCode,
      closeDate: claim.closeDate,
      decisionLetterSent: claim.decisionLetterSent,
      developmentLetterSent: claim.developmentLetterSent,
      documentsNeeded: claim.documentsNeeded,
      endProductCode: claim.endProductCode,
      evidenceWaiverSubmitted5103: false,
      lighthouseId: null,
      status: claim.status,
    },
  };
}

function detail(claim: FakeVaClaim) {
  return {
    data: {
      id: claim.id,
      type: 'claim',
      attributes: {
        claimTypeCode: claim.claimTypeCode,
        claimDate: claim.claimDate,
        claimPhaseDates: {
          phaseChangeDate: claim.phaseChangeDate,
          currentPhaseBack: false,
          latestPhaseType: claim.phaseType,
          previousPhases: claim.previousPhases,
        },
        claimType: claim.claimType,
        closeDate: claim.closeDate,
        contentions: claim.contentions.map((name) => ({ name })),
        decisionLetterSent: claim.decisionLetterSent,
        developmentLetterSent: claim.developmentLetterSent,
        documentsNeeded: claim.documentsNeeded,
        endProductCode: claim.endProductCode,
        evidenceWaiverSubmitted5103: false,
        errors: [],
        jurisdiction: 'National Work Queue',
        lighthouseId: null,
        maxEstClaimDate: null,
        minEstClaimDate: null,
        status: claim.status,
        submitterApplicationCode: 'EBN',
        submitterRoleCode: 'VET',
        supportingDocuments: claim.supportingDocuments,
        tempJurisdiction: 'National Work Queue',
        trackedItems: claim.trackedItems,
      },
    },
  };
}

/**
 * VA's list document declares `closeDate` a non-null date, yet an open claim has no close date:
 * VA answers null, as its document for one claim allows. The list's answers are checked with that
 * one field nullable; everything else as documented.
 */
function listOperation(operation: SpecOperation): SpecOperation {
  const copy = structuredClone(operation);
  const schema = copy.responses['200']?.content?.['application/json']?.schema as
    | { properties: { data: { items: { properties: { attributes: { properties: Json } } } } } }
    | undefined;
  const closeDate = schema?.properties.data.items.properties.attributes.properties.closeDate;
  if (closeDate) (closeDate as Json).nullable = true;
  return copy;
}

const PATH = new RegExp(`^${CLAIMS_ROOT}/veterans/([^/]+)/claims(?:/([^/]+))?$`);

export function createClaimsApi(fake: FakeLighthouse): {
  state: FakeClaimsState;
  handler: FakeApiHandler;
} {
  const state: FakeClaimsState = { claims: [] };
  const spec = loadClaimsSpec();
  const ajv = createAjv();
  const validators = {
    list: responseValidators(ajv, listOperation(spec.paths['/veterans/{veteranId}/claims']!.get!)),
    one: responseValidators(ajv, spec.paths['/veterans/{veteranId}/claims/{id}']!.get!),
  };

  /** The veteran's claims: seeded ones and the 526s VA accepted, newest last. */
  const claimsOf = (icn: string) => [
    ...state.claims.filter((claim) => claim.icn === icn),
    ...fake.form526.submissions.filter((submission) => submission.icn === icn).map(fromSubmission),
  ];

  return {
    state,
    handler: {
      handles: (method, path) => method === 'GET' && PATH.test(path),
      handle(context) {
        const match = PATH.exec(context.url.pathname)!;
        const icn = decodeURIComponent(match[1]!);
        const id = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
        const responses = id === undefined ? validators.list : validators.one;
        if (!context.authorize('claim.read', icn, responses)) return;
        if (context.failed()) return;
        if (id === undefined) {
          return context.send(200, { data: claimsOf(icn).map(listItem) }, responses);
        }
        const claim = claimsOf(icn).find((c) => c.id === id);
        if (!claim) {
          return context.send(
            404,
            { errors: [{ title: 'Resource not found', detail: 'Claim not found' }] },
            responses,
          );
        }
        return context.send(200, detail(claim), responses);
      },
    },
  };
}
