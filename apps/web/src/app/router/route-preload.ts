import { APP_ROUTES, ROUTE_REDIRECTS } from './route-config';
import type { AppRoute, LazyRouteModule } from './route-types';

/**
 * Whether `pathname` fits a route pattern the way the router matches it: segment by segment,
 * `:name` standing for any one segment, letters compared without case, a trailing slash ignored.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const split = (value: string) => value.split('/').filter(Boolean);
  const wanted = split(pattern);
  const actual = split(pathname);
  if (wanted.length !== actual.length) return false;
  return wanted.every(
    (segment, index) =>
      segment.startsWith(':') || segment.toLowerCase() === actual[index]!.toLowerCase(),
  );
}

/** How specific a pattern is: the router prefers `/chats/new` to `/chats/:chatId` for `/chats/new`. */
function staticSegments(pattern: string): number {
  return pattern.split('/').filter((segment) => segment && !segment.startsWith(':')).length;
}

/** The code a page at `pathname` needs: its layouts, outermost first, then the page itself. */
export function routeModulesFor(
  pathname: string,
  routes: readonly AppRoute[] = APP_ROUTES,
  redirects: readonly { from: string; to: string }[] = ROUTE_REDIRECTS,
): LazyRouteModule[] {
  const redirect = redirects.find(({ from }) => matchesPattern(from, pathname));
  const target = redirect ? redirect.to : pathname;
  let best: { modules: LazyRouteModule[]; rank: number } | undefined;
  const search = (candidates: readonly AppRoute[], layouts: LazyRouteModule[]) => {
    for (const route of candidates) {
      const around = route.layout ? [...layouts, route.layout] : layouts;
      if (matchesPattern(route.path, target)) {
        const rank = staticSegments(route.path);
        if (!best || rank > best.rank) best = { modules: [...around, route.lazy], rank };
      }
      search(route.children ?? [], around);
    }
  };
  search(routes, []);
  return best?.modules ?? [];
}

/**
 * Starts downloading the first page's code at once, beside the app's own code, instead of after
 * the app has started and the router has matched the URL. The router's own `lazy` calls later get
 * the same modules. A failure is left to the router, which reports it where it would anyway.
 */
export function preloadRouteModules(
  pathname: string,
  modulesFor: (pathname: string) => LazyRouteModule[] = routeModulesFor,
) {
  for (const load of modulesFor(pathname)) void load().catch(() => undefined);
}

/**
 * With a stored session, a protected page opens inside the signed-in shell, whose sidebar and
 * account controls are their own chunks (a signed-out visitor never needs them). Asking for them
 * now, beside the app's code, saves the round trip the shell would otherwise start only once the
 * session is confirmed. Without a stored token nothing is fetched.
 */
export function preloadSignedInShell(hasStoredSession: boolean) {
  if (!hasStoredSession) return;
  void import('../shell/shell-sidebar').catch(() => undefined);
  void import('../shell/account-controls').catch(() => undefined);
}
