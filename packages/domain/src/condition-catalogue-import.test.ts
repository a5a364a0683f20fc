/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import committed from './condition-catalogue.json' with { type: 'json' };
import {
  CATALOGUE_SIZE,
  CATALOGUE_SOURCE_FILES,
  deriveConditionCatalogue,
  labelWithoutSide,
  parseCsv,
  sideOfLabel,
  type CatalogueSources,
} from './condition-catalogue-import.ts';
import { CONDITION_CATALOGUE } from './condition-catalogue.ts';

/**
 * The VA source files the catalogue is imported from (scripts/import-condition-catalogue.ts), read
 * by the test bundler (domain code does no I/O). They sit beside the repository in
 * ../shared/data; a machine without that folder skips the comparison, since the app itself runs
 * from the committed file alone.
 */
const SOURCE: Record<string, string> = import.meta.glob(
  [
    '../../../../shared/data/derived/conditions-autocomplete-with-codes.derived.json',
    '../../../../shared/data/contention-classification-api/cc_taxonomy_master_v0.3.csv',
    '../../../../shared/data/contention-classification-api/lh_brd_classification_ids.json',
  ],
  { query: '?raw', import: 'default', eager: true },
);

function sourceFile(file: string): string | undefined {
  return Object.entries(SOURCE).find(([name]) => name.endsWith(`/shared/data/${file}`))?.[1];
}
const [labelsWithCodes, taxonomy, classifications] = CATALOGUE_SOURCE_FILES.map(sourceFile);
const hasSources =
  labelsWithCodes !== undefined && taxonomy !== undefined && classifications !== undefined;

describe.skipIf(!hasSources)(
  '[DOMAIN][CONDITION CATALOGUE]: the committed file against VA’s data',
  () => {
    const sources = { labelsWithCodes, taxonomy, classifications } as CatalogueSources;

    it('[DOMAIN]: condition-catalogue.json is exactly what the import derives (no hand edit, not stale)', () => {
      expect(committed).toEqual(deriveConditionCatalogue(sources));
    });

    it('[DOMAIN]: every label of VA.gov’s list is there, in VA’s order', () => {
      const labels = (
        JSON.parse(sources.labelsWithCodes) as { conditions: { label: string }[] }
      ).conditions.map((c) => c.label.trim().replace(/\s+/g, ' '));
      expect(labels).toHaveLength(CATALOGUE_SIZE);
      expect(CONDITION_CATALOGUE.map((c) => c.label)).toEqual(labels);
    });
  },
);

