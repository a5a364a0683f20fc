/**
 * Regenerates packages/domain/src/presumptive-lists.json, VA's presumptive-service-connection lists
 * behind the claim wizard's exposures step, from the reference data in ../shared/data (see its
 * README, sections 8 and 10):
 *
 * - cfr/part3_eCFR_2025/sections/3.307.md, 3.309.md, 3.317.md, 3.320.md, 3.320a.md, 3.320b.md:
 *   the regulation's disease lists, places and periods;
 * - vets-website/pact-act/pact-act-presumptive-conditions.derived.json: VA.gov's PACT Act lists
 *   (the burn pit list and the Agent Orange conditions added by statute);
 * - derived/toxic-exposure-locations-526ez.json: the 526EZ's location keys and labels.
 *
 *   node --import tsx scripts/import-presumptive-lists.ts [shared-data-folder]
 *
 * The rules live in packages/domain/src/presumptive-import.ts, which refuses to produce the file
 * from data it does not understand. The written file is committed, so the app runs without
 * ../shared; packages/domain/src/presumptive-import.test.ts derives it again from the source files
 * (when they are there) and fails on any difference.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  PRESUMPTIVE_SOURCE_FILES,
  derivePresumptiveLists,
  type PresumptiveSources,
} from '../packages/domain/src/presumptive-import.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '..', 'shared', 'data'));
const target = path.join(repoRoot, 'packages', 'domain', 'src', 'presumptive-lists.json');

const sources = Object.fromEntries(
  Object.entries(PRESUMPTIVE_SOURCE_FILES).map(([key, file]) => [
    key,
    readFileSync(path.join(sourceDir, file), 'utf8'),
  ]),
) as PresumptiveSources;

const lists = derivePresumptiveLists(sources);
// Written in the repository's own formatting, so `prettier --check` leaves it alone.
const text = await format(JSON.stringify(lists), {
  ...(await resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);

console.log(
  `wrote ${path.relative(repoRoot, target)}: ` +
    lists.lists.map((list) => `${list.id} ${list.items.length}`).join(', '),
);
