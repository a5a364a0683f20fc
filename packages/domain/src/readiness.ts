import type { DisabilityWizardStep } from '@muster/contract/wizard-steps';
import type {
  EvidenceSource,
  Exposure as ExposureRecord,
  OfficialReport,
} from '@muster/contract/disability-records';
import {
  READINESS_ELEMENTS,
  type NextStep,
  type NextStepAction,
  type Readiness,
  type ReadinessElement,
  type ReadinessElementName,
  type ReadinessStatus,
  type ReadinessSummary,
} from '@muster/contract/readiness';
import {
  MAX_EXPOSURES,
  checkExposures,
  presumptiveMatches,
  type Exposure,
  type PresumptiveResult,
} from './presumptive.ts';
import type { StatementInput, StatementMentalHealth } from './statement-composer.ts';
import { inSentence } from './format.ts';

/**
 * Claim readiness: for one disability, how far each element of service connection is shown, and
 * the one thing to do next. The rules, in our words:
 *
 * Diagnosis
 * - Met when a diagnosis is recorded and something medical backs it: a treatment record, or
 *   medical records in the vault. Weak when only one of the two is there; missing when neither is
 *   (then the veteran should see a doctor).
 *
 * The event in service (or what stands for it)
 * - Met when VA has something besides the veteran's word: service records in the vault; an
 *   official report of a traumatic event; an event described and reported while serving (sick
 *   call, a medic, a commander: the report sits in the service records); an exposure at a place on
 *   a presumptive list for this condition; or a signed buddy statement (a witness's account).
 * - The veteran's own account is enough where VA says so. For a combat stressor, VA accepts the
 *   veteran's own statement of it, when it fits the circumstances of their service (38 CFR
 *   3.304(f)(2)). For personal assault or military sexual trauma, VA accepts evidence from outside
 *   the service records, behaviour changes after the event among it (38 CFR 3.304(f)(5)): a
 *   traumatic event with a behaviour change, or with an evidence source in hand, is met.
 * - Weak when there is only the veteran's own account: an event described but not reported,
 *   symptoms in service, a traumatic event with nothing beside it, an exposure no presumption
 *   covers, a saved personal statement. Missing otherwise.
 * - A secondary condition rests on its primary's service connection: a linked primary that VA has
 *   rated meets this element, a linked primary not rated yet makes it weak (its own claim must
 *   show the event).
 * - A condition VA care caused needs no event in service: the event is the VA care. A treatment at
 *   a VA facility meets it, the veteran's own account makes it weak.
 *
 * The link to service (by basis)
 * - The basis is presumptive when the claim type is, or when an exposure qualifies for a
 *   presumptive list of this condition (then the law makes the link, whatever type was picked);
 *   otherwise it is the claim type (direct when none is picked yet).
 * - Presumptive: met when an exposure qualifies; missing otherwise (add the exposure; or, for a
 *   condition on no presumptive list, get a nexus letter).
 * - Secondary: met when a primary is linked, VA has rated it, and a nexus letter is signed; weak
 *   when a primary is linked but the letter is not signed or the primary is not rated; missing
 *   when no primary is linked.
 * - Direct, worsened by service, caused by VA care: met with a signed nexus letter. Weak with a
 *   drafted one, or with symptoms since service: symptoms in service answered and how they went
 *   since given (continuity, 38 CFR 3.303(b); VA weighs it fully only for the chronic diseases of
 *   3.309(a), so it stays weak). Missing otherwise.
 *
 * The next step of the whole claim is the next step of the first missing element (diagnosis, then
 * the event, then the link), else of the first weak one, else none: the claim is ready.
 */

export type ReadinessMentalHealth = StatementMentalHealth & {
  /** Official reports of the events (police, restricted or unrestricted, chain of command). */
  reports?: OfficialReport[];
  /** Who or what else can tell of the event or the change in the veteran. */
  evidenceSources?: EvidenceSource[];
};

