import type { Disability } from '@muster/contract/disabilities';
import type { Exposure, SecondaryDisability, Treatment } from '@muster/contract/disability-records';
import type { ExposureKind } from '@muster/contract/toxic-exposures';
import type { ServiceComponent, Veteran } from '@muster/contract/veterans';
import { exposureLocationLabel } from '@muster/contract/toxic-exposures';

/**
 * The Benefits Claims API v2 526 request body (`POST /veterans/{id}/526/validate`, VA's 21-526EZ)
 * built from the veteran record and the disabilities of a claim. Only what the records hold goes
 * in: a value the app does not have is left out, never made up, and validation against VA's
 * schema (plus the rules VA's schema describes in words: `check526Rules`) says what is missing.
 */

/** The veteran record as the 526 needs it: SSN and VA file number unmasked. */
export type Veteran526 = Pick<
  Veteran,
  | 'first_name'
  | 'middle_name'
  | 'last_name'
  | 'va_file_number'
  | 'date_of_birth'
  | 'address'
  | 'phone'
  | 'email'
  | 'service_periods'
>;

/** A disability with what was recorded under it that the 526 asks about. */
export type Disability526 = Pick<
  Disability,
  | 'id'
  | 'title'
  | 'diagnostic_code'
  | 'classification_code'
  | 'side_of_body'
  | 'claim_type'
  | 'percent'
> & {
  /** The wizard's in-service event (military-symptoms step), when answered. */
  in_service_event: string | null;
  /** When the symptoms began (military-symptoms step), YYYY-MM-DD. */
  started_on: string | null;
  secondary_disabilities: Pick<SecondaryDisability, 'primary_ids' | 'explanation'>[];
  exposures: Pick<
    Exposure,
    | 'kind'
    | 'location'
    | 'hazard'
    | 'location_details'
    | 'start_date'
    | 'end_date'
    | 'additional_hazards'
    | 'additional_hazards_details'
  >[];
  treatments: Pick<Treatment, 'facility_name' | 'facility_type' | 'start_date'>[];
};

/** The answers of the form the records do not hold. */
export type Claim526Answers = { current_va_employee?: boolean | undefined };

type Dates = { beginDate?: string; endDate?: string };

export type Secondary526 = {
  name: string;
  disabilityActionType: 'SECONDARY';
  serviceRelevance?: string;
  approximateDate?: string;
  classificationCode?: string;
};

export type Contention526 = {
  name: string;
  disabilityActionType: 'NEW' | 'INCREASE';
  exposureOrEventOrInjury?: string;
  serviceRelevance?: string;
  approximateDate?: string;
  classificationCode?: string;
  diagnosticCode?: number;
  isRelatedToToxicExposure?: boolean;
  secondaryDisabilities?: Secondary526[];
};

export type Attributes526 = {
  claimProcessType: 'STANDARD_CLAIM_PROCESS';
  veteranIdentification: {
    veteranNumber?: { telephone: string };
    mailingAddress?: {
      addressLine1: string;
      addressLine2?: string;
      addressLine3?: string;
      city: string;
      state: string;
      country: 'USA';
      zipFirstFive: string;
      zipLastFour?: string;
    };
    emailAddress?: { email: string };
    currentVaEmployee?: boolean;
  };
  toxicExposure?: {
    gulfWarHazardService?: { servedInGulfWarHazardLocations: 'YES'; serviceDates?: Dates };
    herbicideHazardService?: {
      servedInHerbicideHazardLocations: 'YES';
      otherLocationsServed?: string;
      serviceDates?: Dates;
    };
    additionalHazardExposures?: {
      additionalExposures: string[];
      specifyOtherExposures?: string;
      exposureDates?: Dates;
    };
    multipleExposures?: {
      hazardExposedTo: string;
      exposureLocation?: string;
      exposureDates?: Dates;
    }[];
  };
  disabilities: Contention526[];
  treatments?: { beginDate?: string; treatedDisabilityNames: string[]; center: { name: string } }[];
  serviceInformation: {
    servicePeriods: {
      serviceBranch: string;
      serviceComponent: 'Active' | 'Reserves' | 'National Guard';
      activeDutyBeginDate: string;
      activeDutyEndDate?: string;
    }[];
  };
  claimantCertification: true;
};