describe('[DOMAIN][CONDITION CATALOGUE]: what the committed catalogue holds', () => {
  const find = (label: string) => {
    const entry = CONDITION_CATALOGUE.find((c) => c.label === label);
    if (!entry) throw new Error(`no catalogue entry ${label}`);
    return entry;
  };

  it('[DOMAIN]: 624 conditions, each with a classification; codes are four digits', () => {
    expect(CONDITION_CATALOGUE).toHaveLength(CATALOGUE_SIZE);
    for (const condition of CONDITION_CATALOGUE) {
      expect(condition.classification.code, condition.label).toMatch(/^\d+$/);
      expect(condition.classification.name, condition.label).not.toBe('');
      for (const code of condition.diagnostic_codes)
        expect(code, condition.label).toMatch(/^\d{4}$/);
    }
    expect(new Set(CONDITION_CATALOGUE.map((c) => c.label)).size).toBe(CATALOGUE_SIZE);
  });

  it('[DOMAIN]: codes of well-known conditions', () => {
    expect(find('tinnitus (ringing or hissing in ears)')).toMatchObject({
      classification: { code: '3140', name: 'Hearing Loss' },
      diagnostic_codes: ['6260'],
      side_of_body: null,
      pact_presumptive: false,
    });
    expect(find('PTSD (post-traumatic stress disorder)').diagnostic_codes).toEqual(['9411']);
    expect(find('hypertension (high blood pressure)').diagnostic_codes).toEqual(['7101']);
    expect(find('vertigo or dizziness').diagnostic_codes).toEqual(['6204', '6205']);
    // "Multiple" in VA's taxonomy: a group of codes, none named.
    expect(find('knee instability, left').diagnostic_codes).toEqual([]);
    expect(find('constrictive bronchiolitis (obliterative bronchiolitis)').pact_presumptive).toBe(
      true,
    );
  });

  it('[DOMAIN]: the labels VA.gov words differently from the taxonomy still get their codes', () => {
    expect(find('glaucoma').diagnostic_codes).toEqual(['6013']);
    expect(find('agoraphobia').diagnostic_codes).toEqual(['9412']);
    expect(find('depersonalization-derealization disorder (DPDR)')).toMatchObject({
      classification: { code: '8989', name: 'Mental Disorders' },
      diagnostic_codes: ['9417'],
    });
    // The three sides of one condition carry the same codes.
    const sides = ['bilateral', 'left', 'right'].map((side) =>
      find(`chronic otitis media (chronic middle ear infection), ${side}`),
    );
    for (const side of sides) {
      expect(side.diagnostic_codes).toEqual(['6201']);
      expect(side.classification).toEqual(sides[0]?.classification);
    }
  });

  it('[DOMAIN]: "PACT if head or neck" is yes for the head-or-neck label only; a blank flag is unknown', () => {
    expect(find('basal cell carcinoma of the skin, head or neck').pact_presumptive).toBe(true);
    expect(find('basal cell carcinoma of the skin, extremities or trunk').pact_presumptive).toBe(
      false,
    );
    expect(find("Alzheimer's disease").pact_presumptive).toBeNull();
  });

  it('[DOMAIN]: the side of body is the one the label names, and only paired parts have one', () => {
    expect(find('ACL tear (anterior cruciate ligament tear), left').side_of_body).toBe('left');
    expect(find('radiculopathy, bilateral lower extremities').side_of_body).toBe('bilateral');
    expect(find('hearing loss').side_of_body).toBeNull();
    expect(find('scars, extremities or trunk').side_of_body).toBeNull();
    const sided = CONDITION_CATALOGUE.filter((c) => c.side_of_body !== null);
    const sidedGroups = new Set(sided.map((c) => c.classification.name.split(' - ')[0]));
    expect(sided.length).toBeGreaterThan(300);
    expect(sidedGroups).not.toContain('Mental Disorders');
    for (const condition of sided)
      expect(
        condition.label.endsWith(condition.side_of_body ?? '') ||
          condition.label.endsWith('extremities'),
      ).toBe(true);
  });
});