export type ReadinessInput = Omit<StatementInput, 'mentalHealth'> & {
  disabilityId: string;
  mentalHealth: ReadinessMentalHealth | null;
  /** For a secondary claim: at least one linked primary has a VA rating. */
  primariesRated: boolean;
  /** Personal statements saved for the disability. */
  statements: number;
  documents?: { service_records: number; medical_records: number };
  /** `latestDraftId`: the newest letter not signed yet, which a next step opens to finish it. */
  nexusLetters?: { drafted: number; signed: number; latestDraftId?: string | null };
  buddyStatements?: { signed: number };
  /** The current day, YYYY-MM-DD: exposure dates may not pass it. */
  today: string;
};

type Basis = Readiness['basis'];

/** What an element's rules found: its status, what supports it, and what to do next. */
type Finding = {
  status: ReadinessStatus;
  supports: string[];
  next: NextStep | null;
};

// Next steps ---------------------------------------------------------------------------------

const wizardPath = (disabilityId: string, step: DisabilityWizardStep) =>
  `/disabilities/${disabilityId}/${step}`;

/** A new nexus letter or buddy statement opens with the disability already chosen. */
const newNexusLetterPath = (disabilityId: string) =>
  `/nexus/new?disability=${encodeURIComponent(disabilityId)}`;
const buddyStatementPath = (disabilityId: string) =>
  `/disabilities/buddy-statement/new?disability=${encodeURIComponent(disabilityId)}`;

/** Finishing a letter already drafted opens that letter; otherwise a new one for the disability. */
function nexusLetterPath(input: ReadinessInput): string {
  const draftId = input.nexusLetters?.latestDraftId;
  return draftId ? `/nexus/${encodeURIComponent(draftId)}` : newNexusLetterPath(input.disabilityId);
}
const VAULT_PATH = '/vault';

const step = (action: NextStepAction, text: string, path: string | null): NextStep => ({
  action,
  text,
  path,
});

// Presumptions -------------------------------------------------------------------------------

/** The exposures the presumptive lists can judge: a listed place, and readable dates. */
function presumptiveExposures(exposures: readonly ExposureRecord[], today: string): Exposure[] {
  return exposures.flatMap((record) => {
    if (record.kind === 'other_hazard') return [];
    const location = record.kind === 'camp_lejeune' ? 'camp_lejeune' : record.location;
    if (!location || location === 'other') return [];
    const exposure: Exposure = {
      kind: record.kind,
      location,
      from: record.start_date ?? undefined,
      to: record.end_date ?? undefined,
    };
    // An exposure the lists cannot read (a date past today) is not judged: it presumes nothing.
    return checkExposures([exposure], today).length === 0 ? [exposure] : [];
  });
}

/**
 * How the presumptive lists judge the condition with these exposures. The diagnosis is tried
 * first, as the doctor's name for it, then the title.
 */
function presumption(input: ReadinessInput): PresumptiveResult | null {
  // The lists judge at most MAX_EXPOSURES at once: more than that is not a real service history.
  const judged = presumptiveExposures(input.exposures, input.today).slice(0, MAX_EXPOSURES);
  const names = [input.disability.diagnosis, input.disability.title]
    .map((name) => name?.trim() ?? '')
    .filter((name) => name.length > 0 && name.length <= 200);
  let firstNamed: PresumptiveResult | null = null;
  for (const name of names) {
    const result = presumptiveMatches({
      condition: { name },
      exposures: judged,
      today: input.today,
    });
    if (result.matches.length > 0) return result;
    firstNamed ??= result.lists.length > 0 ? result : null;
  }
  return firstNamed;
}

// The elements -------------------------------------------------------------------------------

