import type { SideOfBody } from '@muster/contract/conditions';

/**
 * Builds the condition catalogue that is committed as condition-catalogue.json, from the VA source
 * files in ../shared/data (public-domain US Government data). Pure: the caller reads the files
 * (scripts/import-condition-catalogue.ts with fs, the tests with the bundler), so the script and
 * the test that guards the committed file run the same derivation.
 *
 * The rules, in our words:
 * - The labels, their order and their codes come from the derived join of VA.gov's 526EZ
 *   autocomplete list with the Contention Classification taxonomy. Where that join found no
 *   diagnostic code (five labels whose wording differs from the taxonomy's), the taxonomy row is
 *   found again by a looser match (the label without its side, against the row's main term, then
 *   a synonym that names exactly one row) and supplies the classification, codes and PACT flag.
 * - Every label gets the taxonomy row's synonyms and legacy terms as search aliases, unless the row
 *   was found only through one of its synonyms (a synonym row may stand for a wider condition).
 * - Classification names are those of VA's Benefits Reference Data list, by code; a code missing
 *   from it or ended there stops the import.
 * - "Multiple" diagnostic codes (the taxonomy names a group without saying which code) becomes an
 *   empty list; "6204 or 6205" becomes both codes. Anything else that is not a four-digit code
 *   stops the import.
 * - The PACT flag is yes / no / unknown (the source leaves it blank). "yes, if head or neck" is yes
 *   for the label that says "head or neck" and no for the one that says "extremities or trunk".
 * - The side of body is read from the label: VA.gov gives conditions of paired body parts one label
 *   per side, ending ", left", ", right" or ", bilateral" (nerves: ", left lower extremities" and
 *   so on). A label without such an ending has no side.
 */

/** One condition of the committed file. */
export type CatalogueRecord = {
  /** The VA.gov 526EZ label, as VA spells it. */
  label: string;
  side: SideOfBody | null;
  /** A key of `classifications`. */
  classification: string;
  diagnostic_codes: string[];
  pact: boolean | null;
  /** Other names of the condition from the taxonomy (synonyms, legacy terms), for search. */
  terms: string[];
};

/** The committed file: where it came from, classification names by code, then the conditions. */
export type CatalogueFile = {
  source: {
    generated_by: string;
    files: string[];
    provenance: Record<string, string>;
    license: string;
  };
  classifications: Record<string, string>;
  conditions: CatalogueRecord[];
};

export type CatalogueSources = {
  /** derived/conditions-autocomplete-with-codes.derived.json */
  labelsWithCodes: string;
  /** contention-classification-api/cc_taxonomy_master_v0.3.csv */
  taxonomy: string;
  /** contention-classification-api/lh_brd_classification_ids.json */
  classifications: string;
};

export const CATALOGUE_SOURCE_FILES = [
  'derived/conditions-autocomplete-with-codes.derived.json',
  'contention-classification-api/cc_taxonomy_master_v0.3.csv',
  'contention-classification-api/lh_brd_classification_ids.json',
] as const;

/** The number of labels in VA.gov's 526EZ autocomplete list. */
export const CATALOGUE_SIZE = 624;

type CsvRow = Record<string, string>;

/** RFC 4180 CSV: quoted fields may hold commas, line breaks and doubled quotes. */
export function parseCsv(text: string): CsvRow[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...body] = records.filter((r) => r.some((cell) => cell.trim() !== ''));
  if (!header) throw new Error('empty CSV');
  return body.map((cells, index) => {
    if (cells.length !== header.length)
      throw new Error(`row ${index + 2}: ${cells.length} fields, expected ${header.length}`);
    return Object.fromEntries(header.map((name, column) => [name, cells[column] ?? '']));
  });
}

/** Lower case, single spaces, trimmed: how labels and terms are compared. */
const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const SIDE_ENDING = /, (left|right|bilateral)(?: ((?:upper|lower) extremities))?$/;

/** The side a label names, if any. */
export function sideOfLabel(label: string): SideOfBody | null {
  const side = SIDE_ENDING.exec(label)?.[1];
  return side === 'left' || side === 'right' || side === 'bilateral' ? side : null;
}

/** The label without the side it names ("knee instability, left" → "knee instability"). */
export function labelWithoutSide(label: string): string {
  return label.replace(SIDE_ENDING, (_ending, _side, limbs?: string) =>
    limbs ? `, ${limbs}` : '',
  );
}

type CodedLabel = {
  id: number;
  label: string;
  mainTerm?: string;
  classificationCode?: string;
  classificationText?: string;
  diagnosticCodes?: string;
  pactPresumptive?: string;
};

function readLabels(text: string): { provenance: Record<string, string>; labels: CodedLabel[] } {
  const parsed = JSON.parse(text) as {
    _provenance?: Record<string, string>;
    conditions?: CodedLabel[];
  };
  if (!parsed.conditions || !parsed._provenance) throw new Error('labels file: no conditions');
  parsed.conditions.forEach((condition, index) => {
    if (condition.id !== index || typeof condition.label !== 'string' || !condition.label.trim())
      throw new Error(`labels file: entry ${index} has no label or is out of order`);
  });
  return { provenance: parsed._provenance, labels: parsed.conditions };
}

function readClassifications(text: string): Map<string, string> {
  const parsed = JSON.parse(text) as {
    items?: { id: number; name: string; endDateTime?: string | null }[];
  };
  if (!parsed.items?.length) throw new Error('classification list: no items');
  const current = new Map<string, string>();
  for (const item of parsed.items) if (!item.endDateTime) current.set(String(item.id), item.name);
  return current;
}

const TERM_COLUMNS = [
  'Additional synonyms',
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `Legacy term ${n}`),
];
const AUTOSUGGESTION_COLUMNS = [1, 2, 3, 4, 5, 6].map((n) => `Autosuggestion term ${n}`);

