/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import {
  PART4_STATUS_SOURCE_FILE,
  SECTION_STATUSES,
  derivePart4Status,
  type Part4StatusFile,
} from './part4-status-import.ts';
import committedFile from './part4-status.json' with { type: 'json' };
import committedText from './part4-status.json?raw';

const committed = committedFile as Part4StatusFile;

/**
 * The source file the statuses are imported from (scripts/import-part4-status.ts), and the 2019
 * section files, read by the test bundler (domain code does no I/O). They sit beside the
 * repository in ../shared/data; a machine without that folder skips the comparison, since the app
 * runs from the committed file.
 */
const SOURCE: Record<string, string> = import.meta.glob(
  '../../../../shared/data/cfr/part4_2019-10-07/part4_section_status.json',
  { query: '?raw', import: 'default', eager: true },
);
const SECTION_FILES = Object.keys(
  import.meta.glob('../../../../shared/data/cfr/part4_2019-10-07/sections/*.md'),
);

const sourceText = Object.entries(SOURCE).find(([name]) =>
  name.endsWith(`/shared/data/${PART4_STATUS_SOURCE_FILE}`),
)?.[1];
const hasSource = sourceText !== undefined;
const source = sourceText ?? '';

type SourceFile = { sections: { section: string; status: string; title_2019: string }[] };

/** The source with its text edited. */
function edited(edit: (text: string) => string): string {
  const changed = edit(source);
  if (changed === source) throw new Error('the edit changed nothing');
  return changed;
}

function record(section: string) {
  const found = committed.sections.find((entry) => entry.section === section);
  if (!found) throw new Error(`no § ${section}`);
  return found;
}

describe.skipIf(!hasSource)(
  '[DOMAIN][PART 4 STATUS]: the committed file against the source',
  () => {
    it('[DOMAIN]: part4-status.json is exactly what the import derives (no hand edit, not stale)', () => {
      expect(committed).toEqual(derivePart4Status(source));
    });

    it("[DOMAIN]: each section's status is the source's, in our three words", () => {
      const expected: Record<string, string> = {
        no_change_recorded_after_snapshot: 'unchanged',
        amended_after_snapshot: 'changed',
        'ecfr_republished_2024-06-11_change_unverified': 'maybe_changed',
        changed_after_snapshot_nature_unverified: 'maybe_changed',
        check_current_ecfr: 'maybe_changed',
      };
      const sections = (JSON.parse(source) as SourceFile).sections.filter(
        (entry) => entry.title_2019 !== '[Reserved]',
      );
      expect(committed.sections.map((entry) => entry.section)).toEqual(
        sections.map((entry) => entry.section),
      );
      for (const entry of sections) {
        expect(record(entry.section).status, entry.section).toBe(expected[entry.status]);
        expect(record(entry.section).title, entry.section).toBe(entry.title_2019);
      }
    });

    it('[DOMAIN]: every section has its file in the 2019 snapshot', () => {
      const names = new Set(SECTION_FILES.map((file) => file.split('/').at(-1)));
      for (const entry of committed.sections)
        expect(names, entry.section).toContain(`${entry.section}.md`);
    });

    it('[DOMAIN]: a status the import does not know stops it', () => {
      const changed = edited((text) =>
        text.replace('"status": "amended_after_snapshot"', '"status": "superseded"'),
      );
      expect(() => derivePart4Status(changed)).toThrow(/§ 4\.56: unknown status "superseded"/);
    });

    it('[DOMAIN]: a status that contradicts its own date stops the import', () => {
      const unchanged = edited((text) =>
        text.replace(
          /("section": "4\.1",[^}]*"ecfr_received_on": )"2017-01-03T00:00:00-0500"/,
          '$1"2021-05-01T00:00:00-0400"',
        ),
      );
      expect(() => derivePart4Status(unchanged)).toThrow(
        /§ 4\.1: no change recorded, yet eCFR received one on 2021-05-01/,
      );
      const amended = edited((text) =>
        text.replace(
          /("section": "4\.71a",[^}]*"ecfr_received_on": )"2025-04-02T17:50:47-0400"/,
          '$1"2018-04-02T17:50:47-0400"',
        ),
      );
      expect(() => derivePart4Status(amended)).toThrow(
        /§ 4\.71a: amended, yet eCFR received no change after 2019-10-07/,
      );
    });
  },
);

describe('[DOMAIN][PART 4 STATUS]: what the committed file holds', () => {
  it('[DOMAIN]: names its source file and versions', () => {
    expect(committed.source.file).toBe(`../shared/data/${PART4_STATUS_SOURCE_FILE}`);
    expect(committed.source.generated_by).toBe('scripts/import-part4-status.ts');
    expect(committed.source.version).toContain('2019-10-07');
  });

  it('[DOMAIN]: sections amended since 2019 are changed, with the date eCFR recorded', () => {
    expect(record('4.71a')).toEqual({
      section: '4.71a',
      title: 'Schedule of ratings—musculoskeletal system.',
      status: 'changed',
      changed_on: '2025-04-02',
    });
    expect(record('4.114')).toMatchObject({ status: 'changed', changed_on: '2024-06-11' });
    expect(record('4.100')).toMatchObject({ status: 'changed', changed_on: '2021-11-30' });
  });

  it('[DOMAIN]: re-published or unverified sections may have changed, dated when eCFR says', () => {
    expect(record('4.130')).toMatchObject({ status: 'maybe_changed', changed_on: '2024-06-11' });
    expect(record('4.26')).toMatchObject({ status: 'maybe_changed', changed_on: '2023-04-18' });
    // Only an unverified report says § 4.10 changed; eCFR records nothing after 2019.
    expect(record('4.10')).toMatchObject({ status: 'maybe_changed', changed_on: null });
  });

  it('[DOMAIN]: an unchanged section has no date; a changed one always has one', () => {
    expect(record('4.1')).toMatchObject({ status: 'unchanged', changed_on: null });
    for (const entry of committed.sections) {
      expect(SECTION_STATUSES, entry.section).toContain(entry.status);
      if (entry.status === 'unchanged') expect(entry.changed_on, entry.section).toBeNull();
      if (entry.status === 'changed')
        expect(entry.changed_on, entry.section).toMatch(/^20\d{2}-\d{2}-\d{2}$/);
      if (entry.changed_on) expect(entry.changed_on > '2019-10-07', entry.section).toBe(true);
    }
  });

  it('[DOMAIN]: leaves out reserved sections and stays small enough to ship to the browser', () => {
    expect(committed.sections.some((entry) => entry.title === '[Reserved]')).toBe(false);
    expect(committed.sections.some((entry) => entry.section.includes('-'))).toBe(false);
    expect(committedText.length).toBeLessThan(15_000);
  });
});
