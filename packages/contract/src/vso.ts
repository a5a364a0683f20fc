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
