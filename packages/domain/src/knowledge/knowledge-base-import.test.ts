/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import statusFile from '../part4-status.json' with { type: 'json' };
import type { Part4StatusFile } from '../part4-status-import.ts';
import {
  KNOWLEDGE_SOURCE_FILES,
  REQUIRED_SECTIONS,
  deriveKnowledgeBase,
  type KnowledgeBaseFile,
  type KnowledgeSources,
} from './knowledge-base-import.ts';
import committedFile from './passages.json' with { type: 'json' };
import committedText from './passages.json?raw';

const committed = committedFile as KnowledgeBaseFile;

/**
 * The source files the passages are imported from (scripts/import-knowledge-base.ts), read by the
 * test bundler (domain code does no I/O). They sit beside the repository in ../shared/data; a
 * machine without that folder skips the comparison, since the app runs from the committed file.
 */
const SOURCES: Record<string, string> = import.meta.glob(
  [
    '../../../../../shared/data/cfr/part3_eCFR_2025/38CFR_part3_eCFR_2025.json',
    '../../../../../shared/data/cfr/part20_eCFR_2025/38CFR_part20_eCFR_2025.json',
    '../../../../../shared/data/cfr/part4_2019-10-07/38CFR_part4_2019-10-07.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);

function sourceText(file: string): string | undefined {
  return Object.entries(SOURCES).find(([name]) => name.endsWith(`/shared/data/${file}`))?.[1];
}

const part3 = sourceText(KNOWLEDGE_SOURCE_FILES.part3);
const part20 = sourceText(KNOWLEDGE_SOURCE_FILES.part20);
const part4 = sourceText(KNOWLEDGE_SOURCE_FILES.part4);
const sources: KnowledgeSources | undefined =
  part3 !== undefined && part20 !== undefined && part4 !== undefined
    ? { part3, part20, part4 }
    : undefined;

function passage(id: string) {
  const found = committed.passages.find((entry) => entry.id === id);
  if (!found) throw new Error(`no passage ${id}`);
  return found;
}

/** The sources with one file's text edited. */
function edited(part: keyof KnowledgeSources, edit: (text: string) => string): KnowledgeSources {
  if (!sources) throw new Error('no sources');
  const changed = edit(sources[part]);
  if (changed === sources[part]) throw new Error('the edit changed nothing');
  return { ...sources, [part]: changed };
}

describe.skipIf(sources === undefined)(
  '[DOMAIN][KNOWLEDGE BASE IMPORT]: the committed file against the source',
  () => {
    it('[DOMAIN]: passages.json is exactly what the import derives (no hand edit, not stale)', () => {
      if (!sources) return;
      expect(committed).toEqual(deriveKnowledgeBase(sources));
    });

    it('[DOMAIN]: a missing required section stops the import', () => {
      const without = edited('part3', (text) =>
        text.replace('"section": "3.2501"', '"section": "3.2501-gone"'),
      );
      expect(() => deriveKnowledgeBase(without)).toThrow(/§ 3\.2501 is missing/);
    });

    it('[DOMAIN]: a rating the import cannot read stops it', () => {
      const garbled = edited('part4', (text) =>
        text.replace(/("6260 Tinnitus, recurrent",\s*)"10"/, '$1"1O?"'),
      );
      expect(() => deriveKnowledgeBase(garbled)).toThrow(/§ 4\.87 .*unreadable rating "1O\?"/);
    });
  },
);

describe('[DOMAIN][KNOWLEDGE BASE IMPORT]: what the committed file holds', () => {
  it('[DOMAIN]: names its sources and stays small enough to ship', () => {
    expect(committed.source.generated_by).toBe('scripts/import-knowledge-base.ts');
    expect(committed.source.files).toEqual(
      Object.values(KNOWLEDGE_SOURCE_FILES).map((file) => `../shared/data/${file}`),
    );
    expect(committedText.length).toBeLessThan(2_000_000);
    expect(committed.passages.length).toBeGreaterThan(1000);
  });

  it('[DOMAIN]: every passage has an id used once, a citation, a title, text and a source', () => {
    const ids = new Set<string>();
    for (const entry of committed.passages) {
      expect(ids.has(entry.id), entry.id).toBe(false);
      ids.add(entry.id);
      expect(entry.citation).toMatch(/^38 CFR \d+\.\d+[a-z]?(?:-\d+\.\d+)?(?:, DC \d{4})?$/);
      expect(entry.citation.startsWith(`38 CFR ${entry.section}`), entry.id).toBe(true);
      expect(entry.title.trim(), entry.id).not.toBe('');
      expect(entry.text.trim(), entry.id).not.toBe('');
      expect(entry.source, entry.id).toMatch(/^38 CFR Part (3|4|20), e(-)?CFR text of /);
    }
  });

  it('[DOMAIN]: holds every section the question set and the guides rely on', () => {
    const sections = new Set(committed.passages.map((entry) => entry.section));
    expect(REQUIRED_SECTIONS.filter((section) => !sections.has(section))).toEqual([]);
  });

  it('[DOMAIN]: leaves out pension-only, survivor and burial sections, and source notes', () => {
    const sections = new Set(committed.passages.map((entry) => entry.section));
    for (const section of ['3.3', '3.5', '3.23', '3.1700', '3.1705', '3.272'])
      expect(sections.has(section), section).toBe(false);
    for (const entry of committed.passages) {
      expect(entry.text, entry.id).not.toMatch(/^\[\d+ FR \d/m);
      expect(entry.text, entry.id).not.toMatch(/^\(Authority:/m);
    }
  });

  it('[DOMAIN]: a rating table gives one passage per code, each rating in "<n> percent"', () => {
    expect(passage('4.87-dc6260')).toMatchObject({
      citation: '38 CFR 4.87, DC 6260',
      section: '4.87',
      diagnostic_code: '6260',
      source: '38 CFR Part 4, e-CFR text of 2019-10-07',
    });
    expect(passage('4.87-dc6260').text).toContain('6260 Tinnitus, recurrent — 10 percent');
    expect(passage('4.87-dc6260').text).toContain('Note (2): Assign only a single evaluation');
    expect(passage('4.71a-dc5260').text.split('\n')).toEqual([
      '5260 Leg, limitation of flexion of:',
      'Flexion limited to 15° — 30 percent',
      'Flexion limited to 30° — 20 percent',
      'Flexion limited to 45° — 10 percent',
      'Flexion limited to 60° — 0 percent',
    ]);
    // Major and minor columns are both kept.
    expect(passage('4.71a-dc5201').text).toContain('— 20 percent (major), 20 percent (minor)');
  });

  it('[DOMAIN]: general rating formulas are passages of their own, and their codes point to them', () => {
    const spine = passage('4.71a-formula-diseases-and-injuries-of-the-spine');
    expect(spine.citation).toBe('38 CFR 4.71a');
    expect(spine.text).toContain('General Rating Formula for Diseases and Injuries of the Spine');
    expect(spine.text).toContain('Unfavorable ankylosis of the entire spine — 100 percent');
    for (const code of ['5235', '5237', '5242', '5243'])
      expect(passage(`4.71a-dc${code}`).rated_under, code).toContain(spine.id);
    // Intervertebral disc syndrome may be rated under either formula.
    expect(passage('4.71a-dc5243').rated_under).toContain(
      '4.71a-formula-intervertebral-disc-syndrome-based-on-incapacitating',
    );
    const mental = passage('4.130-formula-mental-disorders');
    expect(mental.text).toContain('Total occupational and social impairment');
    expect(passage('4.130-dc9411').rated_under).toEqual([mental.id]);
    expect(passage('4.130-dc9434').rated_under).toEqual([mental.id]);
    expect(passage('4.97-dc6510').rated_under).toEqual(['4.97-formula-sinusitis']);
    // The formula's long notes are quoted on their own, tied to the formula.
    expect(passage(`${spine.id}-notes`)).toMatchObject({ part_of: spine.id });
    expect(passage(`${spine.id}-notes`).text).toContain('zero to 90 degrees');
  });

  it('[DOMAIN]: Part 3 and Part 20 are cut by lettered paragraph with the sub-paragraphs', () => {
    expect(passage('3.155-b').title).toBe(
      'How to file a claim, paragraph (b): Intent to file a claim',
    );
    expect(passage('3.320-a-1').text).toMatch(/^\(a\) Service connection based on presumed/);
    expect(passage('3.320-a-1').text).toContain('(iii) Sinusitis, to include rhinosinusitis.');
    expect(passage('3.320-b').text).toMatch(/^\(b\) Exceptions\./);
    expect(passage('20.203-b').text).toContain(
      'within one year from the date that the agency mails',
    );
    for (const entry of committed.passages.filter((p) => p.diagnostic_code === undefined))
      expect(entry.text.length, entry.id).toBeLessThan(3000);
  });

  it('[DOMAIN]: the Part 20 cross reference to 38 U.S.C. 7332 is a passage of its own', () => {
    expect(passage('20.1202-20.1299-cross-reference')).toMatchObject({
      citation: '38 CFR 20.1202-20.1299',
      section: '20.1202-20.1299',
    });
    expect(passage('20.1202-20.1299-cross-reference').text).toContain('also see 38 U.S.C. 7332');
  });

  it('[DOMAIN]: passages of amended Part 4 sections carry the change date; others none', () => {
    const status = new Map(
      (statusFile as Part4StatusFile).sections.map((entry) => [entry.section, entry]),
    );
    for (const entry of committed.passages) {
      const record = status.get(entry.section);
      const expected = record?.status === 'changed' ? record.changed_on : null;
      expect(entry.changed_on, entry.id).toBe(expected);
    }
    expect(passage('4.71a-dc5260').changed_on).toBe('2025-04-02');
    expect(passage('4.87-dc6260').changed_on).toBeNull();
    expect(passage('3.400').changed_on).toBeNull();
  });
});
