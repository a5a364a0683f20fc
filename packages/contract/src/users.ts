import { z } from 'zod';
import { safeText } from './text.ts';

export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'lifetime',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
  'incomplete',
  'incomplete_expired',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const servedBranchSchema = z.object({ branch: z.string() });

/** Days between a deletion request and the erasure of the account's data and files. */
export const DELETION_GRACE_DAYS = 30;

/** A user's profile: what the product keeps about a user beyond sign-in identity. */
export const userProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    /**
     * False while the account still carries the names given at sign-up when none was known
     * ("Veteran Tango"): clients show the email instead and ask for a real name.
     */
    has_name: z.boolean(),
    avatar_url: z.string().nullable(),
    is_deleted: z.boolean(),
    deletion_scheduled_for: z.iso.datetime().nullable(),
    subscription_status: subscriptionStatusSchema.nullable(),
    price_id: z.string().nullable(),
    plan: z.enum(['FREE', 'PRO_MONTHLY', 'PRO_BIANNUALLY', 'LIFETIME']).nullable(),
    is_va_authenticated: z.object({
      benefit_claims: z.boolean(),
      veteran_verification: z.boolean(),
    }),
    theme_enabled: z.boolean(),
    selected_theme_branch: z.string().nullable(),
    served_branches: z.array(servedBranchSchema),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'UserProfile' });
export type UserProfile = z.infer<typeof userProfileSchema>;

const nameSchema = safeText({ min: 1, max: 80, messages: { tooLong: 'Too long' } });

export const updateUserProfileInputSchema = z
  .object({
    first_name: nameSchema,
    last_name: nameSchema,
    /** Any common spelling ("USMC", "U.S. Army"); stored as the canonical branch. */
    served_branches: z.array(z.object({ branch: safeText({ min: 1, max: 60 }) })).max(6),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateUserProfileInput = z.infer<typeof updateUserProfileInputSchema>;

export const deletionStatusSchema = z.object({
  is_deleted: z.boolean(),
  deletion_scheduled_for: z.iso.datetime().nullable(),
});
