/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import {
  EXPOSURE_KINDS,
  PRESUMPTIVE_SOURCE_FILES,
  derivePresumptiveLists,
  type PresumptiveFile,
  type PresumptiveSources,
} from './presumptive-import.ts';
import committedFile from './presumptive-lists.json' with { type: 'json' };
import { PRESUMPTIVE_VOCABULARY } from './presumptive-vocabulary.ts';

const committed = committedFile as PresumptiveFile;

/**
 * The source files the lists are imported from (scripts/import-presumptive-lists.ts), read by the
 * test bundler (domain code does no I/O). They sit beside the repository in ../shared/data; a
 * machine without that folder skips the comparison, since the app runs from the committed file.
 */
const SOURCE: Record<string, string> = import.meta.glob(
  [
    '../../../../shared/data/cfr/part3_eCFR_2025/sections/3.307.md',
    '../../../../shared/data/cfr/part3_eCFR_2025/sections/3.309.md',
    '../../../../shared/data/cfr/part3_eCFR_2025/sections/3.317.md',
    '../../../../shared/data/cfr/part3_eCFR_2025/sections/3.320.md',
    '../../../../shared/data/cfr/part3_eCFR_2025/sections/3.320a.md',
    '../../../../shared/data/cfr/part3_eCFR_2025/sections/3.320b.md',
    '../../../../shared/data/vets-website/pact-act/pact-act-presumptive-conditions.derived.json',
    '../../../../shared/data/derived/toxic-exposure-locations-526ez.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const found = Object.entries(PRESUMPTIVE_SOURCE_FILES).map(([key, file]) => [
  key,
  Object.entries(SOURCE).find(([name]) => name.endsWith(`/shared/data/${file}`))?.[1],
]);
const hasSources = found.every(([, text]) => text !== undefined);
const sources = Object.fromEntries(found) as PresumptiveSources;

/** The sources with one file changed. */
function edited(key: keyof PresumptiveSources, edit: (text: string) => string): PresumptiveSources {
  const changed = edit(sources[key]);
  if (changed === sources[key]) throw new Error(`the edit of ${key} changed nothing`);
  return { ...sources, [key]: changed };
}

describe.skipIf(!hasSources)(
  '[DOMAIN][PRESUMPTIVE LISTS]: the committed file against the sources',
  () => {
    it('[DOMAIN]: presumptive-lists.json is exactly what the import derives (no hand edit, not stale)', () => {
      expect(committed).toEqual(derivePresumptiveLists(sources));
    });

    it('[DOMAIN]: an item worded differently stops the import until it is read', () => {
      const changed = edited('cfr_3_309', (text) =>
        text.replace('(vi) Cancer of the stomach.', '(vi) Cancer of the stomach or duodenum.'),
      );
      expect(() => derivePresumptiveLists(changed)).toThrow(
        /"Cancer of the stomach or duodenum" \(38 CFR 3\.309\(d\)\(2\)\(vi\)\) is not in ITEM_MEANINGS/,
      );
    });

    it('[DOMAIN]: a changed period in the regulation stops the import', () => {
      const changed = edited('cfr_3_307', (text) =>
        text.replace(
          'beginning on January 9, 1962, and ending on May 7, 1975, shall',
          'beginning on January 9, 1962, and ending on May 7, 1976, shall',
        ),
      );
      expect(() => derivePresumptiveLists(changed)).toThrow(
        /cfr-3\.307 no longer says "served in the Republic of Vietnam/,
      );
    });

    it('[DOMAIN]: an item added or dropped stops the import', () => {
      const dropped = edited('cfr_3_309', (text) =>
        text.replace('(xxi) Cancer of the ovary.\n', ''),
      );
      expect(() => derivePresumptiveLists(dropped)).toThrow(
        /3\.309\(d\)\(2\): 20 items, expected 21/,
      );
      const added = edited('cfr_3_320b', (text) =>
        text.replace('(5) Myelofibrosis.', '(5) Myelofibrosis.\n\n(6) Polycythemia vera.'),
      );
      expect(() => derivePresumptiveLists(added)).toThrow(/3\.320b\(b\): 6 items, expected 5/);
    });

    it('[DOMAIN]: VA.gov and the regulation must name the same diseases', () => {
      const lejeune = edited('pactConditions', (text) =>
        text.replace('"Kidney cancer",\n              "Liver cancer"', '"Liver cancer"'),
      );
      expect(() => derivePresumptiveLists(lejeune)).toThrow(
        /Camp Lejeune list and 38 CFR 3\.309\(f\) name different diseases/,
      );
      const radiation = edited('pactConditions', (text) => text.replace('"Bile duct",', ''));
      expect(() => derivePresumptiveLists(radiation)).toThrow(
        /radiation list and 38 CFR 3\.309\(d\)\(2\) name different diseases/,
      );
    });

    it('[DOMAIN]: a new list on VA.gov, or a new place on the 526EZ, stops the import', () => {
      const list = edited('pactConditions', (text) =>
        text.replace(
          '"title": "Presumptive conditions for Camp Lejeune or MCAS New River"',
          '"title": "Presumptive conditions for Fort Example"',
        ),
      );
      expect(() => derivePresumptiveLists(list)).toThrow(
        /unknown list "Presumptive conditions for Fort Example"/,
      );
      const place = edited('locations', (text) =>
        text.replace('"laos": "Laos",', '"laos": "Laos",\n  "panama": "Panama Canal Zone",'),
      );
      expect(() => derivePresumptiveLists(place)).toThrow(
        /herbicide location panama is on no list/,
      );
    });

    it('[DOMAIN]: an operational period of a nuclear test is read from the regulation', () => {
      const changed = edited('cfr_3_309', (text) =>
        text.replace(
          'For Operation IVY the period November 1, 1952 through December 31, 1952.',
          'For Operation IVY the period November 1, 1952 through December 30, 1952.',
        ),
      );
      const ivy = derivePresumptiveLists(changed)
        .lists.find((list) => list.id === 'radiation')
        ?.service.find((rule) => rule.citation === '38 CFR 3.309(d)(3)(v)(H)');
      expect(ivy).toMatchObject({ from: '1952-11-01', to: '1952-12-30' });
    });
  },
);

