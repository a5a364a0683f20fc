import { z } from 'zod';
import { isoDateTimeSchema, pagedSchema, pageQuerySchema } from './common.ts';
import { statementFormatSchema } from './personal-statements.ts';
import { safeText } from './text.ts';

/**
 * VA's evidence document types, the codes a 526EZ attachment is tagged with (VA.gov's
 * `documentTypes526`, as published in vets-json-schema's constants).
 */
export const VA_DOCUMENT_TYPES = [
  { code: 'L015', label: 'Buddy/Lay Statement' },
  { code: 'L018', label: 'Civilian Police Reports' },
  { code: 'L029', label: 'Copy of a DD214' },
  { code: 'L702', label: 'Disability Benefits Questionnaire (DBQ)' },
  { code: 'L703', label: 'Goldmann Perimetry Chart/Field Of Vision Chart' },
  { code: 'L034', label: 'Military Personnel Record' },
  { code: 'L478', label: 'Medical Treatment Records - Furnished by SSA' },
  { code: 'L048', label: 'Medical Treatment Record - Government Facility' },
  { code: 'L049', label: 'Medical Treatment Record - Non-Government Facility' },
  { code: 'L023', label: 'Other Correspondence' },
  { code: 'L070', label: 'Photographs' },
  { code: 'L450', label: 'STR - Dental - Photocopy' },
  { code: 'L451', label: 'STR - Medical - Photocopy' },
  {
    code: 'L222',
    label:
      'VA Form 21-0779 - Request for Nursing Home Information in Connection with Claim for Aid & Attendance',
  },
  {
    code: 'L228',
    label:
      'VA Form 21-0781 - Statement in Support of Claimed Mental Health Disorder(s) Due to an In-Service Traumatic Event(s)',
  },
  {
    code: 'L229',
    label:
      'VA Form 21-0781a - Statement in Support of Claim for PTSD Secondary to Personal Assault',
  },
  {
    code: 'L102',
    label:
      'VA Form 21-2680 - Examination for Housebound Status or Permanent Need for Regular Aid & Attendance',
  },
  { code: 'L107', label: 'VA Form 21-4142 - Authorization To Disclose Information' },
  { code: 'L827', label: 'VA Form 21-4142a - General Release for Medical Provider Information' },
  {
    code: 'L115',
    label:
      'VA Form 21-4192 - Request for Employment Information in Connection with Claim for Disability',
  },
  {
    code: 'L117',
    label:
      'VA Form 21-4502 - Application for Automobile or Other Conveyance and Adaptive Equipment Under 38 U.S.C. 3901-3904',
  },
  {
    code: 'L159',
    label:
      'VA Form 26-4555 - Application in Acquiring Specially Adapted Housing or Special Home Adaptation Grant',
  },
  { code: 'L133', label: 'VA Form 21-674 - Request for Approval of School Attendance' },
  { code: 'L139', label: 'VA Form 21-686c - Declaration of Status of Dependents' },
  {
    code: 'L149',
    label:
      'VA Form 21-8940 - Veterans Application for Increased Compensation Based on Un-employability',
  },
  { code: 'L1839', label: 'Separation Health Assessment (SHA) - Part A' },
] as const;

export type VaDocumentTypeCode = (typeof VA_DOCUMENT_TYPES)[number]['code'];
const CODES = VA_DOCUMENT_TYPES.map((type) => type.code) as [
  VaDocumentTypeCode,
  ...VaDocumentTypeCode[],
];
export const vaDocumentTypeSchema = z.enum(CODES, { error: 'Choose one of VA’s document types' });

/** The label of a document type code, or null for none. */
export function documentTypeLabel(code: string | null): string | null {
  return VA_DOCUMENT_TYPES.find((type) => type.code === code)?.label ?? null;
}

export const DOCUMENT_NAME_MAX = 255;

/**
 * A name a veteran gives a document: one line, no slashes or backslashes (a name is never a
 * path), not "." or "..".
 */
export const documentNameSchema = safeText({ min: 1, max: DOCUMENT_NAME_MAX })
  .refine((name) => !/[\\/]/.test(name), 'Must not contain slashes')
  .refine((name) => name !== '.' && name !== '..', 'Choose another name');

export const documentSchema = z.object({
  id: z.uuid(),
  file_id: z.uuid(),
  name: z.string(),
  /** The file's extension in lower case without the dot ("pdf"), or "" when it has none. */
  extension: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  doc_type: z.string().nullable(),
  doc_type_label: z.string().nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type VaultDocument = z.infer<typeof documentSchema>;

/** `GET /documents`: newest first; `q` finds names containing it (any case). */
export const documentListQuerySchema = pageQuerySchema.extend({
  q: safeText({ max: 200 }).optional(),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;
export const documentPageSchema = pagedSchema(documentSchema);
export type DocumentPage = z.infer<typeof documentPageSchema>;

/** `POST /documents`: a finished upload of kind `document` becomes a vault document. */
export const createDocumentInputSchema = z.object({
  file_id: z.uuid('Must be the id of an upload'),
  name: documentNameSchema.optional(),
  doc_type: vaDocumentTypeSchema.nullable().optional(),
});
export type CreateDocumentInput = z.infer<typeof createDocumentInputSchema>;

export const updateDocumentInputSchema = z
  .object({ name: documentNameSchema, doc_type: vaDocumentTypeSchema.nullable() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateDocumentInput = z.infer<typeof updateDocumentInputSchema>;

/** `GET /documents/{id}/download?disposition=inline` opens in the browser (PDF and images). */
export const documentDownloadQuerySchema = z.object({
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});

/** The bytes the owner keeps in storage, and the plan's cap (null: no cap). */
export const storageUsageSchema = z.object({
  used_bytes: z.number().int(),
  limit_bytes: z.number().int().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The extension of a file name, lower case, without the dot; "" when it has none. */
export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * Something Muster wrote for the veteran, listed on `/documents` to download again: today each
 * personal statement (its latest version), in every format it can be had in.
 */
export const generatedDocumentSchema = z.object({
  id: z.uuid(),
  kind: z.literal('personal-statement'),
  title: z.string(),
  disability_id: z.uuid(),
  disability_title: z.string(),
  version: z.number().int(),
  updated_at: isoDateTimeSchema,
  formats: z.array(statementFormatSchema),
});
export type GeneratedDocument = z.infer<typeof generatedDocumentSchema>;
export const generatedDocumentListSchema = z.object({ results: z.array(generatedDocumentSchema) });
