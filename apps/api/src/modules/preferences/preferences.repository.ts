import { eq } from 'drizzle-orm';
import type { Db } from '@muster/db/client';
import { userProfiles } from '@muster/db/schema/index';

type Owner = { db: Db; userId: string };

/** The owner's theme columns, or undefined when the profile does not exist. */
export async function findThemeRow(options: Owner) {
  const [row] = await options.db
    .select({
      themeEnabled: userProfiles.themeEnabled,
      selected: userProfiles.selectedThemeBranch,
      served: userProfiles.servedBranches,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, options.userId));
  return row;
}

export async function updateThemeRow(
  options: Owner & { enabled: boolean; branch: string | null },
): Promise<void> {
  await options.db
    .update(userProfiles)
    .set({
      themeEnabled: options.enabled,
      selectedThemeBranch: options.branch,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.id, options.userId));
}

/** The owner's choice about outside AI models, or undefined when the profile does not exist. */
export async function findAiConsent(
  options: Owner,
): Promise<{ consent: string; host: string | null } | undefined> {
  const [row] = await options.db
    .select({ consent: userProfiles.aiConsent, host: userProfiles.aiConsentHost })
    .from(userProfiles)
    .where(eq(userProfiles.id, options.userId));
  return row;
}

export async function updateAiConsent(
  options: Owner & { consent: string; host: string | null },
): Promise<void> {
  await options.db
    .update(userProfiles)
    .set({ aiConsent: options.consent, aiConsentHost: options.host, updatedAt: new Date() })
    .where(eq(userProfiles.id, options.userId));
}
