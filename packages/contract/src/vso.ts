import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';
import { safeText } from './text.ts';

/** VA's search for accredited representatives (VSOs, attorneys and claims agents). */
export const VA_REPRESENTATIVE_SEARCH_URL =
  'https://www.va.gov/get-help-from-accredited-representative/find-rep/';

/** The longest a share link may live. */
export const VSO_SHARE_MAX_DAYS = 90;

/** A POA code: three letters or digits as VA assigns them to an organisation or a person. */
export const poaCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3}$/, 'A POA code is three letters or digits');

/** `PUT /vso-representative`: the representative the veteran works with (one per veteran). */
export const vsoRepresentativeInputSchema = z.object({
  organization: safeText({ min: 1, max: 200 }),
  representative_name: safeText({ min: 1, max: 200 }),
  /** VA's accreditation number of the person, when known. */
  accreditation_number: safeText({ min: 1, max: 40 }).nullable().optional(),
  poa_code: poaCodeSchema.nullable().optional(),
  email: z.email().max(254).nullable().optional(),
  phone: safeText({ min: 7, max: 40 }).nullable().optional(),
});
export type VsoRepresentativeInput = z.infer<typeof vsoRepresentativeInputSchema>;

export const vsoRepresentativeSchema = z.object({
  organization: z.string(),
  representative_name: z.string(),
  accreditation_number: z.string().nullable(),
  poa_code: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  updated_at: isoDateTimeSchema,
});
export type VsoRepresentative = z.infer<typeof vsoRepresentativeSchema>;

/**
 * The kinds of record a share can reach. Each item names one record of the veteran's; the link
 * reaches exactly these and nothing else.
 */
export const SHARE_ITEM_KINDS = [
  'disability',
  'personal-statement',
  'document',
  'decision-letter',
  'cfile',
  'nexus-letter',
  'layman-statement',
] as const;
export const shareItemKindSchema = z.enum(SHARE_ITEM_KINDS);
export type ShareItemKind = z.infer<typeof shareItemKindSchema>;

export const shareItemInputSchema = z.object({
  kind: shareItemKindSchema,
  id: z.uuid(),
  /**
   * The veteran ticked this one record although it is protected by 38 U.S.C. 7332 (drug or
   * alcohol treatment, HIV, sickle cell). Without it a protected record is refused.
   */
  include_protected: z.boolean().optional(),
});
export type ShareItemInput = z.infer<typeof shareItemInputSchema>;

/** `POST /vso-shares`. */
export const createVsoShareSchema = z.object({
  items: z.array(shareItemInputSchema).min(1).max(200),
  expires_at: isoDateTimeSchema,
  /** Who the link is for, in the veteran's words ("DAV, Jane Smith"). */
  label: safeText({ min: 1, max: 200 }).optional(),
});
export type CreateVsoShare = z.infer<typeof createVsoShareSchema>;

export const shareItemSchema = z.object({
  kind: shareItemKindSchema,
  id: z.uuid(),
  /** The record's title as the veteran sees it, or null once the record is gone. */
  title: z.string().nullable(),
  protected_7332: z.boolean(),
});
export type ShareItem = z.infer<typeof shareItemSchema>;

export const vsoShareSchema = z.object({
  id: z.uuid(),
  label: z.string().nullable(),
  items: z.array(shareItemSchema),
  expires_at: isoDateTimeSchema,
  revoked_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  /** How many times the link was opened. */
  access_count: z.number().int(),
  last_accessed_at: isoDateTimeSchema.nullable(),
});
export type VsoShare = z.infer<typeof vsoShareSchema>;

/** The answer to `POST /vso-shares`: the only time the link's token is shown. */
export const vsoShareCreatedSchema = vsoShareSchema.extend({
  token: z.string(),
  url: z.url(),
});
export type VsoShareCreated = z.infer<typeof vsoShareCreatedSchema>;