export type Payload526 = { data: { type: 'form/526'; attributes: Attributes526 } };

export type Build526Options = {
  veteran: Veteran526 | null;
  /** In the claim's order. A secondary whose primary is among them is nested under it. */
  disabilities: Disability526[];
  claim?: Claim526Answers | undefined;
  /** YYYY-MM-DD, the day the payload is built (for `check526Rules`). */
  today: string;
};

const COMPONENTS: Record<ServiceComponent, 'Active' | 'Reserves' | 'National Guard'> = {
  active: 'Active',
  reserve: 'Reserves',
  national_guard: 'National Guard',
};

/**
 * The Benefits Reference Data `/service-branches` description for a branch served in a component
 * (VA.gov's 526 sends these): "Army National Guard", "Air Force Reserves"… A branch with no such
 * entry (the Space Force has no reserve listed) is named alone; its component says the rest.
 */
const BRANCH_BY_COMPONENT: Record<string, Partial<Record<ServiceComponent, string>>> = {
  Army: { reserve: 'Army Reserves', national_guard: 'Army National Guard' },
  'Air Force': { reserve: 'Air Force Reserves', national_guard: 'Air National Guard' },
  Navy: { reserve: 'Navy Reserves' },
  'Marine Corps': { reserve: 'Marine Corps Reserves' },
  'Coast Guard': { reserve: 'Coast Guard Reserves' },
};

export function serviceBranchOf(branch: string, component: ServiceComponent): string {
  return BRANCH_BY_COMPONENT[branch]?.[component] ?? branch;
}

/** VA's address lines hold 20 characters. */
export const ADDRESS_LINE_LIMIT = 20;

const squeeze = (value: string): string => value.trim().replace(/\s+/g, ' ');

/**
 * Address lines as VA's 20-character lines: kept as they are when they fit, else the same words
 * wrapped onto at most three lines. When even that cannot hold them, the lines are kept as they
 * are, so validation says which is too long (nothing is cut).
 */
export function fitAddressLines(lines: readonly (string | null | undefined)[]): string[] {
  const given = lines.map((line) => squeeze(line ?? '')).filter(Boolean);
  if (given.every((line) => line.length <= ADDRESS_LINE_LIMIT)) return given;
  const wrapped: string[] = [];
  for (const word of given.join(' ').split(' ')) {
    const last = wrapped[wrapped.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= ADDRESS_LINE_LIMIT) {
      wrapped[wrapped.length - 1] = `${last} ${word}`;
    } else {
      wrapped.push(word);
    }
  }
  const fits = wrapped.length <= 3 && wrapped.every((line) => line.length <= ADDRESS_LINE_LIMIT);
  return fits ? wrapped : given;
}

/** The name VA gets for a disability: its title, and the side when the title does not say it. */
export function contentionName(disability: Pick<Disability526, 'title' | 'side_of_body'>): string {
  const title = squeeze(disability.title);
  const side = disability.side_of_body;
  if (!side || new RegExp(`\\b${side}\\b`, 'i').test(title)) return title;
  return `${title}, ${side}`;
}

const monthOf = (date: string | null): string | undefined => date?.slice(0, 7) || undefined;
const nonEmpty = (value: string | null | undefined): string | undefined =>
  value && value.trim() ? value.trim() : undefined;

function datesOf(starts: (string | null)[], ends: (string | null)[]): Dates | undefined {
  const begin = starts.filter((date): date is string => Boolean(date)).sort()[0];
  const end = ends
    .filter((date): date is string => Boolean(date))
    .sort()
    .at(-1);
  if (!begin && !end) return undefined;
  return {
    ...(begin ? { beginDate: monthOf(begin)! } : {}),
    ...(end ? { endDate: monthOf(end)! } : {}),
  };
}

