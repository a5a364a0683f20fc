import type { SideOfBody } from '@muster/contract/conditions';
import type { ClaimType } from '@muster/contract/disabilities';

/**
 * How the app names a disability's fields to the veteran: plain words, with VA's own term where the
 * veteran will meet it on VA's forms.
 */

/** The claim types as a veteran would say them. */
export const CLAIM_TYPE_LABELS: Record<ClaimType, string> = {
  direct: 'It started or happened during my service',
  secondary: 'Another service-connected condition caused it or made it worse',
  worsened_by_service: 'I had it before service, and service made it worse',
  caused_by_va_care: 'VA medical care caused it or made it worse',
  presumptive: 'VA presumes it comes from where or when I served',
};

/** VA's name for each claim type, shown next to the plain words. */
export const CLAIM_TYPE_TERMS: Record<ClaimType, string> = {
  direct: 'Direct',
  secondary: 'Secondary',
  worsened_by_service: 'Aggravation',
  caused_by_va_care: 'Section 1151',
  presumptive: 'Presumptive',
};

export const SIDE_OF_BODY_LABELS: Record<SideOfBody, string> = {
  left: 'Left',
  right: 'Right',
  bilateral: 'Both sides',
};

/** The claim type in a short line: VA's term, then the plain words. */
export function claimTypeLabel(claimType: ClaimType | null): string {
  if (!claimType) return 'Not chosen yet';
  return `${CLAIM_TYPE_TERMS[claimType]}: ${CLAIM_TYPE_LABELS[claimType]}`;
}

/** The rating VA gave, or that there is none yet. */
export function percentLabel(percent: number | null): string {
  return percent === null ? 'Not rated yet' : `${percent}%`;
}