export const vsoShareAccessSchema = z.object({
  id: z.uuid(),
  share_id: z.uuid(),
  accessed_at: isoDateTimeSchema,
  /** What was opened: the list, or one record. */
  item_kind: shareItemKindSchema.nullable(),
  item_id: z.uuid().nullable(),
  item_title: z.string().nullable(),
  /** The network the request came from, shortened (the last part of the address hidden). */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type VsoShareAccess = z.infer<typeof vsoShareAccessSchema>;

/** `GET /vso-representative`: the representative, or null before one is recorded. */
export const vsoRepresentativeAnswerSchema = z.object({
  representative: vsoRepresentativeSchema.nullable(),
});
export type VsoRepresentativeAnswer = z.infer<typeof vsoRepresentativeAnswerSchema>;

/**
 * `GET /vso-representative/form-21-22`: what goes on VA Form 21-22 (Appointment of Veterans Service
 * Organization as Claimant's Representative), from the primary veteran record and the
 * representative. `request_body` is shaped as the Benefits Claims API v2 `POST
 * /veterans/{icn}/2122` body; nothing is sent to VA.
 */
export const form2122Schema = z.object({
  veteran: z
    .object({
      first_name: z.string(),
      middle_name: z.string().nullable(),
      last_name: z.string(),
      /** Masked as everywhere else: `***-**-1234`. */
      ssn: z.string().nullable(),
      /** Masked but for its last four characters. */
      va_file_number: z.string().nullable(),
      date_of_birth: z.string().nullable(),
      address: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
      branches: z.array(z.string()),
    })
    .nullable(),
  representative: z
    .object({
      organization: z.string(),
      representative_name: z.string(),
      poa_code: z.string().nullable(),
      accreditation_number: z.string().nullable(),
    })
    .nullable(),
  request_body: z.object({
    data: z.object({ attributes: z.record(z.string(), z.unknown()) }),
  }),
  /** What is still needed, each in plain words saying what to add and where. */
  missing: z.array(z.string()),
  /** Nothing is missing and the body passes VA's schema. */
  ready: z.boolean(),
});
export type Form2122 = z.infer<typeof form2122Schema>;

/** The header that carries a share link's token (never the URL). */
export const SHARE_TOKEN_HEADER = 'x-share-token';

/** `GET /vso-shares/records`: the veteran's records that can go into a share. */
export const shareableRecordSchema = z.object({
  kind: shareItemKindSchema,
  id: z.uuid(),
  title: z.string(),
  /** Protected by 38 U.S.C. 7332: it goes into a share only when ticked on its own. */
  protected_7332: z.boolean(),
});
export type ShareableRecord = z.infer<typeof shareableRecordSchema>;
export const shareableRecordListSchema = z.object({ results: z.array(shareableRecordSchema) });
export type ShareableRecordList = z.infer<typeof shareableRecordListSchema>;

export const vsoShareListSchema = z.object({ results: z.array(vsoShareSchema) });
export type VsoShareList = z.infer<typeof vsoShareListSchema>;
export const vsoShareAccessListSchema = z.object({ results: z.array(vsoShareAccessSchema) });
export type VsoShareAccessList = z.infer<typeof vsoShareAccessListSchema>;

/** `GET /shared`: what a share link holds, as the representative sees it. */
export const sharedViewSchema = z.object({
  veteran_first_name: z.string(),
  organization: z.string().nullable(),
  expires_at: isoDateTimeSchema,
  items: z.array(
    z.object({ kind: shareItemKindSchema, id: z.uuid(), title: z.string().nullable() }),
  ),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

/** `GET /shared/items/{kind}/{id}`: one shared record, read-only. */
export const sharedItemSchema = z.object({
  kind: shareItemKindSchema,
  id: z.uuid(),
  title: z.string(),
  /** Short labelled facts ("Diagnostic code": "5237"). */
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
  /** Text or lists under a heading: a statement's text, a C-file's medications. */
  sections: z.array(
    z.object({
      heading: z.string(),
      style: z.enum(['text', 'list']),
      lines: z.array(z.string()),
    }),
  ),
  /**
   * A vault document: a link to its file, lasting a minute at most and never past the share's end.
   * The page asks again for a fresh one once it has expired.
   */
  download: z.object({ url: z.url(), expires_at: isoDateTimeSchema }).nullable(),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

/** The address a representative opens: `/shared/{token}` on the app. */
export const sharedItemParamsSchema = z.object({
  kind: z.string().max(40),
  id: z.string().max(40),
});

/** A share link's token as the app hands it out: 32 random bytes in base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
