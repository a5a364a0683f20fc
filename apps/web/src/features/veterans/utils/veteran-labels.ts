import type {
  DischargeCharacter,
  ServiceComponent,
  ServicePeriod,
  Veteran,
} from '@muster/contract/veterans';
import { BRANCHES } from '@muster/domain/branches';
import { formatDay } from '@muster/domain/format';

/** How each service component reads. */
export const COMPONENT_LABELS: Record<ServiceComponent, string> = {
  active: 'Active duty',
  reserve: 'Reserve',
  national_guard: 'National Guard',
};

/** How each character of discharge reads, as a DD-214 words it. */
export const DISCHARGE_LABELS: Record<DischargeCharacter, string> = {
  honorable: 'Honorable',
  general: 'General (under honorable conditions)',
  other_than_honorable: 'Other than honorable',
  bad_conduct: 'Bad conduct',
  dishonorable: 'Dishonorable',
  uncharacterized: 'Uncharacterized (entry-level separation)',
};

/** A stored branch ("Army") as shown ("U.S. Army"). */
export function branchLabel(branch: string): string {
  return BRANCHES.find((candidate) => candidate.id === branch)?.displayName ?? branch;
}

/** First, middle and last name, as one line. */
export function veteranName(record: Pick<Veteran, 'first_name' | 'middle_name' | 'last_name'>) {
  return [record.first_name, record.middle_name, record.last_name].filter(Boolean).join(' ');
}

/** "U.S. Marine Corps, Jun 1, 1998 to May 31, 2004" (or "to present" while serving). */
export function servicePeriodSummary(period: ServicePeriod): string {
  const end = period.end_date ? formatDay(period.end_date) : 'present';
  return `${branchLabel(period.branch)}, ${formatDay(period.start_date)} to ${end}`;
}

/** The last four characters of a masked identifier (`***-**-6789` → `6789`). */
export function lastFour(masked: string): string {
  return masked.replace(/[^0-9A-Za-z]/g, '').slice(-4);
}
