/**
 * Regenerates packages/domain/src/compensation-rates.ts from the rate tables in
 * ../shared/data/compensation-rates/rates_normalized_<year>.csv (a third-party, MIT-licensed
 * scrape of va.gov; see that folder's README and rates_schema.json).
 *
 *   node --import tsx scripts/import-compensation-rates.ts [csv-folder]
 *
 * Every figure becomes whole cents. The script refuses to write when a table is incomplete, when
 * duplicated rows disagree, or when a value is not a dollar amount, so a bad scrape cannot slip in.
 * The written table is committed; packages/domain/src/compensation-table.test.ts compares every cell
 * of it with the CSVs, so a hand edit or a stale import fails the tests.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(
  process.argv[2] ?? path.join(repoRoot, '..', 'shared', 'data', 'compensation-rates'),
);
const target = path.join(repoRoot, 'packages', 'domain', 'src', 'compensation-rates.ts');

const FLAT_RATINGS = [10, 20] as const;
const DEPENDANT_RATINGS = [30, 40, 50, 60, 70, 80, 90, 100] as const;
const STATUSES = ['alone', 'spouse', 'child', 'spouse_and_child'] as const;
type Status = (typeof STATUSES)[number];

/** Added_Item text (after fixing va.gov's "receving" typo) → our key. */
const ADDED_ITEMS: Record<string, AddedKey> = {
  'each additional child under age 18': 'additional_child_under_18',
  'each additional child over age 18 in a qualifying school program': 'school_child',
  'spouse receiving aid and attendance': 'spouse_aid_attendance',
};
type AddedKey = 'additional_child_under_18' | 'school_child' | 'spouse_aid_attendance';

type Row = Record<string, string>;

