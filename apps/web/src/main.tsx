import './index.css';

import { preloadRouteModules, preloadSignedInShell } from '@/app/router/route-preload';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { appContainer } from '@/lib/prerender-handoff';

// Zod would probe whether it may compile validators with `new Function`; the CSP (script-src
// 'self') forbids that, and the probe alone is reported as a violation. Zod reads its settings
// from this shared object when it loads (what `z.config()` writes), so jitless is set before any
// chunk with a schema runs, whichever chunk that is.
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">.');
// A prerendered page stays in place until the app has something better to show.
const appElement = appContainer(rootElement);

/** Whether a bearer token is stored; storage that cannot be read (privacy modes) counts as none. */
function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN) !== null;
  } catch {
    return false;
  }
}

/**
 * Runs `start` once the browser has painted the loading message, so starting the app (a long
 * stretch of script) never holds back the first paint. A hidden tab paints nothing, so it starts
 * at once there.
 */
function afterFirstPaint(start: () => void) {
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(() => setTimeout(start, 0));
}

// This entry stays small: it asks for the app (React, the router) and for the code of the page
// being opened at the same time, so neither waits for the other. The app's chunks are not
// preloaded from index.html: measured with Lighthouse, downloading them beside the stylesheet
// pushed the first paint from 1.0 s to 2.1 s for a 0.3 s earlier largest paint.
// Each request is asked for in its own task: starting a download costs the main thread a few
// milliseconds per file, and together they made one long task that held up taps.
afterFirstPaint(() => {
  import('@/app/mount').then(
    (module) => module.mountApp(appElement),
    (error: unknown) => {
      // Without the app there is no React to show an error screen: say so in plain text.
      console.error(error);
      rootElement.textContent =
        'Muster could not load. Check your connection, then reload the page.';
    },
  );
  setTimeout(() => {
    preloadRouteModules(window.location.pathname);
    setTimeout(() => preloadSignedInShell(hasStoredSession()), 0);
  }, 0);
});