/** The hazard of an exposure in words VA's `hazardExposedTo` takes (no parentheses). */
const KIND_HAZARDS: Record<ExposureKind, string> = {
  gulf_war_1990: 'Gulf War hazards, service from August 1990',
  gulf_war_2001: 'Gulf War hazards, service from September 2001',
  herbicide: 'Herbicide, Agent Orange',
  burn_pits: 'Burn pits and other airborne hazards',
  camp_lejeune: 'Contaminated water at Camp Lejeune',
  radiation: 'Radiation',
  other_hazard: 'Other toxic hazard',
};
const HAZARD_NAMES: Record<string, string> = {
  asbestos: 'Asbestos',
  chemical: 'Project 112 or Project SHAD',
  mos: 'MOS-related toxin',
  mustardgas: 'Mustard gas',
  water: 'Contaminated water at Camp Lejeune',
  radiation: 'Radiation',
};
/** VA's `additionalExposures` values for the form's other hazards. */
const ADDITIONAL_EXPOSURES: Record<string, string> = {
  asbestos: 'ASBESTOS',
  chemical: 'SHIPBOARD_HAZARD_AND_DEFENSE',
  mos: 'MILITARY_OCCUPATIONAL_SPECIALTY_RELATED_TOXIN',
  mustardgas: 'MUSTARD_GAS',
  water: 'CONTAMINATED_WATER_AT_CAMP_LEJEUNE',
  radiation: 'RADIATION',
  other: 'OTHER',
};

type Exposure526 = Disability526['exposures'][number];

function hazardOf(exposure: Exposure526): string {
  if (exposure.kind === 'other_hazard' && exposure.hazard && exposure.hazard !== 'other') {
    return HAZARD_NAMES[exposure.hazard] ?? KIND_HAZARDS.other_hazard;
  }
  return KIND_HAZARDS[exposure.kind];
}

function locationOf(exposure: Exposure526): string | undefined {
  const details = nonEmpty(exposure.location_details);
  if (!exposure.location || exposure.location === 'other') return details;
  const label = exposureLocationLabel(exposure.kind, exposure.location);
  return [label, details].filter(Boolean).join(', ') || undefined;
}

function toxicExposureOf(exposures: Exposure526[]): Attributes526['toxicExposure'] {
  if (exposures.length === 0) return undefined;
  const result: NonNullable<Attributes526['toxicExposure']> = {};
  const gulfWar = exposures.filter((e) =>
    (['gulf_war_1990', 'gulf_war_2001', 'burn_pits'] as ExposureKind[]).includes(e.kind),
  );
  if (gulfWar.length > 0) {
    const serviceDates = datesOf(
      gulfWar.map((e) => e.start_date),
      gulfWar.map((e) => e.end_date),
    );
    result.gulfWarHazardService = {
      servedInGulfWarHazardLocations: 'YES',
      ...(serviceDates ? { serviceDates } : {}),
    };
  }
  const herbicide = exposures.filter((e) => e.kind === 'herbicide');
  if (herbicide.length > 0) {
    const serviceDates = datesOf(
      herbicide.map((e) => e.start_date),
      herbicide.map((e) => e.end_date),
    );
    const other = herbicide
      .filter((e) => e.location === 'other')
      .map((e) => nonEmpty(e.location_details))
      .filter((place): place is string => Boolean(place));
    result.herbicideHazardService = {
      servedInHerbicideHazardLocations: 'YES',
      ...(other.length > 0 ? { otherLocationsServed: other.join(', ') } : {}),
      ...(serviceDates ? { serviceDates } : {}),
    };
  }
  const additional = new Set<string>();
  const specify: string[] = [];
  const withAdditional: Exposure526[] = [];
  for (const exposure of exposures) {
    const keys: string[] = [...exposure.additional_hazards];
    if (exposure.kind === 'camp_lejeune') keys.push('water');
    if (exposure.kind === 'radiation') keys.push('radiation');
    if (exposure.kind === 'other_hazard' && exposure.hazard) keys.push(exposure.hazard);
    if (exposure.kind === 'other_hazard' && exposure.hazard === 'other') {
      const details = nonEmpty(exposure.location_details);
      if (details) specify.push(details);
    }
    const details = nonEmpty(exposure.additional_hazards_details);
    if (details) {
      keys.push('other');
      specify.push(details);
    }
    if (keys.length > 0) withAdditional.push(exposure);
    for (const key of keys) {
      const value = ADDITIONAL_EXPOSURES[key];
      if (value) additional.add(value);
    }
  }
  if (additional.size > 0) {
    const exposureDates = datesOf(
      withAdditional.map((e) => e.start_date),
      withAdditional.map((e) => e.end_date),
    );
    result.additionalHazardExposures = {
      additionalExposures: [...additional],
      ...(specify.length > 0 ? { specifyOtherExposures: specify.join(', ') } : {}),
      ...(exposureDates ? { exposureDates } : {}),
    };
  }
  result.multipleExposures = exposures.map((exposure) => {
    const location = locationOf(exposure);
    const exposureDates = datesOf([exposure.start_date], [exposure.end_date]);
    return {
      hazardExposedTo: hazardOf(exposure),
      ...(location ? { exposureLocation: location } : {}),
      ...(exposureDates ? { exposureDates } : {}),
    };
  });
  return result;
}

