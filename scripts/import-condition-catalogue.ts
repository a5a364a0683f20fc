/**
 * Regenerates packages/domain/src/condition-catalogue.json, the condition catalogue behind
 * `GET /conditions`, from the VA reference data in ../shared/data (see its README, section 3):
 *
 * - derived/conditions-autocomplete-with-codes.derived.json: the 624 VA.gov 526EZ labels joined to
 *   their classification and diagnostic codes and the PACT flag;
 * - contention-classification-api/cc_taxonomy_master_v0.3.csv: synonyms and legacy terms, and the
 *   codes of the few labels that join missed;
 * - contention-classification-api/lh_brd_classification_ids.json: classification names.
 *
 *   node --import tsx scripts/import-condition-catalogue.ts [shared-data-folder]
 *
 * The rules live in packages/domain/src/condition-catalogue-import.ts, which refuses to produce a
 * catalogue from data it does not understand. The written file is committed, so the app runs
 * without ../shared; packages/domain/src/condition-catalogue-import.test.ts derives it again from
 * the source files (when they are there) and fails on any difference, so a hand edit or a stale
 * import cannot go unnoticed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  CATALOGUE_SOURCE_FILES,
  deriveConditionCatalogue,
} from '../packages/domain/src/condition-catalogue-import.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(process.argv[2] ?? path.join(repoRoot, '..', 'shared', 'data'));
const target = path.join(repoRoot, 'packages', 'domain', 'src', 'condition-catalogue.json');

const [labelsWithCodes, taxonomy, classifications] = CATALOGUE_SOURCE_FILES.map((file) =>
  readFileSync(path.join(sourceDir, file), 'utf8'),
);
if (labelsWithCodes === undefined || taxonomy === undefined || classifications === undefined)
  throw new Error('a source file is missing');

const catalogue = deriveConditionCatalogue({ labelsWithCodes, taxonomy, classifications });
// Written in the repository's own formatting, so `prettier --check` leaves it alone.
const text = await format(JSON.stringify(catalogue), {
  ...(await resolveConfig(target)),
  filepath: target,
});
writeFileSync(target, text);

const withCodes = catalogue.conditions.filter((c) => c.diagnostic_codes.length > 0).length;
const sided = catalogue.conditions.filter((c) => c.side !== null).length;
console.log(
  `wrote ${path.relative(repoRoot, target)}: ${catalogue.conditions.length} conditions, ` +
    `${withCodes} with diagnostic codes, ${sided} naming a side, ` +
    `${Object.keys(catalogue.classifications).length} classifications`,
);
