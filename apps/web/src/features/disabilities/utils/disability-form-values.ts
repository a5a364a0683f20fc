import { SIDES_OF_BODY, type SideOfBody } from '@muster/contract/conditions';
import {
  CLAIM_TYPES,
  createDisabilityInputSchema,
  type ClaimType,
  type CreateDisabilityInput,
  type Disability,
} from '@muster/contract/disabilities';
import { z } from 'zod';

/**
 * What the disability form holds: each control's text as shown (an empty control is ''), turned
 * into the contract's `createDisabilityInputSchema` input before validating. The contract stays the
 * only source of the rules; this file only says what an empty control means.
 */
export type DisabilityFormValues = {
  title: string;
  diagnosis: string;
  diagnostic_code: string;
  classification_code: string;
  side_of_body: SideOfBody | '';
  claim_type: ClaimType | '';
  /** '' while the user has no veteran record (the API then leaves it empty). */
  veteran_id: string;
  /** '' for "not rated yet", else "0" … "100". */
  percent: string;
};

/** Every field name, for putting the API's per-field errors on the form. */
export const DISABILITY_FIELD_NAMES = [
  'title',
  'diagnosis',
  'diagnostic_code',
  'classification_code',
  'side_of_body',
  'claim_type',
  'veteran_id',
  'percent',
] as const satisfies readonly (keyof DisabilityFormValues)[];

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The contract input the form's values stand for. */
export function toDisabilityInput(values: DisabilityFormValues): CreateDisabilityInput {
  return createDisabilityInputSchema.parse(toRawInput(values));
}

function toRawInput(values: DisabilityFormValues): z.input<typeof createDisabilityInputSchema> {
  return {
    title: values.title,
    diagnosis: orNull(values.diagnosis),
    diagnostic_code: orNull(values.diagnostic_code),
    classification_code: orNull(values.classification_code),
    side_of_body: values.side_of_body === '' ? null : values.side_of_body,
    claim_type: values.claim_type === '' ? null : values.claim_type,
    // No record to choose: left out, so the API applies its own rule (the primary, or none).
    ...(values.veteran_id === '' ? {} : { veteran_id: values.veteran_id }),
    percent: values.percent === '' ? null : Number(values.percent),
  };
}

/** Validates the form's values with the contract schema; error paths are the field names. */
export const disabilityFormSchema = z
  .object({
    title: z.string(),
    diagnosis: z.string(),
    diagnostic_code: z.string(),
    classification_code: z.string(),
    side_of_body: z.union([z.enum(SIDES_OF_BODY), z.literal('')]),
    claim_type: z.union([z.enum(CLAIM_TYPES), z.literal('')]),
    veteran_id: z.string(),
    percent: z.string(),
  })
  .transform(toRawInput)
  .pipe(createDisabilityInputSchema);

/** The form's starting values: empty (with the given record chosen), or the saved disability. */
export function disabilityFormDefaults(
  disability?: Disability,
  defaultVeteranId = '',
): DisabilityFormValues {
  return {
    title: disability?.title ?? '',
    diagnosis: disability?.diagnosis ?? '',
    diagnostic_code: disability?.diagnostic_code ?? '',
    classification_code: disability?.classification_code ?? '',
    side_of_body: disability?.side_of_body ?? '',
    claim_type: disability?.claim_type ?? '',
    veteran_id: disability ? (disability.veteran_id ?? '') : defaultVeteranId,
    percent: disability?.percent === null || !disability ? '' : String(disability.percent),
  };
}