function column(row: CsvRow, name: string): string {
  const value = row[name];
  if (value === undefined) throw new Error(`taxonomy: missing column ${name}`);
  return value.trim();
}

/** A row's synonyms ("All synonyms" holds them one a line, each ending " |"). */
function synonymsOf(row: CsvRow): string[] {
  return column(row, 'All synonyms')
    .split(/\|/)
    .map((term) => term.trim())
    .filter(Boolean);
}

/** Taxonomy lookups: by autosuggestion term, by main term, by synonym (only when one row has it). */
function indexTaxonomy(rows: CsvRow[]) {
  const byAutosuggestion = new Map<string, CsvRow>();
  const byMainTerm = new Map<string, CsvRow>();
  const bySynonym = new Map<string, CsvRow[]>();
  for (const row of rows) {
    for (const name of AUTOSUGGESTION_COLUMNS) {
      const term = column(row, name);
      if (term) byAutosuggestion.set(key(term), row);
    }
    byMainTerm.set(key(column(row, 'Main condition/term')), row);
    for (const synonym of synonymsOf(row)) {
      const list = bySynonym.get(key(synonym)) ?? [];
      list.push(row);
      bySynonym.set(key(synonym), list);
    }
  }
  return { byAutosuggestion, byMainTerm, bySynonym };
}

function diagnosticCodes(value: string | undefined, label: string): string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'Multiple') return [];
  const codes = text.split(/\s*(?:\bor\b|,|;|\/)\s*/).filter(Boolean);
  for (const code of codes)
    if (!/^\d{4}$/.test(code))
      throw new Error(`${label}: diagnostic code "${code}" is not a four-digit code`);
  return codes;
}

function pactFlag(value: string | undefined, label: string): boolean | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return null;
  if (text === 'yes') return true;
  if (text === 'no') return false;
  if (text === 'yes, if head or neck') {
    if (/, head or neck$/.test(label)) return true;
    if (/, extremities or trunk$/.test(label)) return false;
  }
  throw new Error(`${label}: PACT flag "${value}" is not one the import knows`);
}

/** The catalogue, from the three source files (see the module comment for the rules). */
export function deriveConditionCatalogue(sources: CatalogueSources): CatalogueFile {
  const { provenance, labels } = readLabels(sources.labelsWithCodes);
  if (labels.length !== CATALOGUE_SIZE)
    throw new Error(`labels file: ${labels.length} labels, expected ${CATALOGUE_SIZE}`);
  const names = readClassifications(sources.classifications);
  const taxonomy = indexTaxonomy(parseCsv(sources.taxonomy));

  const classifications: Record<string, string> = {};
  const seen = new Set<string>();
  const conditions = labels.map((entry): CatalogueRecord => {
    const label = entry.label.trim().replace(/\s+/g, ' ');
    if (seen.has(key(label))) throw new Error(`${label}: listed twice`);
    seen.add(key(label));
    const base = labelWithoutSide(label);

    // The taxonomy row: the derived join's, else the looser matches of the module comment.
    const direct =
      taxonomy.byAutosuggestion.get(key(label)) ??
      (entry.mainTerm ? taxonomy.byMainTerm.get(key(entry.mainTerm)) : undefined) ??
      taxonomy.byMainTerm.get(key(base));
    const synonymRows = taxonomy.bySynonym.get(key(base)) ?? [];
    const row = direct ?? (synonymRows.length === 1 ? synonymRows[0] : undefined);

    const joined = entry.diagnosticCodes !== undefined && entry.classificationCode !== undefined;
    // The derived join and the taxonomy row it came from must agree, or the rows were mixed up.
    if (joined && direct) {
      const rowCodes = `${column(direct, 'Classification Code')} ${column(direct, 'Diagnostic Code(s)')}`;
      if (rowCodes !== `${entry.classificationCode} ${entry.diagnosticCodes}`)
        throw new Error(`${label}: the derived codes differ from the taxonomy's (${rowCodes})`);
    }
    const code = joined
      ? entry.classificationCode
      : row
        ? column(row, 'Classification Code')
        : entry.classificationCode;
    if (!code) throw new Error(`${label}: no classification code in any source`);
    const name = names.get(code);
    if (!name)
      throw new Error(`${label}: classification ${code} is not a current VA classification`);
    classifications[code] = name;

    const codes = joined
      ? diagnosticCodes(entry.diagnosticCodes, label)
      : diagnosticCodes(row ? column(row, 'Diagnostic Code(s)') : undefined, label);
    const pact = joined
      ? pactFlag(entry.pactPresumptive, label)
      : pactFlag(row ? column(row, 'PACT Presumptive (reference only)') : undefined, label);

    const terms: string[] = [];
    const known = new Set([key(label), key(base)]);
    if (direct) {
      for (const term of [
        ...synonymsOf(direct),
        ...TERM_COLUMNS.map((name) => column(direct, name)),
      ]) {
        if (!term || known.has(key(term))) continue;
        known.add(key(term));
        terms.push(term.replace(/\s+/g, ' '));
      }
    }
    return {
      label,
      side: sideOfLabel(label),
      classification: code,
      diagnostic_codes: codes,
      pact,
      terms,
    };
  });

  return {
    source: {
      generated_by: 'scripts/import-condition-catalogue.ts',
      files: CATALOGUE_SOURCE_FILES.map((file) => `../shared/data/${file}`),
      provenance,
      license: 'US Government works (public domain, CC0-1.0 waiver)',
    },
    classifications: Object.fromEntries(
      Object.entries(classifications).sort(([a], [b]) => Number(a) - Number(b)),
    ),
    conditions,
  };
}
