import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  boardAppealListSchema,
  boardAppealParamsSchema,
  boardAppealSchema,
  createBoardAppealInputSchema,
  deadlineOverviewSchema,
  reminderSettingsSchema,
  updateReminderSettingsInputSchema,
} from '@muster/contract/deadlines';
import { errorResponses } from '#src/lib/route-errors.ts';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import {
  createBoardAppeal,
  deleteBoardAppeal,
  getDeadlineCalendar,
  getDeadlineOverview,
  getReminderSettings,
  listBoardAppeals,
  updateReminderSettings,
} from './deadlines.service.ts';

const tags = ['deadlines'];

/**
 * The deadline guardian: the user's VA deadlines, their calendar file, reminder settings and the
 * Board appeals they recorded. Everything is the signed-in user's own.
 */
export const deadlineRoutes: FastifyPluginAsyncZod = async (app) => {
  guardScope(app, requireUser);
  const owner = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.database.db,
    userId: currentUser(request).id,
  });

  app.get(
    '/deadlines',
    {
      schema: {
        tags,
        summary: 'Upcoming VA deadlines, soonest first, and the Intent to File countdown',
        description:
          'Intent to File expiry, the Board evidence window, the BDD filing window and one-year decision reviews, each with its due day, the days left (counted in the user’s time zone) and where to act.',
        response: { 200: deadlineOverviewSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getDeadlineOverview(owner(request)),
  );

  app.get(
    '/deadlines.ics',
    {
      schema: {
        tags,
        summary: 'The upcoming deadlines as an iCalendar (.ics) file',
        description:
          'One all-day event per deadline; UIDs are stable (kind and record), so importing again updates. With no deadlines there is no calendar: 204.',
        response: {
          200: z.any().describe('text/calendar'),
          204: z.null().describe('No deadlines, so no calendar'),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const calendar = await getDeadlineCalendar({
        ...owner(request),
        appUrl: app.config.urls.app,
      });
      // A calendar must hold at least one event: with no deadlines there is nothing to download.
      if (calendar === null) return reply.code(204).header('cache-control', 'no-store').send(null);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="muster-deadlines.ics"')
        .header('cache-control', 'no-store')
        .send(calendar);
    },
  );

  app.get(
    '/deadlines/settings',
    {
      schema: {
        tags,
        summary: 'Reminder settings: time zone and the kinds switched off',
        response: { 200: reminderSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getReminderSettings(owner(request)),
  );

  app.patch(
    '/deadlines/settings',
    {
      schema: {
        tags,
        summary: 'Change the reminder time zone or the kinds switched off',
        description:
          'An unknown time zone or kind answers 400 (2001). `reminders_off` replaces the list.',
        body: updateReminderSettingsInputSchema,
        response: { 200: reminderSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateReminderSettings({ ...owner(request), input: request.body }),
  );

  app.get(
    '/board-appeals',
    {
      schema: {
        tags,
        summary: 'The Board appeals the user recorded',
        response: { 200: boardAppealListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listBoardAppeals(owner(request)),
  );

  app.post(
    '/board-appeals',
    {
      schema: {
        tags,
        summary: 'Record a Board appeal (docket and the day the Board received VA Form 10182)',
        description:
          'On the evidence docket the Board accepts evidence for 90 days from that day; that deadline joins the list.',
        body: createBoardAppealInputSchema,
        response: { 201: boardAppealSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const appeal = await createBoardAppeal({ ...owner(request), input: request.body });
      return reply.code(201).send(appeal);
    },
  );

  app.delete(
    '/board-appeals/:id',
    {
      schema: {
        tags,
        summary: 'Delete a recorded Board appeal',
        params: boardAppealParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteBoardAppeal({ ...owner(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
