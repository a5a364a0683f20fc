import { describe, expect, it } from 'vitest';

import { countdown, localToday } from './countdown';

describe('countdown', () => {
  it('counts whole days to the deadline, and says when it is near or past', () => {
    expect(countdown('2026-03-02', '2026-03-01')).toEqual({
      days: 1,
      text: '1 day left',
      tone: 'urgent',
    });
    expect(countdown('2026-03-01', '2026-03-01')).toMatchObject({
      text: 'Due today',
      tone: 'urgent',
    });
    expect(countdown('2026-04-30', '2026-03-01')).toMatchObject({
      text: '60 days left',
      tone: 'soon',
    });
    expect(countdown('2027-01-15', '2026-03-01')).toMatchObject({ tone: 'ok' });
    expect(countdown('2026-02-27', '2026-03-01')).toMatchObject({
      days: -2,
      text: 'Passed 2 days ago',
      tone: 'past',
    });
  });

  it('counts across a daylight-saving change without losing a day', () => {
    expect(countdown('2026-11-02', '2026-10-31').days).toBe(2);
    expect(countdown('2026-03-09', '2026-03-07').days).toBe(2);
  });

  it('takes today from the local calendar', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
