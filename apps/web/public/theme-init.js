/* global document, matchMedia */
// Applies the saved light/dark mode before React starts, so a dark-mode visitor never sees a white
// flash. Runs as an external classic script because the CSP forbids inline scripts.
// The storage key must match STORAGE_KEYS.THEME_MODE in src/config/constants.ts (a unit test checks).
(function () {
  try {
    var mode = localStorage.getItem('muster:theme-mode');
    var isDark =
      mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', isDark);
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  } catch {
    // Storage can be blocked (privacy mode); the app falls back to the system mode once it starts.
  }
})();
