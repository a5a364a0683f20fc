/**
 * Regenerates packages/domain/src/part4-status.json, the titles of the rating schedule's sections
 * (38 CFR Part 4, 2019 text) and whether each has changed since, behind the claim wizard's
 * "Why VA asks this" notes, from the reference data in ../shared/data:
 *
 * - cfr/part4_2019-10-07/part4_section_status.json: each 2019 section joined to the eCFR table of
 *   contents of 2025-09-30, with a status.
 *
 *   node --import tsx scripts/import-part4-status.ts [shared-data-folder]
 *
 * The rules live in packages/domain/src/part4-status-import.ts, which refuses to produce the file
 * from data it does not understand. The written file is committed, so the app runs without
 * ../shared; packages/domain/src/part4-status-import.test.ts derives it again from the source file
 * (when it is there) and fails on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  PART4_STATUS_SOURCE_FILE,
  derivePart4Status,
} from '../packages/domain/src/part4-status-import.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '..', 'shared', 'data'));
const target = path.join(repoRoot, 'packages', 'domain', 'src', 'part4-status.json');

const status = derivePart4Status(
  readFileSync(path.join(sourceDir, PART4_STATUS_SOURCE_FILE), 'utf8'),
);
// Written in the repository's own formatting, so `prettier --check` leaves it alone.
const text = await format(JSON.stringify(status), {
  ...(await resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);

const counts = new Map<string, number>();
for (const section of status.sections)
  counts.set(section.status, (counts.get(section.status) ?? 0) + 1);
console.log(
  `wrote ${path.relative(repoRoot, target)}: ${status.sections.length} sections (` +
    [...counts].map(([name, count]) => `${name} ${count}`).join(', ') +
    `), ${Buffer.byteLength(text)} bytes`,
);