/** RFC 4180 CSV: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): Row[] {
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

/** "3831.3" → 383130, without going through a float. */
function toCents(value: string, where: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`${where}: "${value}" is not a dollar amount`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function required(row: Row, column: string): string {
  const value = row[column];
  if (value === undefined) throw new Error(`missing column ${column}`);
  return value;
}

type Table = {
  year: number;
  effectiveDate: string;
  flat: Record<number, number>;
  basic: Record<number, Record<Status, [number, number, number]>>;
  added: Record<number, Record<AddedKey, number>>;
};

function buildTable(file: string): Table {
  const rows = parseCsv(readFileSync(path.join(sourceDir, file), 'utf8'));
  const years = new Set(rows.map((row) => Number(required(row, 'Year'))));
  const [year] = [...years];
  if (years.size !== 1 || year === undefined || !Number.isInteger(year))
    throw new Error(`${file}: expected one Year, got ${[...years].join(', ')}`);

  const cells = new Map<string, number>();
  const put = (key: string, cents: number, where: string) => {
    const existing = cells.get(key);
    if (existing !== undefined && existing !== cents)
      throw new Error(`${where}: duplicate ${key} disagrees (${existing} vs ${cents} cents)`);
    cells.set(key, cents);
  };

  rows.forEach((row, index) => {
    const where = `${file} row ${index + 2}`;
    const rating = Number(required(row, 'Rating'));
    const cents = toCents(required(row, 'Monthly_Rate_USD'), where);
    const category = required(row, 'Category');
    if (category === 'Added') {
      const item = required(row, 'Added_Item')
        .trim()
        .toLowerCase()
        .replace('receving', 'receiving');
      const key = ADDED_ITEMS[item];
      if (!key) throw new Error(`${where}: unknown added item "${required(row, 'Added_Item')}"`);
      put(`added:${rating}:${key}`, cents, where);
    } else if (category === 'Basic') {
      if ((FLAT_RATINGS as readonly number[]).includes(rating)) {
        put(`flat:${rating}`, cents, where);
        return;
      }
      const spouse = required(row, 'Has_Spouse') === 'True';
      const child = required(row, 'Has_Child') === 'True';
      const parents = Number(required(row, 'Parent_Count'));
      if (![0, 1, 2].includes(parents)) throw new Error(`${where}: Parent_Count ${parents}`);
      const status: Status = spouse
        ? child
          ? 'spouse_and_child'
          : 'spouse'
        : child
          ? 'child'
          : 'alone';
      put(`basic:${rating}:${status}:${parents}`, cents, where);
    } else {
      throw new Error(`${where}: unknown Category "${category}"`);
    }
  });

  const take = (key: string): number => {
    const value = cells.get(key);
    if (value === undefined) throw new Error(`${file}: no value for ${key}`);
    cells.delete(key);
    return value;
  };
  const table: Table = {
    year,
    effectiveDate: `${year - 1}-12-01`,
    flat: Object.fromEntries(FLAT_RATINGS.map((rating) => [rating, take(`flat:${rating}`)])),
    basic: Object.fromEntries(
      DEPENDANT_RATINGS.map((rating) => [
        rating,
        Object.fromEntries(
          STATUSES.map((status) => [
            status,
            [0, 1, 2].map((parents) => take(`basic:${rating}:${status}:${parents}`)) as [
              number,
              number,
              number,
            ],
          ]),
        ) as Record<Status, [number, number, number]>,
      ]),
    ),
    added: Object.fromEntries(
      DEPENDANT_RATINGS.map((rating) => [
        rating,
        {
          additional_child_under_18: take(`added:${rating}:additional_child_under_18`),
          school_child: take(`added:${rating}:school_child`),
          spouse_aid_attendance: take(`added:${rating}:spouse_aid_attendance`),
        },
      ]),
    ),
  };
  if (cells.size > 0) throw new Error(`${file}: unexpected cells ${[...cells.keys()].join(', ')}`);
  // Rates rise with the rating and with each dependant; anything else is a scraping error.
  for (const status of STATUSES) {
    for (const parents of [0, 1, 2] as const) {
      let previous = table.flat[20] ?? 0;
      for (const rating of DEPENDANT_RATINGS) {
        const value = table.basic[rating]?.[status][parents] ?? 0;
        if (value <= previous)
          throw new Error(
            `${file}: ${status}/${parents} parents at ${rating} % is not above the rate below it`,
          );
        previous = value;
      }
    }
  }
  return table;
}

const files = readdirSync(sourceDir)
  .filter((name) => /^rates_normalized_\d{4}\.csv$/.test(name))
  .sort();
if (files.length === 0) throw new Error(`no rates_normalized_<year>.csv in ${sourceDir}`);
const tables = files.map(buildTable);
tables.forEach((table, index) => {
  const previous = tables[index - 1];
  if (previous && table.year !== previous.year + 1)
    throw new Error(`tables skip from ${previous.year} to ${table.year}`);
});

const tuple = (values: readonly number[]) => `[${values.join(', ')}]`;
function render(table: Table): string {
  const lines = [
    '  {',
    `    year: ${table.year},`,
    `    effective_date: '${table.effectiveDate}',`,
    `    flat: { 10: ${table.flat[10]}, 20: ${table.flat[20]} },`,
    '    basic: {',
    ...DEPENDANT_RATINGS.map((rating) => {
      const row = table.basic[rating]!;
      return `      ${rating}: { ${STATUSES.map((status) => `${status}: ${tuple(row[status])}`).join(', ')} },`;
    }),
    '    },',
    '    added: {',
    ...DEPENDANT_RATINGS.map((rating) => {
      const row = table.added[rating]!;
      return `      ${rating}: { additional_child_under_18: ${row.additional_child_under_18}, school_child: ${row.school_child}, spouse_aid_attendance: ${row.spouse_aid_attendance} },`;
    }),
    '    },',
    '  },',
  ];
  return lines.join('\n');
}

const output = `/**
 * VA disability compensation rate tables, in whole cents.
 *
 * GENERATED by scripts/import-compensation-rates.ts from
 * ../shared/data/compensation-rates/${files.join(', ')}
 * (adamreger/va-disability-rates, MIT, a scrape of va.gov). Do not edit by hand: fix the source and
 * run the script again. Spot-check new years against https://www.va.gov/disability/compensation-rates/veteran-rates/.
 *
 * \`year\` is VA's name for a table: the "${tables.at(-1)?.year} rates" took effect on ${tables.at(-1)?.effectiveDate}.
 */

export const DEPENDANT_RATINGS = [30, 40, 50, 60, 70, 80, 90, 100] as const;
export type DependantRating = (typeof DEPENDANT_RATINGS)[number];

/** Dependency status of a basic rate: spouse and/or at least one child under 18. */
export type BasicStatus = 'alone' | 'spouse' | 'child' | 'spouse_and_child';

export type CompensationRateTable = {
  year: number;
  /** YYYY-MM-DD, always a December 1. */
  effective_date: string;
  /** 10 % and 20 %: one rate, dependants do not count. */
  flat: { 10: number; 20: number };
  /** Basic monthly rate by status, indexed by the number of dependent parents (0, 1, 2). */
  basic: Record<DependantRating, Record<BasicStatus, readonly [number, number, number]>>;
  /** Added amounts, each per child or per spouse. */
  added: Record<
    DependantRating,
    { additional_child_under_18: number; school_child: number; spouse_aid_attendance: number }
  >;
};

/** Oldest first. */
export const COMPENSATION_RATE_TABLES: readonly CompensationRateTable[] = [
${tables.map(render).join('\n')}
];
`;

writeFileSync(target, output);
console.log(
  `wrote ${path.relative(repoRoot, target)}: ${tables.map((t) => `${t.year} (effective ${t.effectiveDate})`).join(', ')}`,
);
