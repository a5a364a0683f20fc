import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';

import { AppProvider } from '@/app/provider';
import { buildAppRoutes } from '@/app/router/router';
import { profileQueryOptions } from '@/features/users/api/get-profile';
import { authClient } from '@/lib/auth-client';
import { isMemberSession } from '@/lib/auth-session';
import { queryClient } from '@/lib/query-client';

/**
 * Build-time rendering of a few first pages into static HTML (scripts/prerender.ts runs this in a
 * simulated browser). A visitor then sees the page as soon as the HTML and the stylesheet arrive,
 * instead of after the app's code has downloaded and run; the app takes over when it is ready
 * (src/lib/prerender-handoff.ts).
 *
 * The rendering is the app's own: the same router, layout and page components. A member page is
 * rendered for a session the script answers with a neutral member, and only what every member sees
 * is kept: the parts that show the member's own data (sidebar, account menu, lists) load lazily and
 * so render as their loading placeholders here.
 */

export type PrerenderedPage = { markup: string; title: string };

/** Signs the neutral member in: the script answers the session and profile calls. */
export async function startMemberSession(): Promise<void> {
  await authClient.initialize();
  const state = authClient.getState();
  if (!isMemberSession(state)) throw new Error('prerender: the member session did not start');
  await queryClient.prefetchQuery(profileQueryOptions(state.user.id));
}

/** The markup of the page at `url` (a full URL), and the document title its route gives it. */
export async function prerenderPage(url: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(buildAppRoutes());
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    throw new Error(`prerender: ${url} answers ${context.status}, not a page`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  // The layout renders the document title as a <title> element; it belongs in the head.
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  const title = titles.at(-1)?.[1];
  if (!title) throw new Error(`prerender: ${url} rendered no title`);
  return { markup: html.replaceAll(/<title>[^<]*<\/title>/g, ''), title };
}
