/**
 * Regenerates packages/domain/src/knowledge/passages.json, the assistant's knowledge base (38 CFR
 * Parts 3, 4 and 20 cut into passages), from the reference data in ../shared/data:
 *
 * - cfr/part3_eCFR_2025/38CFR_part3_eCFR_2025.json and cfr/part20_eCFR_2025/38CFR_part20_eCFR_2025.json:
 *   the eCFR text of 2025, section by section;
 * - cfr/part4_2019-10-07/38CFR_part4_2019-10-07.json: the rating schedule as of 2019-10-07, with
 *   its tables.
 *
 *   node --import tsx scripts/import-knowledge-base.ts [shared-data-folder]
 *
 * The rules (what is kept, how it is cut) live in
 * packages/domain/src/knowledge/knowledge-base-import.ts, which refuses to produce the file from
 * data it does not understand. The written file is committed, so the app runs without ../shared;
 * knowledge-base-import.test.ts derives it again from the source files (when they are there) and
 * fails on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  KNOWLEDGE_SOURCE_FILES,
  deriveKnowledgeBase,
} from '../packages/domain/src/knowledge/knowledge-base-import.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '..', 'shared', 'data'));
const target = path.join(repoRoot, 'packages', 'domain', 'src', 'knowledge', 'passages.json');

const read = (file: string) => readFileSync(path.join(sourceDir, file), 'utf8');
const base = deriveKnowledgeBase({
  part3: read(KNOWLEDGE_SOURCE_FILES.part3),
  part20: read(KNOWLEDGE_SOURCE_FILES.part20),
  part4: read(KNOWLEDGE_SOURCE_FILES.part4),
});
// Written in the repository's own formatting, so `prettier --check` leaves it alone.
const text = await format(JSON.stringify(base), {
  ...(await resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);

const parts = new Map<string, number>();
for (const passage of base.passages) {
  const part = `Part ${passage.section.split('.')[0] ?? '?'}`;
  parts.set(part, (parts.get(part) ?? 0) + 1);
}
const codes = base.passages.filter((passage) => passage.diagnostic_code !== undefined).length;
console.log(
  `wrote ${path.relative(repoRoot, target)}: ${base.passages.length} passages (` +
    [...parts].map(([part, count]) => `${part} ${count}`).join(', ') +
    `; ${codes} with a diagnostic code), ${Buffer.byteLength(text)} bytes`,
);