function contentionOf(disability: Disability526): Contention526 {
  const serviceRelevance = nonEmpty(disability.in_service_event);
  const approximateDate = nonEmpty(disability.started_on);
  const hazards = [...new Set(disability.exposures.map(hazardOf))];
  const diagnosticCode = disability.diagnostic_code ? Number(disability.diagnostic_code) : NaN;
  return {
    name: contentionName(disability),
    disabilityActionType: disability.percent === null ? 'NEW' : 'INCREASE',
    ...(hazards.length > 0 ? { exposureOrEventOrInjury: hazards.join(', ') } : {}),
    ...(serviceRelevance ? { serviceRelevance } : {}),
    ...(approximateDate ? { approximateDate } : {}),
    ...(disability.classification_code
      ? { classificationCode: disability.classification_code }
      : {}),
    ...(Number.isInteger(diagnosticCode) ? { diagnosticCode } : {}),
    ...(disability.exposures.length > 0 ? { isRelatedToToxicExposure: true } : {}),
  };
}

function secondaryOf(disability: Disability526): Secondary526 {
  const serviceRelevance =
    disability.secondary_disabilities.map((entry) => nonEmpty(entry.explanation)).find(Boolean) ??
    nonEmpty(disability.in_service_event);
  const approximateDate = nonEmpty(disability.started_on);
  return {
    name: contentionName(disability),
    disabilityActionType: 'SECONDARY',
    ...(serviceRelevance ? { serviceRelevance } : {}),
    ...(approximateDate ? { approximateDate } : {}),
    ...(disability.classification_code
      ? { classificationCode: disability.classification_code }
      : {}),
  };
}

/**
 * The disabilities as VA's contentions: a secondary condition whose primary is claimed too goes
 * under that primary (the first one claimed, when it rests on several); any other goes on its own.
 */
function contentionsOf(disabilities: Disability526[]): Contention526[] {
  const claimed = new Set(disabilities.map((d) => d.id));
  const parentOf = new Map<string, string>();
  for (const disability of disabilities) {
    if (disability.claim_type !== 'secondary') continue;
    const primaries = disability.secondary_disabilities.flatMap((entry) => entry.primary_ids);
    const parent = disabilities.find(
      (candidate) =>
        primaries.includes(candidate.id) &&
        candidate.id !== disability.id &&
        claimed.has(candidate.id),
    );
    // A secondary nested under another secondary would be lost: only top-level parents count.
    if (parent && parent.claim_type !== 'secondary') parentOf.set(disability.id, parent.id);
  }
  return disabilities
    .filter((disability) => !parentOf.has(disability.id))
    .map((disability) => {
      const contention = contentionOf(disability);
      const secondaries = disabilities.filter((d) => parentOf.get(d.id) === disability.id);
      return secondaries.length > 0
        ? { ...contention, secondaryDisabilities: secondaries.map(secondaryOf) }
        : contention;
    });
}

