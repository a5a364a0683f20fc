import type { CatalogueCondition } from '@muster/contract/conditions';
import { ALREADY_IN_LIST, LISTED_TWICE } from '@muster/contract/disabilities';
import { describe, expect, it, vi } from 'vitest';

import {
  bulkAddFormSchema,
  entryFromLine,
  matchFromCondition,
  parseEntryFieldErrors,
  splitPastedLines,
  submitLabel,
  toBulkInput,
  type BulkEntryValues,
} from './bulk-add-entries';

const KNEE: CatalogueCondition = {
  label: 'knee strain or sprain, left',
  side_of_body: 'left',
  classification: { code: '8997', name: 'Musculoskeletal - Knee' },
  diagnostic_codes: ['5260', '5261'],
  pact_presumptive: null,
};

const own = (title: string): BulkEntryValues => ({ title, match: null });

function titleErrors(entries: BulkEntryValues[], existing: string[] = []) {
  const result = bulkAddFormSchema(existing).safeParse({ disabilities: entries });
  return (result.error?.issues ?? [])
    .filter((issue) => issue.path.at(-1) === 'title')
    .map((issue) => [issue.path[1], issue.message]);
}

describe('splitPastedLines', () => {
  it('makes one entry per line, trimmed, without blank lines', () => {
    expect(splitPastedLines('  Tinnitus \r\n\n bad knee\r\t\nback pain\n')).toEqual([
      'Tinnitus',
      'bad knee',
      'back pain',
    ]);
  });
});

describe('bulkAddFormSchema', () => {
  it('flags the later of two titles that differ only in case or spacing, and titles already listed', () => {
    expect(
      titleErrors([own('Back strain'), own('back  strain'), own('TINNITUS')], ['Tinnitus']),
    ).toEqual([
      [1, LISTED_TWICE],
      [2, ALREADY_IN_LIST],
    ]);
  });

  it('still flags repeats while another entry breaks a rule', () => {
    expect(titleErrors([own('Migraines'), own('bad\tknee'), own('migraines')])).toEqual([
      [1, 'Must be a single line without control characters'],
      [2, LISTED_TWICE],
    ]);
  });

  it('checks each entry with the create rules, and the list’s length', () => {
    expect(titleErrors([own('   '), own('x'.repeat(201))])).toEqual([
      [0, 'Required'],
      [1, 'At most 200 characters'],
    ]);
    const empty = bulkAddFormSchema([]).safeParse({ disabilities: [] });
    expect(empty.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['disabilities', 'Add at least one condition'],
    ]);
  });
});

describe('toBulkInput', () => {
  it('sends the catalogue codes and side only while the title is still VA’s label', () => {
    const match = matchFromCondition(KNEE);
    expect(
      toBulkInput({
        disabilities: [
          { title: ' Knee strain or sprain, LEFT ', match },
          { title: 'knee strain, right', match },
          own('bad back'),
        ],
      }),
    ).toEqual({
      disabilities: [
        {
          title: 'Knee strain or sprain, LEFT',
          diagnostic_code: '5260',
          classification_code: '8997',
          side_of_body: 'left',
        },
        { title: 'knee strain, right' },
        { title: 'bad back' },
      ],
    });
  });
});

describe('entryFromLine', () => {
  it('takes the hit whose label equals the line in any case', async () => {
    const search = vi.fn().mockResolvedValue({ results: [{ ...KNEE, label: 'knee pain' }, KNEE] });
    expect(await entryFromLine('Knee Strain or Sprain, Left', search)).toEqual({
      title: KNEE.label,
      match: matchFromCondition(KNEE),
    });
    expect(await entryFromLine('knee', search)).toEqual(own('knee'));
  });

  it('keeps the words as typed when the search fails, and does not ask about unsearchable text', async () => {
    expect(await entryFromLine('tinnitus', () => Promise.reject(new Error('offline')))).toEqual(
      own('tinnitus'),
    );
    const search = vi.fn();
    expect(await entryFromLine('x'.repeat(101), search)).toEqual(own('x'.repeat(101)));
    expect(search).not.toHaveBeenCalled();
  });
});

describe('parseEntryFieldErrors', () => {
  it('reads `disabilities.<i>.<field>` for existing rows, in row order, and keeps the rest', () => {
    expect(
      parseEntryFieldErrors(
        {
          'disabilities.2.title': ALREADY_IN_LIST,
          'disabilities.0.diagnostic_code': 'Not a diagnostic code',
          'disabilities.9.title': 'Gone',
          disabilities: 'At most 50 conditions at once',
        },
        3,
      ),
    ).toEqual({
      entries: [
        { index: 0, field: 'diagnostic_code', message: 'Not a diagnostic code' },
        { index: 2, field: 'title', message: ALREADY_IN_LIST },
      ],
      other: ['Gone', 'At most 50 conditions at once'],
    });
  });
});

describe('submitLabel', () => {
  it('says how many', () => {
    expect(submitLabel(0)).toBe('Add disabilities');
    expect(submitLabel(1)).toBe('Add 1 disability');
    expect(submitLabel(3)).toBe('Add 3 disabilities');
  });
});
