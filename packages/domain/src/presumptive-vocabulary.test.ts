import { describe, expect, it } from 'vitest';
import { CONDITION_CATALOGUE } from './condition-catalogue.ts';
import {
  MAX_CONDITION_NAME,
  PRESUMPTIVE_LISTS,
  presumptiveMatches,
  recognizeCondition,
} from './presumptive.ts';
import { PRESUMPTIVE_VOCABULARY, conditionWords } from './presumptive-vocabulary.ts';

const TODAY = '2025-06-01';

/** The lists that name a condition, with "?" when only some forms of it. */
function listsOf(name: string, diagnosticCodes: readonly string[] = []): string[] {
  return presumptiveMatches({
    condition: { name, diagnosticCodes },
    exposures: [],
    today: TODAY,
  }).lists.map((entry) => `${entry.list.id}${entry.certain ? '' : '?'}`);
}

describe('[DOMAIN][PRESUMPTIVE VOCABULARY]: how names are read', () => {
  it.each([
    ["Non-Hodgkin's lymphoma", ['nonhodgkin', 'lymphoma']],
    ['non hodgkin lymphoma', ['nonhodgkin', 'lymphoma']],
    ['Type II Diabetes', ['type', '2', 'diabete']],
    ['diabetes type two', ['diabete', 'type', '2']],
    ['Parkinson’s disease', ['parkinson', 'disease']],
    ['Undiagnosed illnesses', ['undiagnosed', 'illness']],
    ['Ovaries', ['ovary']],
    ['Ménière’s', ['meniere']],
  ])('[DOMAIN]: "%s" → %j', (text, words) => {
    expect(conditionWords(text)).toEqual(words);
  });
});

describe('[DOMAIN][PRESUMPTIVE VOCABULARY]: the table itself', () => {
  const ids = new Set(PRESUMPTIVE_VOCABULARY.map((entry) => entry.id));

  it('[DOMAIN]: ids are unique, parents exist, and an entry is never its own ancestor', () => {
    expect(ids.size).toBe(PRESUMPTIVE_VOCABULARY.length);
    for (const entry of PRESUMPTIVE_VOCABULARY)
      for (const parent of entry.parents ?? []) expect(ids, entry.id).toContain(parent);
    // presumptive.ts refuses a cycle when it loads, so loading it at all is the check.
    expect(PRESUMPTIVE_LISTS.length).toBeGreaterThan(0);
  });

  it('[DOMAIN]: every label it names is a label of the condition catalogue', () => {
    const labels = new Set(CONDITION_CATALOGUE.map((c) => c.label));
    for (const entry of PRESUMPTIVE_VOCABULARY)
      for (const label of entry.labels ?? []) expect(labels, entry.id).toContain(label);
  });

  it('[DOMAIN]: no term belongs to two entries (one name, one meaning)', () => {
    const owner = new Map<string, string>();
    for (const entry of PRESUMPTIVE_VOCABULARY)
      for (const term of [...entry.terms, ...(entry.whole ?? [])]) {
        const key = conditionWords(term).join(' ');
        expect(owner.get(key) ?? entry.id, `"${term}"`).toBe(entry.id);
        owner.set(key, entry.id);
      }
  });

  it('[DOMAIN]: an exhaustive family has members', () => {
    for (const entry of PRESUMPTIVE_VOCABULARY.filter((e) => e.exhaustive))
      expect(
        PRESUMPTIVE_VOCABULARY.some((other) => other.parents?.includes(entry.id)),
        entry.id,
      ).toBe(true);
  });
});

