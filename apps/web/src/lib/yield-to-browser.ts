/**
 * Imported first by the app module (app/mount.tsx), so the app's own code is evaluated in a task
 * of its own after React and the router: each is a long stretch of script, and between them the
 * browser can answer a tap or paint a frame.
 */
await new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});

export {};
