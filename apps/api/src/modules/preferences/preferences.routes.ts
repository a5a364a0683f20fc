import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userIdSchema } from '@muster/contract/common';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import {
  themePreferencesSchema,
  updateThemePreferencesInputSchema,
  type BranchSlug,
  type ThemePreferences,
  type UpdateThemePreferencesInput,
} from '@muster/contract/preferences';
import type { Db } from '@muster/db/client';
import { userProfiles } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';

const SLUGS: ReadonlySet<string> = new Set([
  'marine-corps',
  'army',
  'navy',
  'air-force',
  'space-force',
  'coast-guard',
]);

async function readPreferences(db: Db, userId: string): Promise<ThemePreferences> {
  const [row] = await db
    .select({
      themeEnabled: userProfiles.themeEnabled,
      selected: userProfiles.selectedThemeBranch,
      served: userProfiles.servedBranches,
    })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return {
    theme_enabled: row.themeEnabled,
    selected_theme_branch:
      row.selected && SLUGS.has(row.selected) ? (row.selected as BranchSlug) : null,
    // Served branches have one source: the profile.
    branches_served: row.served,
  };
}

/**
 * Spec section 4 rules, applied on the server too: choosing a branch turns the theme on; turning it
 * off (reset) clears the branch.
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

/** Military theme preferences per user: `GET`, and `POST` or `PATCH` (same effect). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const params = z.object({ userId: userIdSchema });
  const errors = {
    400: errorEnvelopeSchema,
    401: errorEnvelopeSchema,
    403: errorEnvelopeSchema,
    404: errorEnvelopeSchema,
  };
  const owned = (requesterId: string, userId: string) => {
    if (requesterId !== userId) throw new AppError(ERR.NOT_FOUND);
  };

  app.get(
    '/user-profiles/:userId/theme-preferences',
    {
      schema: {
        tags: ['preferences'],
        summary: 'Military theme preferences',
        params,
        response: { 200: themePreferencesSchema, ...errors },
      },
    },
    async (request) => {
      owned(currentUser(request).id, request.params.userId);
      return readPreferences(app.database.db, request.params.userId);
    },
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/user-profiles/:userId/theme-preferences',
      schema: {
        tags: ['preferences'],
        summary:
          method === 'POST' ? 'Save theme preferences (first time)' : 'Update theme preferences',
        params,
        body: updateThemePreferencesInputSchema,
        response: { 200: themePreferencesSchema, ...errors },
      },
      handler: async (request) => {
        owned(currentUser(request).id, request.params.userId);
        const current = await readPreferences(app.database.db, request.params.userId);
        const { enabled, branch } = applyThemeRules(current, request.body);
        await app.database.db
          .update(userProfiles)
          .set({ themeEnabled: enabled, selectedThemeBranch: branch, updatedAt: new Date() })
          .where(eq(userProfiles.id, request.params.userId));
        return readPreferences(app.database.db, request.params.userId);
      },
    });
  }
};
