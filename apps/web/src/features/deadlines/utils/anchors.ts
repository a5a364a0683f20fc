/** The reminder settings section's id on `/profile`, so links (the dashboard panel's) can jump to it. */
export const REMINDER_SETTINGS_ANCHOR = 'reminder-settings';