function diagnosisFinding(input: ReadinessInput): Finding {
  const { disability, treatments, disabilityId } = input;
  const medicalRecords = input.documents?.medical_records ?? 0;
  const title = inSentence(disability.title);
  const diagnosis = disability.diagnosis?.trim();
  const supports: string[] = [];
  if (diagnosis) supports.push(`Diagnosis recorded: ${diagnosis}`);
  for (const treatment of treatments) supports.push(`Treatment at ${treatment.facility_name}`);
  if (medicalRecords > 0) supports.push(`Medical records in your vault: ${medicalRecords}`);
  const backed = treatments.length > 0 || medicalRecords > 0;

  if (diagnosis && backed) return { status: 'met', supports, next: null };
  if (diagnosis) {
    return {
      status: 'weak',
      supports,
      next: step(
        'add_treatment',
        `Add the doctor or clinic that diagnosed and treats your ${title}, so VA can find the records behind the diagnosis.`,
        wizardPath(disabilityId, 'treatments'),
      ),
    };
  }
  if (backed) {
    return {
      status: 'weak',
      supports,
      next: step(
        'record_diagnosis',
        `Write down the diagnosis your doctor gave for your ${title}, as it appears in your medical records.`,
        `/disabilities/${disabilityId}`,
      ),
    };
  }
  return {
    status: 'missing',
    supports,
    next: step(
      'see_doctor',
      `See a doctor about your ${title} and ask for a diagnosis, since VA needs a current diagnosis to grant a claim.`,
      null,
    ),
  };
}

const STRESSOR_WITH_OWN_RULES = ['personal_assault', 'military_sexual_trauma'] as const;

/** The in-service rules every basis shares (see the module comment). */
function inServiceFinding(
  input: ReadinessInput,
  basis: Basis,
  presumed: PresumptiveResult | null,
): Finding {
  const { answers, mentalHealth, disabilityId } = input;
  const title = inSentence(input.disability.title);
  const serviceRecords = input.documents?.service_records ?? 0;
  const buddies = input.buddyStatements?.signed ?? 0;
  const service = answers['military-symptoms'];
  const described = Boolean(service?.in_service_event?.trim());
  const reported = service?.reported_during_service === true;
  const events = mentalHealth?.events ?? [];
  const reports = mentalHealth?.reports ?? [];
  const stressors = new Set(mentalHealth?.conditions.flatMap((entry) => entry.stressor_types));
  const isCombat = stressors.has('combat');
  const isAssault =
    STRESSOR_WITH_OWN_RULES.some((type) => stressors.has(type)) ||
    events.some((event) => event.is_mst);
  const markers =
    (mentalHealth?.behaviorChanges.length ?? 0) +
    (mentalHealth?.evidenceSources ?? []).filter((source) => source.obtained === true).length;

  const strong: string[] = [];
  if (serviceRecords > 0) strong.push(`Service records in your vault: ${serviceRecords}`);
  if (reports.length > 0) strong.push(`Official reports of the event: ${reports.length}`);
  if (described && reported) strong.push('Event described and reported during service');
  for (const match of presumed?.matches ?? []) {
    strong.push(`Exposure on a presumptive list: ${match.place.label} (${match.list.citation})`);
  }
  if (buddies > 0) strong.push(`Signed buddy statements: ${buddies}`);
  // VA takes the veteran's own account of a combat stressor once records show the veteran served
  // in combat (a combat award or duty in a combat zone in the service records); without them the
  // account alone is the veteran's word.
  const combatAccount = isCombat && events.length > 0;
  if (combatAccount && serviceRecords > 0) {
    strong.push(
      'Combat stressor described, with service records: VA accepts your own account of it',
    );
  }
  if (isAssault && events.length > 0 && markers > 0) {
    strong.push('Behavior changes or other evidence of the event, which VA accepts for it');
  }

  const own: string[] = [];
  if (described && !reported) own.push('Event described in your words');
  if (!described && reported) own.push('Reported during service');
  if (!described && (service?.symptoms?.length || service?.description?.trim())) {
    own.push('Symptoms during service described');
  }
  if (events.length > 0 && strong.length === 0)
    own.push(`Traumatic events described: ${events.length}`);
  if (input.exposures.length > 0 && (presumed?.matches.length ?? 0) === 0) {
    own.push(`Exposures recorded: ${input.exposures.length}`);
  }
  if (input.statements > 0) own.push(`Personal statements saved: ${input.statements}`);

  if (strong.length > 0) return { status: 'met', supports: [...strong, ...own], next: null };
  if (own.length > 0) {
    let next: NextStep;
    if (reported && !described) {
      next = step(
        'describe_in_service_event',
        `Describe the event in service that your ${title} goes back to, since you reported it then.`,
        wizardPath(disabilityId, 'military-symptoms'),
      );
    } else if (combatAccount) {
      next = step(
        'add_service_records',
        `Upload records that show you served in combat (a DD-214 listing a combat award, such as a Combat Action Ribbon, Combat Infantryman Badge or Purple Heart, or orders to a combat zone), so VA accepts your own account of what happened.`,
        VAULT_PATH,
      );
    } else if (mentalHealth) {
      next = step(
        'buddy_statement',
        `Ask someone who knew you then for a buddy statement about what happened or how you changed afterwards.`,
        buddyStatementPath(disabilityId),
      );
    } else {
      next = step(
        'add_service_records',
        `Upload your service treatment or personnel records to your vault, so VA sees the event behind your ${title} in your file.`,
        VAULT_PATH,
      );
    }
    return { status: 'weak', supports: own, next };
  }
  let next: NextStep;
  if (basis === 'presumptive') {
    next = step(
      'add_exposure',
      `Add where you served and what you were exposed to, so VA can presume your ${title} came from your service.`,
      wizardPath(disabilityId, 'exposures'),
    );
  } else if (mentalHealth) {
    next = step(
      'describe_in_service_event',
      `Describe the traumatic event in service behind your ${title}: what happened, when and where.`,
      wizardPath(disabilityId, 'trauma-events'),
    );
  } else {
    next = step(
      'describe_in_service_event',
      `Describe the event, injury or exposure in service that your ${title} goes back to.`,
      wizardPath(disabilityId, 'military-symptoms'),
    );
  }
  return { status: 'missing', supports: [], next };
}