describe('[DOMAIN][PRESUMPTIVE LISTS]: what the committed file holds', () => {
  const list = (id: string) => {
    const found = committed.lists.find((entry) => entry.id === id);
    if (!found) throw new Error(`no list ${id}`);
    return found;
  };

  it('[DOMAIN]: the nine lists with their sizes', () => {
    expect(committed.lists.map((entry) => [entry.id, entry.items.length])).toEqual([
      ['herbicide', 19],
      ['camp_lejeune', 8],
      ['radiation', 21],
      ['gulf_war_illness', 5],
      ['gulf_war_infectious', 9],
      ['particulate_matter', 12],
      ['toxic_genitourinary_cancers', 2],
      ['toxic_blood_cancers', 5],
      ['pact_burn_pits', 23],
    ]);
  });

  it('[DOMAIN]: each source text is named with its version, the CFR ones with their eCFR date', () => {
    for (const [id, text] of Object.entries(committed.source.texts)) {
      expect(text.version, id).not.toBe('');
      if (id.startsWith('cfr-')) {
        expect(text.ecfr_received_on, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(text.version, id).toContain('90 FR 1901 (Jan. 10, 2025)');
      }
    }
    expect(committed.source.texts['vagov-pact-places']?.file).toBeNull();
  });

  it('[DOMAIN]: the Agent Orange conditions added by statute are cited as such', () => {
    expect(
      list('herbicide')
        .items.filter((item) => item.source === 'vagov-pact-conditions')
        .map((item) => [item.text, item.citation]),
    ).toEqual([
      ['Bladder cancer', '38 U.S.C. 1116(a)(2)'],
      ['High blood pressure (hypertension)', '38 U.S.C. 1116(a)(2)'],
      ['Hypothyroidism', '38 U.S.C. 1116(a)(2)'],
      ['Monoclonal gammopathy of undetermined significance (MGUS)', '38 U.S.C. 1116(a)(2)'],
      ['Parkinsonism', '38 U.S.C. 1116(a)(2)'],
    ]);
  });

  it('[DOMAIN]: the herbicide places and periods', () => {
    expect(
      list('herbicide').service.map((rule) => [rule.locations.join(), rule.from, rule.to]),
    ).toEqual([
      ['vietnam', '1962-01-09', '1975-05-07'],
      ['koreandemilitarizedzone', '1967-09-01', '1971-08-31'],
      ['thailand', '1962-01-09', '1976-06-30'],
      ['laos', '1965-12-01', '1969-09-30'],
      ['cambodia', '1969-04-16', '1969-04-30'],
      ['guam', '1962-01-09', '1980-07-31'],
      ['johnston', '1972-01-01', '1977-09-30'],
      ['c123', null, null],
    ]);
  });

  it('[DOMAIN]: 19 nuclear tests, each with its six months after', () => {
    const tests = list('radiation').service.filter((rule) => rule.locations[0] === 'nuclear_test');
    expect(tests).toHaveLength(38);
    expect(tests[0]).toMatchObject({ from: '1945-07-16', to: '1945-08-06' });
    expect(tests[1]).toMatchObject({
      from: '1945-08-07',
      to: '1946-02-06',
      citation: '38 CFR 3.309(d)(3)(iv)(B)',
    });
  });

  it('[DOMAIN]: every entry covers known conditions; every rule names places of its kinds', () => {
    const ids = new Set(PRESUMPTIVE_VOCABULARY.map((entry) => entry.id));
    for (const entry of committed.lists)
      for (const item of entry.items) {
        expect(item.covers.length, item.text).toBeGreaterThan(0);
        for (const id of [...item.covers, ...item.except]) expect(ids, item.text).toContain(id);
      }
    for (const entry of committed.lists)
      for (const rule of entry.service) {
        expect(
          rule.kinds.every((kind) => (EXPOSURE_KINDS as readonly string[]).includes(kind)),
        ).toBe(true);
        for (const location of rule.locations)
          expect(
            rule.kinds.some((kind) => location in committed.locations[kind]),
            `${rule.citation} ${location}`,
          ).toBe(true);
        if (rule.from && rule.to) expect(rule.from <= rule.to, rule.citation).toBe(true);
      }
  });
});
