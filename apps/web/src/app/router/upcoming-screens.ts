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
  [paths.vaForms.form526ez.path]: {
    title: 'Application for Disability Compensation (VA Form 21-526EZ)',
    summary:
      'Prepare the main application for disability compensation from the conditions you recorded.',
  },
  [paths.vaForms.claims.path]: {
    title: 'Claims filed with VA',
    summary: 'The claims you filed through VA.gov and the status of each.',
  },
  [paths.vaForms.claimDetail.path]: {
    title: 'VA claim',
    summary: 'One claim filed with VA and where it stands.',
  },
  [paths.vaConditions.path]: {
    title: 'VA conditions',
    summary: 'Browse VA conditions and see how separate ratings combine into one.',
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
