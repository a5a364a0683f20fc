import type { Attributes526, Payload526 } from './build-payload.ts';

/**
 * What VA's 526 schema refuses, said in plain words and pointing at the place in Muster where it
 * is fixed. Each message is keyed by the field's path inside `data.attributes`, dots between the
 * parts and zero-based list indexes (`disabilities.0.serviceRelevance`); the first message for a
 * path wins.
 */

/** One error of a JSON Schema validator (Ajv's shape, reduced to what is read here). */
export type SchemaIssue = {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
};

export type PlainErrors = Record<string, string>;

const VETERAN_RECORD = 'in your veteran record';

type Place = { label: string; where: string; missing?: string; badFormat?: string };

const quoted = (name: string | undefined) => (name ? `“${name}”` : 'this disability');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The path of an issue: where it is, plus the property a `required` error names. */
export function fieldPathOf(issue: SchemaIssue): string {
  const parts = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    parts.push(issue.params.missingProperty);
  }
  return parts.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
}

function disabilityPlace(attributes: Partial<Attributes526>, parts: string[]): Place | undefined {
  const index = Number(parts[1]);
  const contention = attributes.disabilities?.[index];
  const secondaryIndex = parts[2] === 'secondaryDisabilities' ? Number(parts[3]) : undefined;
  const secondary =
    secondaryIndex === undefined ? undefined : contention?.secondaryDisabilities?.[secondaryIndex];
  const field = secondaryIndex === undefined ? parts[2] : parts[4];
  const name = quoted(secondary?.name ?? contention?.name);
  const where = `in the disability ${name}`;
  switch (field) {
    case 'name':
      return {
        label: `the name of disability ${index + 1}`,
        where: `in its title`,
        badFormat: `The name ${name} has characters VA's form does not accept: use only letters, numbers, spaces and - ' . , # & / ( ) [ ] in its title`,
      };
    case 'serviceRelevance':
      return secondary
        ? {
            label: `how ${quoted(contention?.name)} caused or worsened ${name}`,
            where: `in the secondary connection of ${name}`,
          }
        : {
            label: `what happened in service that ${name} goes back to`,
            where: `in the questions of ${name} (the in-service event)`,
          };
    case 'approximateDate':
      return { label: `when ${name} began`, where: `in the questions of ${name}` };
    case 'classificationCode':
      return {
        label: `the classification code of ${name}`,
        where: `(pick it from VA's conditions) ${where}`,
      };
    case 'diagnosticCode':
      return {
        label: `the diagnostic code VA rated ${name} under`,
        where,
        badFormat: `The diagnostic code of ${name} must be VA's 4-digit code: fix it ${where}`,
      };
    case 'exposureOrEventOrInjury':
      return { label: `the exposures of ${name}`, where: `in the exposures of ${name}` };
    default:
      return undefined;
  }
}

function servicePlace(attributes: Partial<Attributes526>, parts: string[]): Place {
  if (parts.length <= 2) {
    return {
      label: 'at least one service period (branch, component and dates)',
      where: VETERAN_RECORD,
    };
  }
  const index = Number(parts[2]);
  const period = attributes.serviceInformation?.servicePeriods[index];
  const which = period
    ? `your ${period.serviceBranch} service from ${period.activeDutyBeginDate}`
    : `service period ${index + 1}`;
  switch (parts[3]) {
    case 'activeDutyEndDate':
      return {
        label: `the date ${which} ended`,
        where: VETERAN_RECORD,
        missing: `Add the date ${which} ended ${VETERAN_RECORD}. VA's standard claim is for those who have left service; while still serving, file a Benefits Delivery at Discharge claim instead`,
      };
    case 'activeDutyBeginDate':
      return { label: `the date ${which} began`, where: VETERAN_RECORD };
    case 'serviceBranch':
      return { label: `the branch of ${which}`, where: VETERAN_RECORD };
    default:
      return { label: `the details of ${which}`, where: VETERAN_RECORD };
  }
}

const ADDRESS_FIELDS: Record<string, Place> = {
  mailingAddress: { label: 'your mailing address', where: VETERAN_RECORD },
  addressLine1: {
    label: 'line 1 of your mailing address',
    where: VETERAN_RECORD,
    badFormat: `Line 1 of your mailing address has characters VA's form does not accept: use only letters, numbers, spaces and - ' . , & # ${VETERAN_RECORD}`,
  },
  addressLine2: {
    label: 'line 2 of your mailing address',
    where: VETERAN_RECORD,
    badFormat: `Line 2 of your mailing address has characters VA's form does not accept: use only letters, numbers, spaces and - ' . , & # ${VETERAN_RECORD}`,
  },
  addressLine3: {
    label: 'line 3 of your mailing address',
    where: VETERAN_RECORD,
    badFormat: `Line 3 of your mailing address has characters VA's form does not accept: use only letters, numbers, spaces and - ' . , & # ${VETERAN_RECORD}`,
  },
  city: {
    label: 'the city of your mailing address',
    where: VETERAN_RECORD,
    badFormat: `The city of your mailing address has characters VA's form does not accept: use only letters, numbers, spaces and - ' . # ${VETERAN_RECORD}`,
  },
  state: { label: 'the state of your mailing address', where: VETERAN_RECORD },
  zipFirstFive: {
    label: 'your 5-digit ZIP code',
    where: VETERAN_RECORD,
    badFormat: `Add your 5-digit ZIP code ${VETERAN_RECORD}`,
  },
  zipLastFour: { label: 'the last 4 digits of your ZIP code', where: VETERAN_RECORD },
  country: { label: 'the country of your mailing address', where: VETERAN_RECORD },
};

