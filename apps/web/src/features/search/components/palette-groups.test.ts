import { describe, expect, it } from 'vitest';

import { toPaletteGroups } from './palette-groups';

describe('toPaletteGroups', () => {
  it('leaves out empty groups and caps threads at 10', () => {
    const groups = toPaletteGroups({
      disabilities: [],
      documents: [{ id: 'f1', name: 'DD214', extension: 'pdf' }],
      threads: Array.from({ length: 11 }, (_, i) => ({
        id: `t${i}`,
        title: i === 0 ? '' : `T${i}`,
        created_at: '2026-01-01T00:00:00Z',
      })),
    });
    expect(groups.map((g) => g.heading)).toEqual(['Documents', 'Threads']);
    expect(groups[0]?.items[0]).toMatchObject({ label: 'DD214', badge: 'pdf', href: '/vault' });
    expect(groups[1]?.items).toHaveLength(10);
    expect(groups[1]?.items[0]).toMatchObject({ label: 'Unnamed thread', href: '/chats/t0' });
  });

  it('labels disabilities with their diagnosis or "Not diagnosed"', () => {
    const [group] = toPaletteGroups({
      disabilities: [
        { id: 'a', title: 'Tinnitus', diagnosis: 'Ringing' },
        { id: 'b', title: 'Knee', diagnosis: null },
      ],
      documents: [],
      threads: [],
    });
    expect(group?.items.map((i) => [i.detail, i.href])).toEqual([
      ['Diagnosis: Ringing', '/disabilities/a'],
      ['Not diagnosed', '/disabilities/b'],
    ]);
    expect(toPaletteGroups(undefined)).toEqual([]);
  });
});
