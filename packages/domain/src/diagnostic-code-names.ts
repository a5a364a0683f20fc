import { CONDITION_CATALOGUE } from './condition-catalogue.ts';

/**
 * A readable name for a VA diagnostic code (38 CFR Part 4), from the condition catalogue. A code
 * only names a condition when the catalogue is unambiguous about it: the labels that list it
 * differ at most by side of body ("…, left" / "…, right"), or they all share one classification.
 * Otherwise, and for codes the catalogue does not know, the code itself is named.
 */

const SIDE_SUFFIX = /,\s*(left|right|bilateral)$/i;

type Names = { labels: Set<string>; classifications: Set<string> };

const NAMES_BY_CODE: ReadonlyMap<string, Names> = (() => {
  const byCode = new Map<string, Names>();
  for (const entry of CONDITION_CATALOGUE) {
    for (const code of entry.diagnostic_codes) {
      const names = byCode.get(code) ?? { labels: new Set(), classifications: new Set() };
      names.labels.add(entry.label.replace(SIDE_SUFFIX, ''));
      names.classifications.add(entry.classification.name);
      byCode.set(code, names);
    }
  }
  return byCode;
})();

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The catalogue's name for `code`, or null when it has none or several. */
export function catalogueNameForDiagnosticCode(code: string): string | null {
  const names = NAMES_BY_CODE.get(code.trim());
  if (!names) return null;
  if (names.labels.size === 1) return capitalised([...names.labels][0]!);
  if (names.classifications.size === 1) return [...names.classifications][0]!;
  return null;
}

/** A name to show for `code`: the catalogue's, else "Diagnostic code NNNN". */
export function nameForDiagnosticCode(code: string): string {
  return catalogueNameForDiagnosticCode(code) ?? `Diagnostic code ${code.trim()}`;
}
