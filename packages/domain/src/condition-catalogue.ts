import type { CatalogueCondition } from '@muster/contract/conditions';
import type { CatalogueFile } from './condition-catalogue-import.ts';
import catalogueFile from './condition-catalogue.json' with { type: 'json' };

/**
 * The condition catalogue: VA.gov's 526EZ condition labels with their classification, diagnostic
 * codes and PACT flag. condition-catalogue.json is generated from VA's reference data by
 * scripts/import-condition-catalogue.ts (its `source` names the files and commits) and committed,
 * so nothing is read at run time.
 */

/** A catalogue condition as the API answers it, plus the other names it is searched by. */
export type CatalogueEntry = CatalogueCondition & {
  /** VA's synonyms and legacy terms for it (never shown, only searched). */
  terms: readonly string[];
};

const FILE: CatalogueFile = catalogueFile as CatalogueFile;

/** Every condition, in VA's order. */
export const CONDITION_CATALOGUE: readonly CatalogueEntry[] = FILE.conditions.map((record) => {
  const name = FILE.classifications[record.classification];
  if (name === undefined)
    throw new Error(
      `condition-catalogue.json: no name for classification ${record.classification}`,
    );
  return {
    label: record.label,
    side_of_body: record.side,
    classification: { code: record.classification, name },
    diagnostic_codes: record.diagnostic_codes,
    pact_presumptive: record.pact,
    terms: record.terms,
  };
});

/** The API's view of a catalogue entry (the search terms stay inside). */
export function toCatalogueCondition(entry: CatalogueEntry): CatalogueCondition {
  return {
    label: entry.label,
    side_of_body: entry.side_of_body,
    classification: { ...entry.classification },
    diagnostic_codes: [...entry.diagnostic_codes],
    pact_presumptive: entry.pact_presumptive,
  };
}