/** A secondary condition: the primary's service connection stands for the event. */
function secondaryInServiceFinding(input: ReadinessInput, shared: Finding): Finding {
  const primaries = input.secondary?.primaries ?? [];
  if (shared.status === 'met') return shared;
  const names = primaries.map((primary) => primary.title.trim()).join(', ');
  if (primaries.length > 0 && input.primariesRated) {
    return {
      status: 'met',
      supports: [`Rated by VA: ${names}`, ...shared.supports],
      next: null,
    };
  }
  if (primaries.length > 0) {
    return {
      status: 'weak',
      supports: [`Linked, not rated yet: ${names}`, ...shared.supports],
      next: step(
        'link_primary',
        `Link a condition VA has already rated, or claim ${inSentence(primaries[0]?.title ?? '')} as well, since a secondary claim rests on a service-connected condition.`,
        wizardPath(input.disabilityId, 'type'),
      ),
    };
  }
  // Nothing linked: linking the primary is what a secondary claim needs first.
  return { status: shared.status, supports: shared.supports, next: linkPrimaryStep(input) };
}

/**
 * A condition VA care caused: the VA care is the event, so service records and events in service
 * do not count for it.
 */
function vaCareInServiceFinding(input: ReadinessInput): Finding {
  const vaCare = input.treatments.filter((treatment) => treatment.facility_type === 'va');
  if (vaCare.length > 0) {
    return {
      status: 'met',
      supports: vaCare.map((treatment) => `VA care at ${treatment.facility_name}`),
      next: null,
    };
  }
  const medicalRecords = input.documents?.medical_records ?? 0;
  const supports = [
    ...(input.statements > 0 ? [`Personal statements saved: ${input.statements}`] : []),
    ...(medicalRecords > 0 ? [`Medical records in your vault: ${medicalRecords}`] : []),
  ];
  return {
    status: supports.length > 0 ? 'weak' : 'missing',
    supports,
    next: step(
      'add_treatment',
      `Add the VA hospital or clinic whose care caused your ${inSentence(input.disability.title)}, with the dates of that care.`,
      wizardPath(input.disabilityId, 'treatments'),
    ),
  };
}

