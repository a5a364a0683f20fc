/**
 * The guided 21-526EZ's steps, in order, and which step shows the field an error names (a path
 * inside the payload's `data.attributes`, dots between the parts).
 */
export const FORM_526_STEPS = [
  { key: 'claim', title: 'Claim' },
  { key: 'about', title: 'About you' },
  { key: 'service', title: 'Service' },
  { key: 'disabilities', title: 'Disabilities' },
  { key: 'review', title: 'Review & submit' },
] as const;

export type Form526Step = (typeof FORM_526_STEPS)[number]['key'];

export function isForm526Step(value: string | null): value is Form526Step {
  return FORM_526_STEPS.some((step) => step.key === value);
}

export function stepTitle(step: Form526Step): string {
  return FORM_526_STEPS.find((entry) => entry.key === step)!.title;
}

/** The step whose page shows the field at `path`. */
export function stepOfPath(path: string): Form526Step {
  if (path === 'veteranIdentification.currentVaEmployee') return 'review';
  if (path.startsWith('veteranIdentification')) return 'about';
  if (path.startsWith('serviceInformation') || path.startsWith('toxicExposure')) return 'service';
  if (path.startsWith('disabilities') || path.startsWith('treatments')) return 'disabilities';
  return 'review';
}

/** The element id of the field at `path` and of its error message. */
export const fieldId = (path: string) => `f526-${path.replaceAll('.', '-')}`;
export const errorId = (path: string) => `${fieldId(path)}-error`;

/** The errors a field shows: its own and those of the parts inside it. */
export function errorsUnder(
  errors: Record<string, string>,
  path: string,
): [path: string, message: string][] {
  return Object.entries(errors).filter(([key]) => key === path || key.startsWith(`${path}.`));
}
