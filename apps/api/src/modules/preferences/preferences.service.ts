import { AI_CONSENT, type AiConsent } from '@muster/contract/chat';
import { ERR } from '@muster/contract/errors';
import {
  branchSlugSchema,
  type ThemePreferences,
  type UpdateThemePreferencesInput,
} from '@muster/contract/preferences';
import type { Db } from '@muster/db/client';
import { AppError } from '#src/lib/errors.ts';
import { assertOwner } from '#src/lib/owner.ts';
import * as repository from './preferences.repository.ts';

type Owner = { db: Db; requesterId: string; userId: string };

/**
 * Choosing a branch turns the theme on; turning it off (reset) clears the branch. The app applies
 * the same rules; the server applies them too so no client can store a branch with the theme off.
 */
export function applyThemeRules(current: ThemePreferences, input: UpdateThemePreferencesInput) {
  let enabled = input.theme_enabled ?? current.theme_enabled;
  let branch =
    input.selected_theme_branch === undefined
      ? current.selected_theme_branch
      : input.selected_theme_branch;
  if (input.selected_theme_branch) enabled = true;
  if (input.theme_enabled === false && input.selected_theme_branch === undefined) branch = null;
  if (!enabled) branch = null;
  return { enabled, branch };
}

async function readPreferences(options: Owner): Promise<ThemePreferences> {
  const row = await repository.findThemeRow(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  const selected = branchSlugSchema.safeParse(row.selected);
  return {
    theme_enabled: row.themeEnabled,
    selected_theme_branch: selected.success ? selected.data : null,
    // Served branches have one source: the profile.
    branches_served: row.served,
  };
}

/** The owner's military theme preferences. */
export async function getThemePreferences(options: Owner): Promise<ThemePreferences> {
  assertOwner(options);
  return readPreferences(options);
}

/** Saves the owner's theme choice after the theme rules, and answers what is now stored. */
export async function updateThemePreferences(
  options: Owner & { input: UpdateThemePreferencesInput },
): Promise<ThemePreferences> {
  assertOwner(options);
  const { enabled, branch } = applyThemeRules(await readPreferences(options), options.input);
  await repository.updateThemeRow({ ...options, enabled, branch });
  return readPreferences(options);
}

/**
 * Whether chat may send the user's text to the outside model at `host`: `ask` until they choose.
 * An agreement given for another host (the operator changed providers) reads as `ask`, as does a
 * value this version does not know, so nothing leaves without a choice for where it goes.
 */
export async function getAiConsent(options: {
  db: Db;
  userId: string;
  host: string;
}): Promise<AiConsent> {
  const stored = await repository.findAiConsent(options);
  if (!stored || !(AI_CONSENT as readonly string[]).includes(stored.consent)) return 'ask';
  if (stored.consent === 'provider' && stored.host !== options.host) return 'ask';
  return stored.consent as AiConsent;
}

/** Records the user's choice: the outside model at `host`, or chat kept offline. */
export async function setAiConsent(options: {
  db: Db;
  userId: string;
  consent: Exclude<AiConsent, 'ask'>;
  host: string;
}): Promise<void> {
  await repository.updateAiConsent({
    db: options.db,
    userId: options.userId,
    consent: options.consent,
    host: options.consent === 'provider' ? options.host : null,
  });
}
