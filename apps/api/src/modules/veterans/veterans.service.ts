import type { PageQuery, Paged } from '@muster/contract/common';
import { ERR } from '@muster/contract/errors';
import { isMilitaryCity } from '@muster/contract/us-states';
import {
  addressSchema,
  deploymentSchema,
  phoneDigits,
  servicePeriodSchema,
  ssnDigits,
  vaFileNumberOf,
  type Address,
  type AddressInput,
  type CreateVeteranInput,
  type Deployment,
  type DeploymentInput,
  type ServicePeriod,
  type ServicePeriodInput,
  type UpdateVeteranInput,
  type Veteran,
} from '@muster/contract/veterans';
import { findBranch } from '@muster/domain/branches';
import type { Db } from '@muster/db/client';
import type { VeteranRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import * as repository from './veterans.repository.ts';

type Owner = { db: Db; userId: string };
/** Whether the SSN and VA file number are answered in full (the client asked) or masked. */
type Reveal = { reveal: boolean };

/** `***-**-1234`, or the whole `123-45-6789` when revealed. */
export function showSsn(digits: string, reveal: boolean): string {
  if (reveal) return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  return `***-**-${digits.slice(-4)}`;
}

/** Every character but the last four as `*`, or the whole number when revealed. */
export function showVaFileNumber(value: string, reveal: boolean): string {
  return reveal ? value : `${'*'.repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}

function parseList<T>(json: string, item: { parse(value: unknown): T }): T[] {
  return (JSON.parse(json) as unknown[]).map((entry) => item.parse(entry));
}

export function toVeteran(row: VeteranRow, options: Reveal): Veteran {
  return {
    id: row.id,
    is_primary: row.isPrimary,
    first_name: row.firstName,
    middle_name: row.middleName,
    last_name: row.lastName,
    ssn: row.ssn === null ? null : showSsn(row.ssn, options.reveal),
    va_file_number:
      row.vaFileNumber === null ? null : showVaFileNumber(row.vaFileNumber, options.reveal),
    date_of_birth: row.dateOfBirth,
    address: row.address === null ? null : addressSchema.parse(JSON.parse(row.address)),
    phone: row.phone,
    email: row.email,
    branches: row.branches,
    service_periods: parseList(row.servicePeriods, servicePeriodSchema),
    deployments: parseList(row.deployments, deploymentSchema),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Refusals gathered per field, so one answer names every bad field at once. */
class FieldErrors {
  readonly fields: Record<string, string> = {};
  add(field: string, message: string) {
    this.fields[field] ??= message;
  }
  throwIfAny() {
    if (Object.keys(this.fields).length > 0) {
      throw new AppError(ERR.INVALID_INPUT, { fields: this.fields });
    }
  }
}

function unknownBranch(name: string): string {
  return `${name} is not a recognized military branch`;
}

/** Empty optional text is no value. */
function textOrNull(value: string | null | undefined): string | null {
  return value ? value : null;
}

function storedAddress(address: AddressInput): Address {
  const digits = address.zip_code.replace('-', '');
  return {
    line1: address.line1,
    line2: textOrNull(address.line2),
    line3: textOrNull(address.line3),
    // Military mail is addressed in capitals (APO AE 09012).
    city: isMilitaryCity(address.city) ? address.city.toUpperCase() : address.city,
    state: address.state,
    zip_code: digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits,
  };
}

function storedPeriods(periods: ServicePeriodInput[], errors: FieldErrors): ServicePeriod[] {
  return periods.map((period, index) => {
    const branch = findBranch(period.branch);
    if (!branch) errors.add(`service_periods.${index}.branch`, unknownBranch(period.branch));
    return {
      branch: branch ?? period.branch,
      component: period.component,
      start_date: period.start_date,
      end_date: period.end_date ?? null,
      character_of_discharge: period.character_of_discharge ?? null,
    };
  });
}

function storedDeployments(deployments: DeploymentInput[]): Deployment[] {
  return deployments.map((deployment) => ({
    location: deployment.location,
    start_date: deployment.start_date,
    end_date: deployment.end_date ?? null,
  }));
}

function storedBranches(names: string[], errors: FieldErrors): string[] {
  const found: string[] = [];
  names.forEach((name, index) => {
    const branch = findBranch(name);
    if (!branch) errors.add(`branches.${index}`, unknownBranch(name));
    else if (!found.includes(branch)) found.push(branch);
  });
  return found;
}

type Fields = Omit<UpdateVeteranInput, 'is_primary'>;

/**
 * The columns to write for the fields given (absent fields are left out, so an update keeps them):
 * identifiers in their stored form (digits only), branches canonical, lists as JSON.
 */
function toValues(input: Fields, errors: FieldErrors): Partial<repository.VeteranValues> {
  const values: Partial<repository.VeteranValues> = {};
  if (input.first_name !== undefined) values.firstName = input.first_name;
  if (input.last_name !== undefined) values.lastName = input.last_name;
  if (input.middle_name !== undefined) values.middleName = textOrNull(input.middle_name);
  if (input.ssn !== undefined) values.ssn = input.ssn === null ? null : ssnDigits(input.ssn);
  if (input.va_file_number !== undefined) {
    values.vaFileNumber =
      input.va_file_number === null ? null : vaFileNumberOf(input.va_file_number);
  }
  if (input.date_of_birth !== undefined) values.dateOfBirth = input.date_of_birth;
  if (input.address !== undefined) {
    values.address = input.address === null ? null : JSON.stringify(storedAddress(input.address));
  }
  if (input.phone !== undefined)
    values.phone = input.phone === null ? null : phoneDigits(input.phone);
  if (input.email !== undefined) values.email = input.email;
  if (input.branches !== undefined) values.branches = storedBranches(input.branches, errors);
  if (input.service_periods !== undefined) {
    values.servicePeriods = JSON.stringify(storedPeriods(input.service_periods, errors));
  }
  if (input.deployments !== undefined) {
    values.deployments = JSON.stringify(storedDeployments(input.deployments));
  }
  if (input.notes !== undefined) values.notes = textOrNull(input.notes);
  return values;
}

/**
 * Service and deployments start after the date of birth. Checked on the record as it will be
 * (the fields sent over what is stored); the field named is the one that was sent.
 */
function checkAgainstBirth(
  input: Fields,
  stored: VeteranRow | undefined,
  errors: FieldErrors,
): void {
  const birth = input.date_of_birth !== undefined ? input.date_of_birth : stored?.dateOfBirth;
  if (!birth) return;
  const lists = [
    ['service_periods', input.service_periods, stored?.servicePeriods],
    ['deployments', input.deployments, stored?.deployments],
  ] as const;
  for (const [name, sent, kept] of lists) {
    // What was stored already passed this rule: compare only where one side is new.
    if (!sent && input.date_of_birth === undefined) continue;
    const starts: string[] = sent
      ? sent.map((entry) => entry.start_date)
      : kept
        ? (JSON.parse(kept) as { start_date: string }[]).map((entry) => entry.start_date)
        : [];
    starts.forEach((start, index) => {
      if (start > birth) return;
      if (sent) errors.add(`${name}.${index}.start_date`, 'Must be after the date of birth');
      else errors.add('date_of_birth', `Must be before the start of the ${name.replace('_', ' ')}`);
    });
  }
}

/** The owner's records: the primary first, then newest first. */
export async function listVeterans(
  options: Owner & Reveal & { page: PageQuery },
): Promise<Paged<Veteran>> {
  const { rows, total } = await repository.listVeterans(options);
  return {
    results: rows.map((row) => toVeteran(row, options)),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

/** One of the owner's records; anything else (another user's, malformed, gone) is not found. */
export async function getVeteran(options: Owner & Reveal & { id: string }): Promise<Veteran> {
  const row = await repository.findVeteran(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toVeteran(row, options);
}

/** Creates a record; the owner's first becomes the primary. Nothing is saved when a field is bad. */
export async function createVeteran(
  options: Owner & Reveal & { input: CreateVeteranInput },
): Promise<Veteran> {
  const errors = new FieldErrors();
  const values = toValues(options.input, errors);
  checkAgainstBirth(options.input, undefined, errors);
  errors.throwIfAny();
  const row = await repository.insertVeteran({
    db: options.db,
    userId: options.userId,
    values: {
      ...values,
      firstName: options.input.first_name,
      lastName: options.input.last_name,
    },
  });
  return toVeteran(row, options);
}

/**
 * Changes the fields given of one owned record, and makes it the primary when asked, in one
 * transaction. Nothing is saved when a field is bad.
 */
export async function updateVeteran(
  options: Owner & Reveal & { id: string; input: UpdateVeteranInput },
): Promise<Veteran> {
  const { is_primary: isPrimary, ...fields } = options.input;
  const errors = new FieldErrors();
  const values = toValues(fields, errors);
  errors.throwIfAny();
  const row = await repository.updateVeteran({
    db: options.db,
    userId: options.userId,
    id: options.id,
    values,
    makePrimary: isPrimary === true,
    // Against the record as stored, locked until the update commits.
    check: (current) => {
      checkAgainstBirth(fields, current, errors);
      errors.throwIfAny();
    },
  });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toVeteran(row, options);
}

/** Deletes one owned record; when it was the primary, the most recent other one becomes it. */
export async function deleteVeteran(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.deleteVeteran(options))) throw new AppError(ERR.NOT_FOUND);
}

/** All the owner's records in full, SSN and VA file number included (for the account export). */
export async function exportVeterans(options: Owner): Promise<Veteran[]> {
  const rows = await repository.listAllVeterans(options);
  return rows.map((row) => toVeteran(row, { reveal: true }));
}

/** The owner's primary record's id; undefined when they have no record. */
export async function findPrimaryVeteranId(options: Owner): Promise<string | undefined> {
  return repository.findPrimaryVeteranId(options);
}

/** Whether `id` names one of the owner's records. */
export async function isOwnVeteran(options: Owner & { id: string }): Promise<boolean> {
  return repository.isOwnVeteran(options);
}
