import {
  createVeteranInputSchema,
  type DischargeCharacter,
  type ServiceComponent,
  type Veteran,
} from '@muster/contract/veterans';
import { z } from 'zod';

/**
 * What the veteran form holds: every control's text as typed (an empty control is ''), turned into
 * the contract's `createVeteranInputSchema` input before validating. The contract schema stays the
 * only source of the rules; this file only says what an empty control means.
 *
 * The SSN and the VA file number are `undefined` while a saved number is kept as it is: the API
 * answers them masked, the masked text is never put in a control, and a kept number is not sent.
 */
export type ServicePeriodRow = {
  branch: string;
  component: ServiceComponent;
  start_date: string;
  end_date: string;
  character_of_discharge: DischargeCharacter | '';
};

export type DeploymentRow = { location: string; start_date: string; end_date: string };

export type AddressValues = {
  line1: string;
  line2: string;
  line3: string;
  city: string;
  state: string;
  zip_code: string;
};

export type VeteranFormValues = {
  first_name: string;
  middle_name: string;
  last_name: string;
  /** `undefined`: keep the saved number (not shown, not sent). */
  ssn: string | undefined;
  /** `undefined`: keep the saved number (not shown, not sent). */
  va_file_number: string | undefined;
  date_of_birth: string;
  address: AddressValues;
  phone: string;
  email: string;
  service_periods: ServicePeriodRow[];
  /** The branches the record already lists (kept; each period's branch is added on save). */
  branches: string[];
  deployments: DeploymentRow[];
  notes: string;
};

export const EMPTY_ADDRESS: AddressValues = {
  line1: '',
  line2: '',
  line3: '',
  city: '',
  state: '',
  zip_code: '',
};

export const EMPTY_SERVICE_PERIOD: ServicePeriodRow = {
  branch: '',
  component: 'active',
  start_date: '',
  end_date: '',
  character_of_discharge: '',
};

export const EMPTY_DEPLOYMENT: DeploymentRow = { location: '', start_date: '', end_date: '' };

/** `5125550142` → `(512) 555-0142`; anything else as it is. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}

/** The form's starting values: empty for a new record, the saved values for an existing one. */
export function veteranFormDefaults(record?: Veteran): VeteranFormValues {
  if (!record) {
    return {
      first_name: '',
      middle_name: '',
      last_name: '',
      ssn: '',
      va_file_number: '',
      date_of_birth: '',
      address: { ...EMPTY_ADDRESS },
      phone: '',
      email: '',
      service_periods: [],
      branches: [],
      deployments: [],
      notes: '',
    };
  }
  const { address } = record;
  return {
    first_name: record.first_name,
    middle_name: record.middle_name ?? '',
    last_name: record.last_name,
    // A saved number arrives masked: it is kept (and not put in a control) unless changed.
    ssn: record.ssn === null ? '' : undefined,
    va_file_number: record.va_file_number === null ? '' : undefined,
    date_of_birth: record.date_of_birth ?? '',
    address: address
      ? {
          line1: address.line1,
          line2: address.line2 ?? '',
          line3: address.line3 ?? '',
          city: address.city,
          state: address.state,
          zip_code: address.zip_code,
        }
      : { ...EMPTY_ADDRESS },
    phone: record.phone === null ? '' : formatPhone(record.phone),
    email: record.email ?? '',
    branches: record.branches,
    service_periods: record.service_periods.map((period) => ({
      branch: period.branch,
      component: period.component,
      start_date: period.start_date,
      end_date: period.end_date ?? '',
      character_of_discharge: period.character_of_discharge ?? '',
    })),
    deployments: record.deployments.map((deployment) => ({
      location: deployment.location,
      start_date: deployment.start_date,
      end_date: deployment.end_date ?? '',
    })),
    notes: record.notes ?? '',
  };
}

/** An empty (or blank) control is no value. */
function orNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

function isBlankAddress(address: AddressValues): boolean {
  return Object.values(address).every((value) => value.trim() === '');
}

/**
 * The form's values as the contract's input: empty optional controls become null (which also
 * clears them on an update), an address left wholly empty is no address, and a kept identifier is
 * left out. Required controls pass through as typed, so the contract says what is missing.
 */
export function toVeteranInput(values: VeteranFormValues) {
  return {
    first_name: values.first_name,
    middle_name: orNull(values.middle_name),
    last_name: values.last_name,
    ssn: values.ssn === undefined ? undefined : orNull(values.ssn),
    va_file_number: values.va_file_number === undefined ? undefined : orNull(values.va_file_number),
    date_of_birth: orNull(values.date_of_birth),
    address: isBlankAddress(values.address)
      ? null
      : {
          ...values.address,
          line2: orNull(values.address.line2),
          line3: orNull(values.address.line3),
        },
    phone: orNull(values.phone),
    email: orNull(values.email),
    // The record's branches: those it had, and every branch a period of service names.
    branches: [
      ...new Set([
        ...values.branches,
        ...values.service_periods.map((period) => period.branch).filter((branch) => branch !== ''),
      ]),
    ],
    service_periods: values.service_periods.map((period) => ({
      ...period,
      end_date: orNull(period.end_date),
      character_of_discharge:
        period.character_of_discharge === '' ? null : period.character_of_discharge,
    })),
    deployments: values.deployments.map((deployment) => ({
      ...deployment,
      end_date: orNull(deployment.end_date),
    })),
    notes: orNull(values.notes),
  };
}

/** The form's schema: the contract's create schema, read through `toVeteranInput`. */
export const veteranFormSchema = z.preprocess(
  (values: VeteranFormValues) => toVeteranInput(values),
  createVeteranInputSchema,
);

const ADDRESS_FIELDS = Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[];
const PERIOD_FIELDS = Object.keys(EMPTY_SERVICE_PERIOD) as (keyof ServicePeriodRow)[];
const DEPLOYMENT_FIELDS = Object.keys(EMPTY_DEPLOYMENT) as (keyof DeploymentRow)[];

/** A path of a control in the form. */
export type VeteranFieldPath =
  | Exclude<keyof VeteranFormValues, 'address' | 'service_periods' | 'deployments'>
  | `address.${keyof AddressValues}`
  | `service_periods.${number}.${keyof ServicePeriodRow}`
  | `deployments.${number}.${keyof DeploymentRow}`;

/**
 * Every control's path for the rows the form has now, the names the API's `fields` use
 * (`service_periods.0.start_date`), so a refusal lands under the control it names.
 */
export function veteranFieldPaths(values: VeteranFormValues): VeteranFieldPath[] {
  return [
    'first_name',
    'middle_name',
    'last_name',
    'ssn',
    'va_file_number',
    'date_of_birth',
    ...ADDRESS_FIELDS.map((field) => `address.${field}` as const),
    'phone',
    'email',
    ...values.service_periods.flatMap((_, index) =>
      PERIOD_FIELDS.map((field) => `service_periods.${index}.${field}` as const),
    ),
    ...values.deployments.flatMap((_, index) =>
      DEPLOYMENT_FIELDS.map((field) => `deployments.${index}.${field}` as const),
    ),
    'notes',
  ];
}
