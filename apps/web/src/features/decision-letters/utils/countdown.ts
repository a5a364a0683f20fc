import { daysUntil } from '@muster/domain/deadlines';

/** Today's date where the veteran is (not UTC), as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export type Countdown = { days: number; text: string; tone: 'past' | 'urgent' | 'soon' | 'ok' };

/** Within this many days a deadline is shown as urgent, and within `SOON_DAYS` as coming. */
const URGENT_DAYS = 30;
const SOON_DAYS = 90;

/** How long is left until `due`, in words, and how pressing it is. */
export function countdown(due: string, today: string): Countdown {
  const days = daysUntil(due, today);
  if (days < 0) {
    const ago = -days;
    return { days, text: `Passed ${ago} ${ago === 1 ? 'day' : 'days'} ago`, tone: 'past' };
  }
  if (days === 0) return { days, text: 'Due today', tone: 'urgent' };
  const text = `${days} ${days === 1 ? 'day' : 'days'} left`;
  return { days, text, tone: days <= URGENT_DAYS ? 'urgent' : days <= SOON_DAYS ? 'soon' : 'ok' };
}