function linkPrimaryStep(input: ReadinessInput): NextStep {
  return step(
    'link_primary',
    `Link the service-connected condition that caused or worsened your ${inSentence(input.disability.title)}.`,
    wizardPath(input.disabilityId, 'type'),
  );
}

/** The words a nexus letter must say for each basis it is written for. */
function nexusLetterText(input: ReadinessInput, basis: Basis, drafted: boolean): string {
  const title = inSentence(input.disability.title);
  const cause =
    basis === 'secondary'
      ? `caused or made worse by your ${joinTitles(input)}`
      : basis === 'worsened_by_service'
        ? 'made worse by your service beyond its natural progress'
        : basis === 'caused_by_va_care'
          ? 'caused by your VA care'
          : 'caused by your service';
  return drafted
    ? `Have your doctor review and sign your nexus letter saying your ${title} is at least as likely as not ${cause}.`
    : `Ask your doctor to write a nexus letter saying your ${title} is at least as likely as not ${cause}.`;
}

function joinTitles(input: ReadinessInput): string {
  const titles = (input.secondary?.primaries ?? []).map((primary) => inSentence(primary.title));
  if (titles.length <= 1) return titles[0] ?? 'primary condition';
  return `${titles.slice(0, -1).join(', ')} or ${titles[titles.length - 1] ?? ''}`;
}

function nexusFinding(
  input: ReadinessInput,
  basis: Basis,
  presumed: PresumptiveResult | null,
): Finding {
  const signed = input.nexusLetters?.signed ?? 0;
  const drafted = input.nexusLetters?.drafted ?? 0;
  const title = inSentence(input.disability.title);
  const letters = nexusLetterSupports(input);

  if (basis === 'presumptive') {
    const matches = presumed?.matches ?? [];
    if (matches.length > 0) {
      const lists = [
        ...new Set(matches.map((match) => `${match.list.title} (${match.list.citation})`)),
      ];
      return {
        status: 'met',
        supports: lists.map((list) => `Presumed by law: ${list}`),
        next: null,
      };
    }
    // No presumption yet: a doctor's letter still links it as for a direct claim, and adding an
    // exposure helps only a condition some list names.
    const direct = directNexusFinding(input, 'direct');
    const onAList = (presumed?.lists.length ?? 0) > 0;
    if (direct.status === 'met') return direct;
    return {
      status: direct.status,
      supports: direct.supports,
      next: onAList
        ? step(
            'add_exposure',
            `Add where and when you were exposed, so Muster can check it against VA's presumptive lists for your ${title}.`,
            wizardPath(input.disabilityId, 'exposures'),
          )
        : step(
            'nexus_letter',
            `Your ${title} is on none of VA's presumptive lists, so ask your doctor for a nexus letter linking it to your service.`,
            newNexusLetterPath(input.disabilityId),
          ),
    };
  }

  if (basis === 'secondary') {
    const primaries = input.secondary?.primaries ?? [];
    if (primaries.length === 0) {
      return { status: 'missing', supports: letters, next: linkPrimaryStep(input) };
    }
    const supports = [
      `Linked to: ${primaries.map((primary) => primary.title.trim()).join(', ')}`,
      ...(input.primariesRated ? ['A linked condition is rated by VA'] : []),
      ...(input.secondary?.explanation?.trim() ? ['Your explanation of how they connect'] : []),
      ...letters,
    ];
    if (signed > 0 && input.primariesRated) return { status: 'met', supports, next: null };
    return {
      status: 'weak',
      supports,
      next:
        signed > 0
          ? step(
              'link_primary',
              `Link a condition VA has already rated, since a secondary claim rests on a service-connected condition.`,
              wizardPath(input.disabilityId, 'type'),
            )
          : step(
              'nexus_letter',
              nexusLetterText(input, basis, drafted > 0),
              nexusLetterPath(input),
            ),
    };
  }

  return directNexusFinding(input, basis);
}

