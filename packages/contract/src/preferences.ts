import { z } from 'zod';

/** Military theme preferences (stored per user; the app also keeps a local copy). */
export const BRANCH_SLUGS = [
  'marine-corps',
  'army',
  'navy',
  'air-force',
  'space-force',
  'coast-guard',
] as const;
export const branchSlugSchema = z.enum(BRANCH_SLUGS);
export type BranchSlug = z.infer<typeof branchSlugSchema>;

export const themePreferencesSchema = z.object({
  theme_enabled: z.boolean(),
  /** A branch slug such as `marine-corps`, or null when no branch theme is chosen. */
  selected_theme_branch: branchSlugSchema.nullable(),
  /** From the profile (one source): the branches the veteran served in. */
  branches_served: z.array(z.object({ branch: z.string() })),
});
export type ThemePreferences = z.infer<typeof themePreferencesSchema>;

export const updateThemePreferencesInputSchema = z
  .object({ theme_enabled: z.boolean(), selected_theme_branch: branchSlugSchema.nullable() })
  .partial()
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update');
export type UpdateThemePreferencesInput = z.infer<typeof updateThemePreferencesInputSchema>;
