import type {
  StatementFormat,
  StatementSource,
  StatementVersionSummary,
} from '@muster/contract/personal-statements';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Nov 25, 2026", in the veteran's time zone. */
export function formatStatementDate(iso: string): string {
  return DAY.format(new Date(iso));
}

/** Who wrote a version, as the veteran reads it: the first one of their own is "written". */
export function versionAuthor({ version, source }: { version: number; source: StatementSource }) {
  if (source !== 'veteran') return 'written from your answers';
  return version === 1 ? 'written by you' : 'edited by you';
}

/** "Version 3 — edited by you — Nov 25, 2026". */
export function versionLabel(summary: StatementVersionSummary): string {
  return `Version ${summary.version} — ${versionAuthor(summary)} — ${formatStatementDate(summary.created_at)}`;
}

/** One line under each download saying what the file is. */
export const STATEMENT_FORMAT_DESCRIPTIONS: Record<StatementFormat, string> = {
  pdf: 'Your statement on its own, ready to print or to upload to VA.',
  docx: 'Your statement as a Word document, if you want to change its layout.',
  'va-21-4138':
    'Statement in Support of Claim: VA’s form with your details, your statement as its remarks.',
  'va-21-0781':
    'Statement about traumatic events for a mental-health condition, filled in from your answers.',
};

/**
 * The text as paragraphs: the statement is plain text whose paragraphs are separated by a blank
 * line; a single line break stays inside its paragraph.
 */
export function statementParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** Said wherever a statement is composed, so the veteran knows what to check. */
export const COMPOSE_NOTE =
  'Written from your answers only: it uses your own words and adds nothing you did not tell us. Read it and change anything that is not right.';