/** Direct, worsened by service, caused by VA care: a doctor's letter makes the link. */
function directNexusFinding(input: ReadinessInput, basis: Basis): Finding {
  const signed = input.nexusLetters?.signed ?? 0;
  const drafted = input.nexusLetters?.drafted ?? 0;
  const letters = nexusLetterSupports(input);
  if (signed > 0) return { status: 'met', supports: letters, next: null };
  const service = input.answers['military-symptoms'];
  const serviceAnswered = Boolean(
    service?.symptoms?.length ||
    service?.description?.trim() ||
    service?.in_service_event?.trim() ||
    service?.started_on,
  );
  const continuous = serviceAnswered && Boolean(input.answers['post-military-symptoms']?.trend);
  const supports = [...letters, ...(continuous ? ['Symptoms since service'] : [])];
  return {
    status: supports.length > 0 ? 'weak' : 'missing',
    supports,
    next: step('nexus_letter', nexusLetterText(input, basis, drafted > 0), nexusLetterPath(input)),
  };
}

function nexusLetterSupports(input: ReadinessInput): string[] {
  const signed = input.nexusLetters?.signed ?? 0;
  const drafted = input.nexusLetters?.drafted ?? 0;
  return [
    ...(signed > 0 ? [`Signed nexus letters: ${signed}`] : []),
    ...(drafted > 0 ? [`Drafted nexus letters: ${drafted}`] : []),
  ];
}

// Readiness ----------------------------------------------------------------------------------

/** How ready one disability's claim is: each element, and what to do next. */
export function claimReadiness(input: ReadinessInput): Readiness {
  const presumed = presumption(input);
  const basis: Basis =
    (presumed?.matches.length ?? 0) > 0 ? 'presumptive' : (input.disability.claim_type ?? 'direct');

  const shared = inServiceFinding(input, basis, presumed);
  const findings: Record<ReadinessElementName, Finding> = {
    diagnosis: diagnosisFinding(input),
    in_service:
      basis === 'secondary'
        ? secondaryInServiceFinding(input, shared)
        : basis === 'caused_by_va_care'
          ? vaCareInServiceFinding(input)
          : shared,
    nexus: nexusFinding(input, basis, presumed),
  };
  const elements: ReadinessElement[] = READINESS_ELEMENTS.map((element) => ({
    element,
    status: findings[element].status,
    supports: findings[element].supports,
    next_step: findings[element].status === 'met' ? null : findings[element].next,
  }));
  const first = (status: ReadinessStatus) =>
    elements.find((element) => element.status === status)?.next_step ?? null;
  return {
    disability_id: input.disabilityId,
    ready: elements.every((element) => element.status === 'met'),
    basis,
    elements,
    next_step: first('missing') ?? first('weak'),
  };
}

/** Every disability's readiness in a line, for the dashboard. */
export function readinessSummary(
  items: readonly { disabilityId: string; title: string; readiness: Readiness }[],
): ReadinessSummary {
  const results = items.map(({ disabilityId, title, readiness }) => ({
    disability_id: disabilityId,
    title,
    ready: readiness.ready,
    met: readiness.elements.filter((element) => element.status === 'met').length,
    next_step: readiness.next_step,
  }));
  return {
    total: results.length,
    ready: results.filter((result) => result.ready).length,
    results,
  };
}
