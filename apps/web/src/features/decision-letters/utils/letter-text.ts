import type { DecisionLetterSummary } from '@muster/contract/decision-letters';
import { formatLongDay } from '@muster/domain/format';

/** When the letter was given, in the veteran's own time zone. */
const addedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** What a letter is called in lists and headings: its date once read, else when it was given. */
export function letterTitle(
  letter: Pick<DecisionLetterSummary, 'letter_date' | 'created_at' | 'status'>,
): string {
  if (letter.letter_date) return `Letter of ${formatLongDay(letter.letter_date)}`;
  const added = addedFormat.format(new Date(letter.created_at));
  return letter.status === 'complete' ? `Undated letter added ${added}` : `Letter added ${added}`;
}

/** The letter's state in a few words. */
export function statusText(
  letter: Pick<DecisionLetterSummary, 'status' | 'progress' | 'decisions_count'>,
): string {
  switch (letter.status) {
    case 'queued':
      return 'Waiting to be read';
    case 'processing':
      return `Reading… ${letter.progress}%`;
    case 'failed':
      return 'Could not be read';
    case 'complete':
      return letter.decisions_count === 1
        ? '1 decision found'
        : `${letter.decisions_count} decisions found`;
  }
}
