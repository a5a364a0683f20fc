/** Types a browser shows itself, so "Preview" opens them in a new tab. */
const PREVIEWABLE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
]);

export function canPreview(contentType: string): boolean {
  return PREVIEWABLE_TYPES.has(contentType.toLowerCase());
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 25, 2026", in the veteran's time zone. */
export function formatDocumentDate(iso: string): string {
  return DAY.format(new Date(iso));
}

/** The extension as the badge shows it ("PDF"), or "File" when the name has none. */
export function extensionBadge(extension: string): string {
  return extension ? extension.toUpperCase() : 'File';
}