describe('[DOMAIN][CONDITION CATALOGUE]: the import rules', () => {
  it('[DOMAIN]: sides are read from the end of the label only', () => {
    expect(sideOfLabel('knee instability, right')).toBe('right');
    expect(sideOfLabel('diabetic peripheral neuropathy, left upper extremities')).toBe('left');
    expect(sideOfLabel('left ventricular hypertrophy (LVH)')).toBeNull();
    expect(sideOfLabel('right ventricular hypertrophy (RVH)')).toBeNull();
    expect(labelWithoutSide('knee instability, right')).toBe('knee instability');
    expect(labelWithoutSide('radiculopathy, bilateral lower extremities')).toBe(
      'radiculopathy, lower extremities',
    );
    expect(labelWithoutSide('left ventricular hypertrophy (LVH)')).toBe(
      'left ventricular hypertrophy (LVH)',
    );
  });

  it('[DOMAIN]: the CSV reader keeps commas, quotes and line breaks inside quoted fields', () => {
    expect(parseCsv('a,b\r\n"x, ""y""","one |\r\ntwo"\r\n')).toEqual([
      { a: 'x, "y"', b: 'one |\r\ntwo' },
    ]);
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow(/3 fields/);
  });

  /** A small, valid set of sources with `count` labels, changed by `edit`. */
  function sources(edit: (label: Record<string, unknown>, index: number) => void = () => {}) {
    const conditions = Array.from({ length: CATALOGUE_SIZE }, (_, id) => {
      const label: Record<string, unknown> = {
        id,
        label: `condition ${id}`,
        mainTerm: `condition ${id}`,
        classificationCode: '8997',
        classificationText: 'Musculoskeletal - Knee',
        diagnosticCodes: '5257',
        pactPresumptive: 'no',
      };
      edit(label, id);
      return label;
    });
    const header =
      'Main condition/term,All synonyms,Additional synonyms,' +
      [1, 2, 3, 4, 5, 6, 7].map((n) => `Legacy term ${n}`).join(',') +
      ',' +
      [1, 2, 3, 4, 5, 6].map((n) => `Autosuggestion term ${n}`).join(',') +
      ',Classification Code,Diagnostic Code(s),PACT Presumptive (reference only)';
    const row = ['condition 0', '"bad knee |\nwonky knee"', '', 'old name', ...Array(6).fill('')]
      .concat(['condition 0', ...Array(5).fill(''), '8997', '5257', 'no'])
      .join(',');
    return {
      labelsWithCodes: JSON.stringify({ _provenance: { labels: 'test' }, conditions }),
      taxonomy: `${header}\n${row}\n`,
      classifications: JSON.stringify({
        items: [
          { id: 8997, name: 'Musculoskeletal - Knee' },
          { id: 10, name: 'abnormal heart', endDateTime: '2016-03-20T00:11:43Z' },
        ],
      }),
    };
  }

  it('[DOMAIN]: a valid set imports, with the taxonomy’s synonyms and legacy terms as search terms', () => {
    const catalogue = deriveConditionCatalogue(sources());
    expect(catalogue.conditions).toHaveLength(CATALOGUE_SIZE);
    expect(catalogue.conditions[0]).toEqual({
      label: 'condition 0',
      side: null,
      classification: '8997',
      diagnostic_codes: ['5257'],
      pact: false,
      terms: ['bad knee', 'wonky knee', 'old name'],
    });
    expect(catalogue.classifications).toEqual({ '8997': 'Musculoskeletal - Knee' });
  });

  it('[DOMAIN]: data the import does not understand stops it', () => {
    const refuse = (edit: Parameters<typeof sources>[0], message: RegExp) =>
      expect(() => deriveConditionCatalogue(sources(edit))).toThrow(message);
    refuse((l, i) => i === 3 && (l.diagnosticCodes = '52571'), /not a four-digit code/);
    refuse((l, i) => i === 3 && (l.pactPresumptive = 'maybe'), /PACT flag "maybe"/);
    refuse((l, i) => i === 3 && (l.classificationCode = '10'), /not a current VA classification/);
    refuse((l, i) => i === 3 && (l.label = 'condition 2'), /listed twice/);
    refuse((l, i) => i === 3 && (l.id = 7), /out of order/);
    // The derived codes disagree with the taxonomy row they were joined from.
    refuse((l, i) => i === 0 && (l.diagnosticCodes = '5258'), /differ from the taxonomy/);
    const short = sources();
    const parsed = JSON.parse(short.labelsWithCodes) as { conditions: unknown[] };
    parsed.conditions.pop();
    expect(() =>
      deriveConditionCatalogue({
        ...short,
        labelsWithCodes: JSON.stringify({ ...parsed, _provenance: {} }),
      }),
    ).toThrow(/623 labels/);
  });

  it('[DOMAIN]: a label the join missed takes its codes from the taxonomy row of its main term', () => {
    const catalogue = deriveConditionCatalogue(
      sources((label, i) => {
        if (i !== 0) return;
        label.label = 'condition 0, left';
        delete label.mainTerm;
        delete label.diagnosticCodes;
        delete label.pactPresumptive;
      }),
    );
    expect(catalogue.conditions[0]).toMatchObject({
      label: 'condition 0, left',
      side: 'left',
      diagnostic_codes: ['5257'],
      pact: false,
    });
  });
});