/** VA's treatment list names VA and military facilities (private care goes on a 21-4142). */
const VA_TREATMENT_FACILITIES = new Set(['va', 'military', 'vet_center']);

function treatmentsOf(disabilities: Disability526[]): Attributes526['treatments'] {
  const byCentre = new Map<string, NonNullable<Attributes526['treatments']>[number]>();
  for (const disability of disabilities) {
    for (const treatment of disability.treatments) {
      if (!treatment.facility_type || !VA_TREATMENT_FACILITIES.has(treatment.facility_type))
        continue;
      const name = squeeze(treatment.facility_name);
      const beginDate = monthOf(treatment.start_date);
      const key = `${name.toLowerCase()}|${beginDate ?? ''}`;
      const entry = byCentre.get(key) ?? {
        ...(beginDate ? { beginDate } : {}),
        treatedDisabilityNames: [],
        center: { name },
      };
      const treated = contentionName(disability);
      if (!entry.treatedDisabilityNames.includes(treated))
        entry.treatedDisabilityNames.push(treated);
      byCentre.set(key, entry);
    }
  }
  return byCentre.size > 0 ? [...byCentre.values()] : undefined;
}

function identificationOf(
  veteran: Veteran526 | null,
  claim: Claim526Answers | undefined,
): Attributes526['veteranIdentification'] {
  const identification: Attributes526['veteranIdentification'] = {};
  if (veteran?.phone) identification.veteranNumber = { telephone: veteran.phone };
  const address = veteran?.address;
  if (address) {
    const [addressLine1 = '', addressLine2, addressLine3] = fitAddressLines([
      address.line1,
      address.line2,
      address.line3,
    ]);
    const zip = address.zip_code.replace(/\D/g, '');
    identification.mailingAddress = {
      addressLine1,
      ...(addressLine2 ? { addressLine2 } : {}),
      ...(addressLine3 ? { addressLine3 } : {}),
      city: squeeze(address.city),
      state: address.state,
      country: 'USA',
      zipFirstFive: zip.slice(0, 5),
      ...(zip.length === 9 ? { zipLastFour: zip.slice(5) } : {}),
    };
  }
  if (veteran?.email) identification.emailAddress = { email: veteran.email };
  if (claim?.current_va_employee !== undefined) {
    identification.currentVaEmployee = claim.current_va_employee;
  }
  return identification;
}

export function build526Payload(options: Build526Options): Payload526 {
  const { veteran, disabilities, claim } = options;
  const attributes: Attributes526 = {
    claimProcessType: 'STANDARD_CLAIM_PROCESS',
    veteranIdentification: identificationOf(veteran, claim),
    disabilities: contentionsOf(disabilities),
    serviceInformation: {
      servicePeriods: (veteran?.service_periods ?? []).map((period) => ({
        serviceBranch: serviceBranchOf(period.branch, period.component),
        serviceComponent: COMPONENTS[period.component],
        activeDutyBeginDate: period.start_date,
        ...(period.end_date ? { activeDutyEndDate: period.end_date } : {}),
      })),
    },
    claimantCertification: true,
  };
  const toxicExposure = toxicExposureOf(disabilities.flatMap((d) => d.exposures));
  if (toxicExposure) attributes.toxicExposure = toxicExposure;
  const treatments = treatmentsOf(disabilities);
  if (treatments) attributes.treatments = treatments;
  return { data: { type: 'form/526', attributes } };
}