describe('[DOMAIN][PRESUMPTIVE VOCABULARY]: against the lists’ own words', () => {
  it('[DOMAIN]: each list entry, read as a condition name, is found on its own list', () => {
    // The ischemic heart disease entry runs past the longest name a condition may have; its
    // first 200 characters are read.
    for (const list of PRESUMPTIVE_LISTS)
      for (const item of list.items)
        expect(
          listsOf(item.text.slice(0, MAX_CONDITION_NAME)),
          `${list.id}: ${item.text}`,
        ).toContain(list.id);
  });

  it('[DOMAIN]: the kinds the sources name inside an entry are found by it too', () => {
    const withKinds = PRESUMPTIVE_LISTS.flatMap((list) =>
      list.items.filter((item) => item.includes.length > 0).map((item) => ({ list, item })),
    );
    // 3.309(e) Note 1 (soft-tissue sarcomas) and the note to 3.317(a)(2)(i)(B)(3).
    expect(withKinds.map(({ item }) => item.includes.length)).toEqual([23, 7]);
    for (const { list, item } of withKinds)
      for (const kind of item.includes) {
        const recognized = recognizeCondition({ name: kind });
        expect(recognized?.ids, kind).toEqual(item.covers);
        expect(listsOf(kind), kind).toContain(list.id);
      }
  });
});

/**
 * Catalogue labels VA's taxonomy marks as PACT Act conditions that no list here names. The
 * taxonomy's flag is "reference only"; these are not on the statute's list or in the regulations
 * as VA.gov words them.
 */
const PACT_FLAGGED_ON_NO_LIST = new Set([
  'bronchiectasis',
  'malignant tumor in spinal cord',
  // The PACT Act names skin cancer only of the head or neck (head or neck cancer of any type).
  'skin cancer (other than melanoma), extremities or trunk',
]);

const PACT_ERA_LISTS = new Set([
  'particulate_matter',
  'toxic_genitourinary_cancers',
  'toxic_blood_cancers',
  'pact_burn_pits',
]);

describe('[DOMAIN][PRESUMPTIVE VOCABULARY]: against the condition catalogue', () => {
  it('[DOMAIN]: the catalogue’s PACT Act conditions are on a burn pit list, bar the known few', () => {
    const missing = CONDITION_CATALOGUE.filter((c) => c.pact_presumptive === true)
      .filter(
        (c) =>
          !listsOf(c.label, c.diagnostic_codes).some((id) =>
            PACT_ERA_LISTS.has(id.replace('?', '')),
          ),
      )
      .map((c) => c.label);
    expect(missing.sort()).toEqual([...PACT_FLAGGED_ON_NO_LIST].sort());
  });

  it('[DOMAIN]: well-known labels reach the right lists', () => {
    expect(listsOf('hypertension (high blood pressure)')).toEqual(['herbicide']);
    expect(listsOf('diabetes, type 1 or type 2')).toEqual(['herbicide?']);
    expect(listsOf("Parkinson's disease")).toEqual(['herbicide', 'camp_lejeune']);
    expect(listsOf('Wolff-Parkinson-White syndrome')).toEqual([]);
    expect(listsOf('non-Hodgkin lymphoma')).toEqual([
      'herbicide',
      'camp_lejeune',
      'radiation',
      'pact_burn_pits',
    ]);
    expect(listsOf('Hodgkin lymphoma')).toEqual(['herbicide', 'pact_burn_pits']);
    expect(listsOf('chronic myelogenous leukemia (CML)')).toEqual([
      'camp_lejeune',
      'radiation',
      'toxic_blood_cancers',
    ]);
    expect(listsOf('skin cancer (other than melanoma), head or neck')).toEqual(['pact_burn_pits']);
    expect(listsOf('congestive heart failure (CHF)', ['7005'])).toEqual([]);
    expect(listsOf('tinnitus (ringing or hissing in ears)', ['6260'])).toEqual([]);
  });

  it('[DOMAIN]: no catalogue label is matched by its diagnostic code alone', () => {
    // A label's words decide; a code is for free text only. A label reaching a list through its
    // code would mean the vocabulary lacks its words.
    for (const c of CONDITION_CATALOGUE) {
      const recognized = recognizeCondition({ name: c.label, diagnosticCodes: c.diagnostic_codes });
      expect(recognized?.by.kind, c.label).not.toBe('diagnostic_code');
    }
  });
});