function placeOf(attributes: Partial<Attributes526>, path: string): Place {
  const parts = path.split('.');
  const [top, second] = parts;
  if (top === 'veteranIdentification') {
    if (second === 'mailingAddress') return ADDRESS_FIELDS[parts[2] ?? 'mailingAddress']!;
    if (second === 'veteranNumber') {
      return { label: 'your 10-digit US phone number', where: VETERAN_RECORD };
    }
    if (second === 'emailAddress') {
      return {
        label: 'your email address',
        where: VETERAN_RECORD,
        badFormat: `VA's form does not accept your email address as written: check it ${VETERAN_RECORD}`,
      };
    }
    if (second === 'currentVaEmployee') {
      return {
        label: 'whether you work for VA',
        where: 'on this page',
        missing: 'Tell us whether you work for VA (VA’s form asks every veteran)',
      };
    }
  }
  if (top === 'serviceInformation' && second === 'servicePeriods')
    return servicePlace(attributes, parts);
  if (top === 'disabilities') {
    if (parts.length === 1) {
      return { label: 'at least one disability', where: 'to the claim' };
    }
    const place = disabilityPlace(attributes, parts);
    if (place) return place;
  }
  if (top === 'treatments') {
    const treatment = attributes.treatments?.[Number(parts[1])];
    const centre = treatment?.center.name ? `“${treatment.center.name}”` : 'a treatment facility';
    return {
      label: parts.includes('beginDate')
        ? `when treatment at ${centre} began`
        : `the name of the treatment facility ${centre}`,
      where: 'in the treatments of your disabilities',
    };
  }
  if (top === 'toxicExposure') {
    return {
      label: 'the details of your toxic exposures',
      where: 'in the exposures of your disabilities',
    };
  }
  return { label: `the form's field ${path}`, where: 'in your records' };
}

function messageOf(issue: SchemaIssue, place: Place): string {
  const { label, where } = place;
  switch (issue.keyword) {
    case 'required':
    case 'minItems':
    case 'minLength':
      return place.missing ?? `Add ${label} ${where}`;
    case 'maxLength':
      return `${capitalise(label)} is too long for VA's form (at most ${String(issue.params.limit)} characters): shorten it ${where}`;
    case 'maxItems':
      return `${capitalise(label)} lists more than VA's form takes (at most ${String(issue.params.limit)}): ${where}`;
    case 'pattern':
      return (
        place.badFormat ??
        `${capitalise(label)} is not written the way VA's form takes it: check it ${where}`
      );
    default:
      return `${capitalise(label)} is not something VA's form accepts: check it ${where}`;
  }
}

/** The schema's refusals in plain words, by field path. */
export function describe526Issues(
  issues: readonly SchemaIssue[],
  payload: Payload526,
): PlainErrors {
  const errors: PlainErrors = {};
  for (const issue of issues) {
    const path = fieldPathOf(issue);
    if (path in errors) continue;
    errors[path] = messageOf(issue, placeOf(payload.data.attributes, path));
  }
  return errors;
}

/**
 * The rules VA's schema states only in words (its `description`s), checked on a payload: a new
 * contention says how it relates to service, a secondary one how its primary caused it, an
 * increase names its diagnostic code, a date a condition began is not in the future, and
 * treatment did not begin before service did, and the service has ended (a claim before
 * separation is a different program). Messages as `describe526Issues` gives them.
 */
export function check526Rules(payload: Payload526, today: string): PlainErrors {
  const attributes = payload.data.attributes;
  const issues: SchemaIssue[] = [];
  const missing = (path: string) =>
    issues.push({
      instancePath: `/${path.split('.').slice(0, -1).join('/')}`,
      keyword: 'required',
      params: { missingProperty: path.split('.').at(-1) },
    });
  const errors: PlainErrors = {};
  attributes.disabilities.forEach((contention, index) => {
    if (contention.disabilityActionType === 'NEW' && !contention.serviceRelevance) {
      missing(`disabilities.${index}.serviceRelevance`);
    }
    if (contention.disabilityActionType === 'INCREASE' && contention.diagnosticCode === undefined) {
      missing(`disabilities.${index}.diagnosticCode`);
    }
    if (contention.approximateDate && contention.approximateDate > today) {
      errors[`disabilities.${index}.approximateDate`] =
        `When ${quoted(contention.name)} began must not be in the future: fix it in its questions`;
    }
    contention.secondaryDisabilities?.forEach((secondary, secondaryIndex) => {
      if (!secondary.serviceRelevance) {
        missing(`disabilities.${index}.secondaryDisabilities.${secondaryIndex}.serviceRelevance`);
      }
    });
  });
  // A claim before separation goes through VA's Benefits Delivery at Discharge program, which
  // needs what only VA.gov or a transition office asks (the separation location, exams before
  // discharge); the standard claim built here is for service that has ended.
  attributes.serviceInformation.servicePeriods.forEach((period, index) => {
    if (period.activeDutyEndDate && period.activeDutyEndDate > today) {
      errors[`serviceInformation.servicePeriods.${index}.activeDutyEndDate`] =
        `Your service ends on ${period.activeDutyEndDate}: a claim before separation is filed through VA’s Benefits Delivery at Discharge program (180 to 90 days before you separate) on VA.gov, not as this standard claim`;
    }
  });
  const firstService = attributes.serviceInformation.servicePeriods
    .map((period) => period.activeDutyBeginDate)
    .sort()[0];
  attributes.treatments?.forEach((treatment, index) => {
    if (firstService && treatment.beginDate && treatment.beginDate < firstService.slice(0, 7)) {
      errors[`treatments.${index}.beginDate`] =
        `Treatment at “${treatment.center.name}” cannot begin before your service did (${firstService}): check its start date in the treatments of your disabilities`;
    }
  });
  return { ...describe526Issues(issues, payload), ...errors };
}
