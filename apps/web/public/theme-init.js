/* global document, matchMedia */
// Applies the saved light/dark mode before React starts, so a dark-mode visitor never sees a white
// flash; and, for a signed-in visitor, the branch theme's colours last applied, so a branch theme
// never flashes the default palette first. Runs as an external classic script because the CSP
// forbids inline scripts.
// The storage keys must match STORAGE_KEYS in src/config/constants.ts and MILITARY_THEME_KEYS in
// src/features/military-theme/utils/theme-storage.ts (unit tests check).
(function () {
  var root = document.documentElement;
  var isDark = false;
  try {
    var mode = localStorage.getItem('muster:theme-mode');
    isDark =
      mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', isDark);
    root.style.colorScheme = isDark ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (privacy mode); the app falls back to the system mode once it starts.
  }
  try {
    // Whether a session is stored: a page prerendered for members is not shown without one, nor
    // one prerendered for guests with one (src/index.css).
    var hasSession = localStorage.getItem('muster:auth-token') !== null;
    root.dataset.session = hasSession ? 'stored' : 'none';
    // Branch colours belong to the signed-in shell: without a session they are never painted.
    if (!hasSession) return;
    var paint = JSON.parse(localStorage.getItem('muster:military-theme-paint') || 'null');
    var colors = paint && paint[isDark ? 'dark' : 'light'];
    if (!colors || typeof paint.slug !== 'string' || !/^[a-z-]+$/.test(paint.slug)) return;
    for (var token in colors) {
      // Only token names and plain hex colours: a value can never smuggle other CSS in.
      if (/^[a-z-]+$/.test(token) && /^#[0-9a-fA-F]{3,8}$/.test(String(colors[token]))) {
        root.style.setProperty('--' + token, colors[token]);
      }
    }
    root.dataset.militaryTheme = paint.slug;
  } catch {
    // A malformed record paints nothing; the app applies the theme once it starts.
  }
})();
