import {
  CONDITION_QUERY_MAX,
  sideOfBodySchema,
  type CatalogueCondition,
  type SideOfBody,
} from '@muster/contract/conditions';
import {
  ALREADY_IN_LIST,
  bulkCreateDisabilitiesInputSchema,
  disabilityTitleKey,
  LISTED_TWICE,
  type BulkCreateDisabilitiesInput,
  type createDisabilityInputSchema,
} from '@muster/contract/disabilities';
import { hasForbiddenCharacters } from '@muster/contract/text';
import { z } from 'zod';

/**
 * The values of the "add several" form and how they become the contract's bulk input. Each entry is
 * a title the veteran can edit, plus the catalogue condition it came from, if any: the codes and the
 * side belong to VA's label, so they are sent only while the title is still that label.
 */

/** What a catalogue condition gives an entry. */
export type CatalogueMatch = {
  label: string;
  diagnostic_code: string | null;
  classification_code: string;
  side_of_body: SideOfBody | null;
};

export type BulkEntryValues = { title: string; match: CatalogueMatch | null };
export type BulkAddFormValues = { disabilities: BulkEntryValues[] };

/** The fields of one entry the API may refuse, as the veteran would name them. */
export const ENTRY_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Condition',
  diagnostic_code: 'Diagnostic code',
  classification_code: 'VA classification',
  side_of_body: 'Side of the body',
  diagnosis: 'Diagnosis',
  claim_type: 'Connection to service',
  veteran_id: 'Veteran record',
  percent: 'VA rating',
};

export function matchFromCondition(condition: CatalogueCondition): CatalogueMatch {
  return {
    label: condition.label,
    diagnostic_code: condition.diagnostic_codes[0] ?? null,
    classification_code: condition.classification.code,
    side_of_body: condition.side_of_body,
  };
}

/** The entry's catalogue condition while its title is still that condition's label. */
export function currentMatch(entry: BulkEntryValues): CatalogueMatch | null {
  const { match } = entry;
  if (!match) return null;
  return disabilityTitleKey(entry.title) === disabilityTitleKey(match.label) ? match : null;
}

/** The contract input an entry stands for: its title, and the catalogue fields that still apply. */
function toEntryInput(entry: BulkEntryValues): z.input<typeof createDisabilityInputSchema> {
  const match = currentMatch(entry);
  if (!match) return { title: entry.title };
  return {
    title: entry.title,
    classification_code: match.classification_code,
    ...(match.diagnostic_code ? { diagnostic_code: match.diagnostic_code } : {}),
    ...(match.side_of_body ? { side_of_body: match.side_of_body } : {}),
  };
}

function toRawInput(values: BulkAddFormValues): z.input<typeof bulkCreateDisabilitiesInputSchema> {
  return { disabilities: values.disabilities.map(toEntryInput) };
}

/** The contract input the form's values stand for (call once they passed `bulkAddFormSchema`). */
export function toBulkInput(values: BulkAddFormValues): BulkCreateDisabilitiesInput {
  return bulkCreateDisabilitiesInputSchema.parse(toRawInput(values));
}

const catalogueMatchSchema = z.object({
  label: z.string(),
  diagnostic_code: z.string().nullable(),
  classification_code: z.string(),
  side_of_body: sideOfBodySchema.nullable(),
});

/**
 * Validates the form's values with the contract's bulk schema, plus the one rule only the API can
 * check in full: a title already among the veteran's disabilities (`existingTitles`, as far as
 * they are loaded). Error paths are the form's (`disabilities.2.title`), one message per entry; a
 * message about another field of an entry is shown on its title, the entry's only control.
 *
 * Titles listed twice are looked for here too, by the same key the API uses: zod stops before the
 * contract's own check for them when any entry is malformed (a tab in a pasted line), and the
 * veteran should see every repeat at once.
 */
export function bulkAddFormSchema(existingTitles: readonly string[]) {
  const existing = new Set(existingTitles.map(disabilityTitleKey));
  return z
    .object({
      disabilities: z.array(
        z.object({ title: z.string(), match: catalogueMatchSchema.nullable() }),
      ),
    })
    .superRefine((values, context) => {
      const flagged = new Set<string>();
      const flag = (path: PropertyKey[], message: string) => {
        const key = path.join('.');
        if (flagged.has(key)) return;
        flagged.add(key);
        context.addIssue({ code: 'custom', path, message });
      };

      const checked = bulkCreateDisabilitiesInputSchema.safeParse(toRawInput(values));
      for (const issue of checked.error?.issues ?? []) {
        const [list, index, field] = issue.path;
        if (list === 'disabilities' && typeof index === 'number' && typeof field === 'string') {
          const label = ENTRY_FIELD_LABELS[field] ?? field;
          const message = field === 'title' ? issue.message : `${label}: ${issue.message}`;
          flag(['disabilities', index, 'title'], message);
        } else {
          flag(issue.path, issue.message);
        }
      }

      const seen = new Set<string>();
      values.disabilities.forEach((entry, index) => {
        const key = disabilityTitleKey(entry.title.trim());
        if (seen.has(key)) flag(['disabilities', index, 'title'], LISTED_TWICE);
        else if (existing.has(key)) flag(['disabilities', index, 'title'], ALREADY_IN_LIST);
        seen.add(key);
      });
    });
}

/** The entries of a pasted list: one per line, trimmed, blank lines dropped. */
export function splitPastedLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Whether the catalogue can be asked about `line` (its query has the same limits as any text). */
function isSearchable(line: string): boolean {
  return line.length <= CONDITION_QUERY_MAX && !hasForbiddenCharacters(line);
}

/**
 * The entry for one typed or pasted line: VA's condition when the catalogue's best hits hold a
 * label equal to the line in any case, else the veteran's words as typed. A failed search only
 * leaves the line as typed.
 */
export async function entryFromLine(
  line: string,
  search: (q: string) => Promise<{ results: CatalogueCondition[] }>,
): Promise<BulkEntryValues> {
  if (!isSearchable(line)) return { title: line, match: null };
  const wanted = line.toLowerCase();
  const condition = await search(line).then(
    ({ results }) => results.find((result) => result.label.toLowerCase() === wanted),
    // The catalogue only helps: the veteran's own words are always accepted.
    () => undefined,
  );
  if (!condition) return { title: line, match: null };
  return { title: condition.label, match: matchFromCondition(condition) };
}

/** A per-entry message from the API: `disabilities.3.title` → row 3, field `title`. */
export type EntryFieldError = { index: number; field: string; message: string };

/**
 * Splits the API's `fields` into per-entry messages (for rows that exist) and the rest (about the
 * list as a whole, such as its length).
 */
export function parseEntryFieldErrors(
  fields: Readonly<Record<string, string>>,
  entryCount: number,
): { entries: EntryFieldError[]; other: string[] } {
  const entries: EntryFieldError[] = [];
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const found = /^disabilities\.(\d+)\.(\w+)$/.exec(path);
    const index = Number(found?.[1]);
    const field = found?.[2];
    if (field && Number.isInteger(index) && index < entryCount) {
      entries.push({ index, field, message });
    } else {
      other.push(message);
    }
  }
  entries.sort((first, second) => first.index - second.index);
  return { entries, other };
}

/** The submit button's words: how many will be added. */
export function submitLabel(count: number): string {
  if (count === 0) return 'Add disabilities';
  return `Add ${count} ${count === 1 ? 'disability' : 'disabilities'}`;
}
