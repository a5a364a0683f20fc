import { z } from 'zod';
import { isoDateSchema } from './calculator.ts';
import {
  isoDateTimeSchema,
  jobStatusSchema,
  pageQuerySchema,
  pagedSchema,
  pathIdSchema,
} from './common.ts';
import { sideOfBodySchema } from './conditions.ts';
import { MAX_BULK_DISABILITIES } from './disabilities.ts';
import { safeText } from './text.ts';

/** The most pages one C-file may have; a longer file is refused when it is counted. */
export const CFILE_MAX_PAGES = 10_000;

/** `POST /cfiles`: a PDF already uploaded through `/uploads` (kind `c-file`). */
export const createCfileSchema = z.object({ file_id: z.uuid() });
export type CreateCfile = z.infer<typeof createCfileSchema>;

/** How a page's text was read. */
export const PAGE_SOURCES = ['text', 'pdftotext', 'ocr', 'none'] as const;
export const pageSourceSchema = z.enum(PAGE_SOURCES);
export type PageSource = z.infer<typeof pageSourceSchema>;

export const cfileSchema = z.object({
  id: z.uuid(),
  status: jobStatusSchema,
  /** 0–100: the share of pages read (the last step, gathering findings, is the final percent). */
  progress: z.number().int().min(0).max(100),
  /** Null until the file's pages are counted. */
  pages_total: z.number().int().nullable(),
  pages_done: z.number().int(),
  /** Pages read by OCR so far (scanned pages without a text layer). */
  pages_ocr: z.number().int(),
  /** Why processing failed, in words the veteran can act on; null otherwise. */
  error: z.string().nullable(),
  /** The uploaded file; null once it has been deleted from the vault. */
  file_id: z.uuid().nullable(),
  filename: z.string(),
  medications_count: z.number().int().nullable(),
  conditions_count: z.number().int().nullable(),
  created_at: isoDateTimeSchema,
  completed_at: isoDateTimeSchema.nullable(),
});
export type Cfile = z.infer<typeof cfileSchema>;
export const cfileListSchema = pagedSchema(cfileSchema);
/** `GET /cfiles?page=&page_size=`. */
export const cfileListQuerySchema = pageQuerySchema;
export type CfileList = z.infer<typeof cfileListSchema>;

export const cfileCreatedSchema = z.object({ id: z.uuid(), status: jobStatusSchema });
export type CfileCreated = z.infer<typeof cfileCreatedSchema>;

export const cfileMedicationSchema = z.object({
  /** The generic name in lower case, or the word written before a dose. */
  name: z.string(),
  /** The dose written most often ("50 mg", "1 tab"), or null. */
  dose: z.string().nullable(),
  first_seen: isoDateSchema.nullable(),
  last_seen: isoDateSchema.nullable(),
  /** Page numbers (1-based, ascending). */
  pages: z.array(z.number().int()),
  /** A drug that treats drug or alcohol use disorder: the record is protected by 38 U.S.C. 7332. */
  protected_7332: z.boolean(),
  /** Found by the lexicon of drug names, or only by a dose written after an unknown word. */
  source: z.enum(['lexicon', 'dose_pattern']),
});
export type CfileMedication = z.infer<typeof cfileMedicationSchema>;
export const cfileMedicationsSchema = z.object({ results: z.array(cfileMedicationSchema) });
export type CfileMedications = z.infer<typeof cfileMedicationsSchema>;

export const cfilePresumptiveSchema = z.union([
  z.literal(false),
  z.object({
    lists: z.array(z.object({ id: z.string(), title: z.string(), certain: z.boolean() })),
  }),
]);

export const cfileConditionSchema = z.object({
  /** The condition catalogue's label without its side, or a protected diagnosis's name. */
  name: z.string(),
  diagnostic_code: z.string().nullable(),
  pages: z.array(z.number().int()),
  sides: z.array(sideOfBodySchema),
  /** Already among the veteran's disabilities. */
  claimed: z.boolean(),
  /** The presumptive lists that name it, or false. */
  presumptive: cfilePresumptiveSchema,
  protected_7332: z.boolean(),
  /** A few mentions, one a page; a protected one's snippet is a placeholder. */
  evidence: z.array(z.object({ page: z.number().int(), snippet: z.string() })),
});
export type CfileCondition = z.infer<typeof cfileConditionSchema>;
export const cfileConditionsSchema = z.object({ results: z.array(cfileConditionSchema) });
export type CfileConditions = z.infer<typeof cfileConditionsSchema>;

/** `GET /cfiles/{id}/pages/{page}`: one page's text, for the page viewer. */
export const cfilePageSchema = z.object({
  page: z.number().int(),
  pages_total: z.number().int(),
  source: pageSourceSchema,
  text: z.string(),
  /** The page mentions a record protected by 38 U.S.C. 7332. */
  protected_7332: z.boolean(),
});
export type CfilePage = z.infer<typeof cfilePageSchema>;
/**
 * `GET /cfiles/{id}/pages/{page}`. The page is checked once the C-file is found (1 to its
 * `pages_total`, else 400), so another user's C-file answers 404 whatever the number.
 */
export const cfilePageParamsSchema = z.object({
  id: pathIdSchema,
  page: safeText({ min: 1, max: 100, trim: false }).describe(
    `A page number, from 1 to the file's pages_total (at most ${CFILE_MAX_PAGES})`,
  ),
});

/** `POST /cfiles/{id}/disabilities`: add found conditions as disabilities in one step. */
export const addCfileDisabilitiesSchema = z.object({
  names: z
    .array(safeText({ min: 1, max: 200 }))
    .min(1)
    .max(MAX_BULK_DISABILITIES),
});
export type AddCfileDisabilities = z.infer<typeof addCfileDisabilitiesSchema>;
export const addedCfileDisabilitiesSchema = z.object({
  created: z.array(z.object({ id: z.uuid(), name: z.string() })),
  /** Names already among the veteran's disabilities, left as they were. */
  skipped: z.array(z.string()),
});
export type AddedCfileDisabilities = z.infer<typeof addedCfileDisabilitiesSchema>;
