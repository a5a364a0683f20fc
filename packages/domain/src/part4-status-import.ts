/**
 * Builds part4-status.json: for each section of VA's rating schedule (38 CFR Part 4) as the 2019
 * text has it, its title and whether eCFR has changed it since, so the wizard can flag a note
 * whose rule may read differently today. Pure: the caller reads the file
 * (scripts/import-part4-status.ts with fs, the test with the bundler), so the script and the test
 * that guards the committed file run the same derivation.
 *
 * The source, ../shared/data/cfr/part4_2019-10-07/part4_section_status.json, joins each section of
 * the 2019-10-07 e-CFR text to the eCFR table of contents of 2025-09-30 and gives it one of five
 * statuses. They come down to three of ours:
 * - no change recorded since the 2019 text: `unchanged`;
 * - amended since (a final rule is known): `changed`, dated;
 * - re-published with every other table in 2024, changed in a way nobody verified, or to be
 *   checked against the current eCFR: `maybe_changed`, dated when eCFR recorded a change after the
 *   2019 text, undated when the only hint of a change is a report we could not verify.
 * The date is the last day eCFR received a change to the section. It is not always the day the
 * rule changed (a 2020 amendment can carry a 2024 date when the tables were re-published), but it
 * is the one date the source gives for every section.
 *
 * Reserved sections (no text in 2019) are left out. A status the import does not know, a date it
 * cannot read, or a status that contradicts its own date stops the import.
 */

export const SECTION_STATUSES = ['unchanged', 'changed', 'maybe_changed'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

/** One section: its number ("4.71a"), its title in the 2019 text, and whether it changed since. */
export type Part4SectionRecord = {
  section: string;
  title: string;
  status: SectionStatus;
  /** The last day (ISO date) eCFR received a change to the section after the 2019 text. */
  changed_on: string | null;
};

export type Part4StatusFile = {
  source: {
    generated_by: string;
    file: string;
    title: string;
    version: string;
    note: string;
    license: string;
  };
  sections: Part4SectionRecord[];
};

/** The source file, relative to ../shared/data. */
export const PART4_STATUS_SOURCE_FILE = 'cfr/part4_2019-10-07/part4_section_status.json';

/** The source's statuses and what each one means for us. */
const STATUS_MEANINGS: Readonly<Record<string, SectionStatus>> = {
  no_change_recorded_after_snapshot: 'unchanged',
  amended_after_snapshot: 'changed',
  'ecfr_republished_2024-06-11_change_unverified': 'maybe_changed',
  changed_after_snapshot_nature_unverified: 'maybe_changed',
  check_current_ecfr: 'maybe_changed',
};

type SourceRepository = { repository: string; path: string; commit: string };

type SourceSection = {
  section: string;
  title_2019: string;
  ecfr_received_on: string;
  status: string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readRepository(value: unknown, where: string): SourceRepository {
  if (
    !isRecord(value) ||
    typeof value.repository !== 'string' ||
    typeof value.path !== 'string' ||
    typeof value.commit !== 'string'
  )
    throw new Error(`${where}: no repository, path and commit`);
  return { repository: value.repository, path: value.path, commit: value.commit };
}

function readSection(value: unknown, index: number): SourceSection {
  if (
    !isRecord(value) ||
    typeof value.section !== 'string' ||
    typeof value.title_2019 !== 'string' ||
    typeof value.ecfr_received_on !== 'string' ||
    typeof value.status !== 'string'
  )
    throw new Error(`sections[${index}]: not a section record`);
  return {
    section: value.section,
    title_2019: value.title_2019,
    ecfr_received_on: value.ecfr_received_on,
    status: value.status,
  };
}

/** The ISO date at the start of an eCFR timestamp ("2024-06-11T19:30:53-0400"). */
function isoDate(timestamp: string, where: string): string {
  const date = /^(\d{4}-\d{2}-\d{2})T/.exec(timestamp)?.[1];
  if (!date) throw new Error(`${where}: unreadable date "${timestamp}"`);
  return date;
}

/** Derives part4-status.json from the text of part4_section_status.json. */
export function derivePart4Status(sourceText: string): Part4StatusFile {
  const parsed: unknown = JSON.parse(sourceText);
  if (!isRecord(parsed) || !isRecord(parsed._meta) || !Array.isArray(parsed.sections))
    throw new Error('not a Part 4 section status file (no _meta or sections)');
  const snapshot = isRecord(parsed._meta.snapshot_source) ? parsed._meta.snapshot_source : null;
  const snapshotDate = snapshot?.version_date;
  if (typeof snapshotDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(snapshotDate))
    throw new Error('_meta.snapshot_source.version_date: not an ISO date');
  const snapshotRepository = readRepository(snapshot, '_meta.snapshot_source');
  const structureRepository = readRepository(
    parsed._meta.structure_source,
    '_meta.structure_source',
  );

  const seen = new Set<string>();
  const sections: Part4SectionRecord[] = [];
  parsed.sections.forEach((value, index) => {
    const source = readSection(value, index);
    const where = `§ ${source.section}`;
    if (!/^4\.\d+[a-z]?(-4\.\d+)?$/.test(source.section))
      throw new Error(`${where}: not a Part 4 section number`);
    if (seen.has(source.section)) throw new Error(`${where}: listed twice`);
    seen.add(source.section);
    const status = STATUS_MEANINGS[source.status];
    if (!status) throw new Error(`${where}: unknown status "${source.status}"`);
    const receivedOn = isoDate(source.ecfr_received_on, where);
    const isAfterSnapshot = receivedOn > snapshotDate;
    if (status === 'unchanged' && isAfterSnapshot)
      throw new Error(`${where}: no change recorded, yet eCFR received one on ${receivedOn}`);
    if (status === 'changed' && !isAfterSnapshot)
      throw new Error(`${where}: amended, yet eCFR received no change after ${snapshotDate}`);
    // Reserved in 2019: no text, so nothing a note could cite.
    if (source.title_2019 === '[Reserved]') return;
    sections.push({
      section: source.section,
      title: source.title_2019,
      status,
      changed_on: status !== 'unchanged' && isAfterSnapshot ? receivedOn : null,
    });
  });

  return {
    source: {
      generated_by: 'scripts/import-part4-status.ts',
      file: `../shared/data/${PART4_STATUS_SOURCE_FILE}`,
      title: '38 CFR Part 4 (Schedule for Rating Disabilities): section titles and change status',
      version:
        `e-CFR text as of ${snapshotDate} (${snapshotRepository.repository} ` +
        `${snapshotRepository.path} @ ${snapshotRepository.commit}), compared with the eCFR ` +
        `table of contents of Title 38 (${structureRepository.repository} ` +
        `${structureRepository.path} @ ${structureRepository.commit})`,
      note:
        'Statuses mapped: no_change_recorded_after_snapshot to unchanged; amended_after_snapshot ' +
        'to changed; the republished, unverified and check-current statuses to maybe_changed. ' +
        'changed_on is the last date eCFR received a change to the section after the 2019 text ' +
        '(null when none is recorded); the amendment itself can be older. Reserved sections are ' +
        'left out.',
      license: 'US Government works (public domain)',
    },
    sections,
  };
}
