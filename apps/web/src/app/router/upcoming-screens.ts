import { paths } from '@/config/paths';

/**
 * The words of the screens whose features have not landed yet: each shows its title and what it
 * will do. An entry goes away when its feature brings the real screen.
 */
export type UpcomingScreen = { title: string; summary: string };

const UPCOMING_SCREENS: Readonly<Record<string, UpcomingScreen>> = {
  [paths.linkVso.path]: {
    title: 'Link a VSO',
    summary:
      'Connect with an accredited Veterans Service Organization, which can help with your claim for free.',
  },
  [paths.cfile.home.path]: {
    title: 'C-file',
    summary:
      'Upload your VA claims file (C-file) so Muster can find the conditions, medications and evidence in it.',
  },
  [paths.cfile.queue.path]: {
    title: 'C-file processing',
    summary: 'Follow the progress while Muster reads your C-file.',
  },
  [paths.cfile.medications.path]: {
    title: 'C-file medications',
    summary: 'Review the medications found in your C-file.',
  },
  [paths.cfile.disabilities.path]: {
    title: 'C-file conditions',
    summary: 'Review the conditions found in your C-file and add them to your disabilities.',
  },
  [paths.cfile.complete.path]: {
    title: 'C-file complete',
    summary: 'Your C-file has been processed. See what Muster found and what to do next.',
  },
};

/** Every path that has words here; a test keeps each one in use by a route. */
export const UPCOMING_SCREEN_PATHS: readonly string[] = Object.keys(UPCOMING_SCREENS);

/** The words of the upcoming screen at `path`; a path without an entry is a programming error. */
export function upcomingScreenFor(path: string): UpcomingScreen {
  const screen = UPCOMING_SCREENS[path];
  if (!screen) throw new Error(`No words for the upcoming screen ${path}.`);
  return screen;
}
