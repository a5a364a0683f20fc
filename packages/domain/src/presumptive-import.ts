import { PRESUMPTIVE_VOCABULARY } from './presumptive-vocabulary.ts';

/**
 * Builds presumptive-lists.json, VA's lists of diseases presumed service connected after a given
 * exposure, from the source files in ../shared/data (public-domain US Government texts). Pure: the
 * caller reads the files (scripts/import-presumptive-lists.ts with fs, the tests with the
 * bundler), so the script and the test that guards the committed file run the same derivation.
 *
 * What comes from where:
 * - The disease lists are read out of the 38 CFR text (Part 3 as eCFR had it in 2025: §§ 3.309(d),
 *   (e) and (f), 3.317(a) and (c), 3.320, 3.320a, 3.320b) and, for the diseases that statutes added
 *   without the regulation being amended (the PACT Act's burn pit list, the newer Agent Orange
 *   conditions), out of VA.gov's PACT Act wizard. Each item keeps the source's wording.
 * - Where VA.gov repeats a CFR list (radiation, Camp Lejeune, Agent Orange), the two must name the
 *   same diseases, or the import stops.
 * - What each item means (which conditions of presumptive-vocabulary.ts it covers, and any
 *   requirement of its own) is written below in ITEM_MEANINGS, keyed by the source's exact text:
 *   an item worded differently tomorrow stops the import until someone reads it.
 * - The qualifying places and periods are transcribed below by hand, each with its citation.
 *   Those taken from the CFR carry a quotation that must appear word for word in the section
 *   text, so a changed regulation stops the import. The PACT Act's herbicide places and periods
 *   come from VA.gov's wizard results page, which ../shared/data does not keep; they are marked
 *   with that source.
 * - Location keys and labels are the 526EZ's (derived/toxic-exposure-locations-526ez.json), so a
 *   claim can be filled in from them. Radiation-risk activities and Camp Lejeune have no keys of
 *   their own on the 526EZ; theirs are named here.
 */

export const EXPOSURE_KINDS = [
  'gulf_war_1990',
  'gulf_war_2001',
  'burn_pits',
  'herbicide',
  'camp_lejeune',
  'radiation',
] as const;
export type ExposureKind = (typeof EXPOSURE_KINDS)[number];

/**
 * service: what the service itself must have been; manifestation: how and when the disease must
 * have appeared; condition: what the rule says of the condition; diagnosis: a question the
 * diagnosis must answer before the match holds; dates, days: what the dates given leave open.
 */
export type RequirementKind =
  'service' | 'manifestation' | 'condition' | 'diagnosis' | 'dates' | 'days';

/** Something that must also be true for the presumption to hold, in our words, with its source. */
export type RequirementRecord = { kind: RequirementKind; text: string; citation: string | null };

/** One place (or several) and period that qualifies a veteran for a list. */
export type ServiceRuleRecord = {
  kinds: ExposureKind[];
  locations: string[];
  /** First and last qualifying day (ISO dates); null when the rule sets no bound. */
  from: string | null;
  to: string | null;
  /** The fewest days there that qualify, when the rule counts days. */
  min_days: number | null;
  citation: string;
  /** A key of `source.texts`. */
  source: string;
  requirement: RequirementRecord | null;
};

/** One entry of a list, as its source words it. */
export type ListItemRecord = {
  text: string;
  citation: string;
  source: string;
  /** Vocabulary ids of the conditions the entry covers, and of those it leaves out. */
  covers: string[];
  except: string[];
  requirement: RequirementRecord | null;
  /** When set, replaces the list's manifestation rule for this entry. */
  manifestation: RequirementRecord | null;
  /** Kinds of the condition the source itself names (e.g. the soft-tissue sarcomas of Note 1). */
  includes: string[];
};

export type PresumptiveListRecord = {
  id: string;
  title: string;
  citation: string;
  manifestation: RequirementRecord;
  service: ServiceRuleRecord[];
  items: ListItemRecord[];
};

export type LocationRecord = { label: string; form526: string };

export type SourceTextRecord = {
  file: string | null;
  title: string;
  version: string;
  ecfr_received_on?: string;
};

export type PresumptiveFile = {
  source: {
    generated_by: string;
    note: string;
    texts: Record<string, SourceTextRecord>;
    license: string;
  };
  locations: Record<ExposureKind, Record<string, LocationRecord>>;
  lists: PresumptiveListRecord[];
};

export type PresumptiveSources = {
  cfr_3_307: string;
  cfr_3_309: string;
  cfr_3_317: string;
  cfr_3_320: string;
  cfr_3_320a: string;
  cfr_3_320b: string;
  /** vets-website/pact-act/pact-act-presumptive-conditions.derived.json */
  pactConditions: string;
  /** derived/toxic-exposure-locations-526ez.json */
  locations: string;
};

/** The source files, in the order of PresumptiveSources' keys, relative to ../shared/data. */
export const PRESUMPTIVE_SOURCE_FILES = {
  cfr_3_307: 'cfr/part3_eCFR_2025/sections/3.307.md',
  cfr_3_309: 'cfr/part3_eCFR_2025/sections/3.309.md',
  cfr_3_317: 'cfr/part3_eCFR_2025/sections/3.317.md',
  cfr_3_320: 'cfr/part3_eCFR_2025/sections/3.320.md',
  cfr_3_320a: 'cfr/part3_eCFR_2025/sections/3.320a.md',
  cfr_3_320b: 'cfr/part3_eCFR_2025/sections/3.320b.md',
  pactConditions: 'vets-website/pact-act/pact-act-presumptive-conditions.derived.json',
  locations: 'derived/toxic-exposure-locations-526ez.json',
} as const satisfies Record<keyof PresumptiveSources, string>;

const CFR_SOURCES = {
  'cfr-3.307': 'cfr_3_307',
  'cfr-3.309': 'cfr_3_309',
  'cfr-3.317': 'cfr_3_317',
  'cfr-3.320': 'cfr_3_320',
  'cfr-3.320a': 'cfr_3_320a',
  'cfr-3.320b': 'cfr_3_320b',
} as const satisfies Record<string, keyof PresumptiveSources>;
type CfrSource = keyof typeof CFR_SOURCES;

/** VA.gov's PACT Act wizard results page, read from the public repository; not in ../shared. */
const PACT_PLACES_SOURCE: SourceTextRecord = {
  file: null,
  title: 'VA.gov PACT Act wizard, results set 1 page 1: exposure places and periods',
  version:
    'department-of-veterans-affairs/vets-website src/applications/pact-act/constants/' +
    'results-set-1-page-1-dynamic-content.jsx @ cde15cf7df2e5e5f1049482413faf94e4ee8a135. ' +
    'Not kept in ../shared/data: the herbicide places and periods it states were transcribed ' +
    'from it by hand.',
};

// ---------------------------------------------------------------------------------------------
// Reading the sources

type Section = { title: string; version: string; receivedOn: string; body: string };

/** A section file of cfr/part3_eCFR_2025/sections: its heading, version lines and text. */
function readSection(markdown: string, name: string): Section {
  const lines = markdown.split('\n');
  const title = lines[0]?.startsWith('# ') ? lines[0].slice(2).trim() : '';
  if (!title.includes(`§ ${name} `)) throw new Error(`${name}: not the section file of § ${name}`);
  const version = lines.find((line) => line.startsWith('- Text version: '))?.slice(16);
  const receivedOn = /^- eCFR received_on[^:]*: (\d{4}-\d{2}-\d{2})/m.exec(markdown)?.[1];
  if (!version || !receivedOn) throw new Error(`${name}: no version lines`);
  const bodyStart = lines.findIndex((line, index) => index > 0 && !line.startsWith('- ') && line);
  return { title, version, receivedOn, body: lines.slice(bodyStart).join('\n') };
}

/** The text between two markers (the first `end` after `start`). */
function between(text: string, start: string, end: string, where: string): string {
  const from = text.indexOf(start);
  if (from < 0) throw new Error(`${where}: "${start.slice(0, 60)}" not found`);
  const to = text.indexOf(end, from + start.length);
  if (to < 0) throw new Error(`${where}: "${end.slice(0, 60)}" not found`);
  return text.slice(from + start.length, to);
}

const ROMAN: Readonly<Record<string, number>> = { i: 1, v: 5, x: 10, l: 50 };

function romanValue(numeral: string): number {
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const value = ROMAN[numeral[i] ?? ''] ?? 0;
    const next = ROMAN[numeral[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** Designated list items ("(iv) Cancer of the pharynx.") in order, checked to run 1, 2, 3 … */
function designatedItems(
  block: string,
  style: 'roman' | 'number',
  count: number,
  where: string,
): { designator: string; text: string }[] {
  const pattern = style === 'roman' ? /^\(([ivxl]+)\) (.+)$/gm : /^\((\d+)\) (.+)$/gm;
  const items = [...block.matchAll(pattern)].map((match) => ({
    designator: match[1] ?? '',
    text: (match[2] ?? '').trim().replace(/[.;:]$/, ''),
  }));
  if (items.length !== count) throw new Error(`${where}: ${items.length} items, expected ${count}`);
  items.forEach((item, index) => {
    const value = style === 'roman' ? romanValue(item.designator) : Number(item.designator);
    if (value !== index + 1) throw new Error(`${where}: item (${item.designator}) out of order`);
  });
  return items;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "July 16, 1945" → "1945-07-16". */
function parseLongDate(text: string, where: string): string {
  const match = /^([A-Z][a-z]+) (\d{1,2}), ?(\d{4})$/.exec(text.trim());
  const month = match ? MONTHS.indexOf(match[1] ?? '') + 1 : 0;
  if (!match || month === 0) throw new Error(`${where}: "${text}" is not a date`);
  return `${match[3]}-${String(month).padStart(2, '0')}-${(match[2] ?? '').padStart(2, '0')}`;
}

/** An ISO date moved by whole months or days (UTC calendar). */
function shiftDate(iso: string, months: number, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

type PactFile = {
  _source: string;
  batches: Record<string, { title: string; groups: { heading: string; conditions: string[] }[] }[]>;
};

function readPactConditions(text: string): PactFile {
  const parsed = JSON.parse(text) as Partial<PactFile>;
  if (typeof parsed._source !== 'string' || !parsed.batches)
    throw new Error('PACT Act conditions: no _source or batches');
  return parsed as PactFile;
}

/** The conditions of one accordion of VA.gov's wizard, each once, in order. */
function accordion(file: PactFile, batch: string, title: string): string[] {
  const found = file.batches[batch]?.find((entry) => entry.title === title);
  if (!found) throw new Error(`PACT Act conditions: no "${title}" in ${batch}`);
  return [...new Set(found.groups.flatMap((group) => group.conditions.map((c) => c.trim())))];
}

/**
 * The accordions of VA.gov's wizard and what the import does with each; any other stops it, so a
 * new list on VA.gov is read before it is used or left out.
 */
const PACT_ACCORDIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  BURN_PITS: {
    'New PACT Act presumptive conditions for burn pit exposure': 'the 38 U.S.C. 1120 list',
    'Other Gulf War illnesses presumptive conditions': 'a summary of 38 CFR 3.317 (read there)',
  },
  ORANGE: {
    'New PACT Act presumptive conditions for Agent Orange exposure': 'checked against the rest',
    'All presumptive conditions for Agent Orange exposure': 'the herbicide list',
  },
  RADIATION: {
    'Presumptive cancers for radiation exposure': 'checked against 38 CFR 3.309(d)(2)',
    // 38 CFR 3.311: diseases VA may connect after a dose assessment; not presumptive.
    'Other recognized conditions for radiation exposure': 'not presumptive (38 CFR 3.311)',
  },
  CAMP_LEJEUNE: {
    'Presumptive conditions for Camp Lejeune or MCAS New River': 'checked against 38 CFR 3.309(f)',
  },
};

/** The two items of VA.gov's Gulf War summary, which the 3.317 lists cover. */
const GULF_WAR_SUMMARY = [
  'Undiagnosed illnesses (like chronic fatigue syndrome, fibromyalgia, and medically unexplained chronic multisymptom illness)',
  'Infectious diseases (like brucellosis, malaria, and West Nile virus)',
];

function checkAccordions(file: PactFile) {
  const batches = Object.keys(file.batches).sort();
  const known = Object.keys(PACT_ACCORDIONS).sort();
  if (batches.join() !== known.join())
    throw new Error(
      `PACT Act conditions: batches ${batches.join(', ')}, expected ${known.join(', ')}`,
    );
  for (const [batch, entries] of Object.entries(file.batches))
    for (const entry of entries)
      if (!PACT_ACCORDIONS[batch]?.[entry.title])
        throw new Error(`PACT Act conditions: unknown list "${entry.title}" in ${batch}`);
  const summary = accordion(file, 'BURN_PITS', 'Other Gulf War illnesses presumptive conditions');
  if (summary.join('\n') !== GULF_WAR_SUMMARY.join('\n'))
    throw new Error('PACT Act conditions: the Gulf War summary changed; compare it with 3.317');
}

// ---------------------------------------------------------------------------------------------
// What each listed item means

type Meaning = {
  covers: string[];
  except?: string[];
  requirement?: RequirementRecord;
  manifestation?: RequirementRecord;
};

const WITHIN_A_YEAR_OF_EXPOSURE: RequirementRecord = {
  kind: 'manifestation',
  text: 'It must have become at least 10% disabling within one year after the last day of exposure to herbicides.',
  citation: '38 CFR 3.307(a)(6)(ii)',
};
const RESPIRATORY_CANCERS = ['lung_cancer', 'bronchus_cancer', 'larynx_cancer', 'trachea_cancer'];
const ALL_LEUKEMIA_BUT_CLL = { covers: ['leukemia'], except: ['chronic_lymphocytic_leukemia'] };
const ALL_LYMPHOMA_BUT_HODGKIN = { covers: ['lymphoma'], except: ['hodgkins_disease'] };
const PRIMARY_LIVER: Meaning = {
  covers: ['liver_cancer'],
  requirement: {
    kind: 'diagnosis',
    text: 'Only cancer that started in the liver counts, and not when cirrhosis or hepatitis B is indicated.',
    citation: '38 CFR 3.309(d)(2)(xiii)',
  },
};
const NO_TIME_LIMIT = (citation: string): RequirementRecord => ({
  kind: 'manifestation',
  text: 'There is no time limit for it to appear.',
  citation,
});

/** Every item text of every source, and what it means. */
const ITEM_MEANINGS: Readonly<Record<string, Meaning>> = {
  // 38 CFR 3.309(d)(2), radiation
  'Leukemia (other than chronic lymphocytic leukemia)': ALL_LEUKEMIA_BUT_CLL,
  'Cancer of the thyroid': { covers: ['thyroid_cancer'] },
  'Cancer of the breast': { covers: ['breast_cancer'] },
  'Cancer of the pharynx': { covers: ['pharynx_cancer'] },
  'Cancer of the esophagus': { covers: ['esophageal_cancer'] },
  'Cancer of the stomach': { covers: ['stomach_cancer'] },
  'Cancer of the small intestine': { covers: ['small_intestine_cancer'] },
  'Cancer of the pancreas': { covers: ['pancreatic_cancer'] },
  'Multiple myeloma': { covers: ['multiple_myeloma'] },
  "Lymphomas (except Hodgkin's disease)": ALL_LYMPHOMA_BUT_HODGKIN,
  'Cancer of the bile ducts': { covers: ['bile_duct_cancer'] },
  'Cancer of the gall bladder': { covers: ['gallbladder_cancer'] },
  'Primary liver cancer (except if cirrhosis or hepatitis B is indicated)': PRIMARY_LIVER,
  'Cancer of the salivary gland': { covers: ['salivary_gland_cancer'] },
  'Cancer of the urinary tract': { covers: ['urinary_tract_cancer'] },
  'Bronchiolo-alveolar carcinoma': { covers: ['bronchioloalveolar_carcinoma'] },
  'Cancer of the bone': { covers: ['bone_cancer'] },
  'Cancer of the brain': { covers: ['brain_cancer'] },
  'Cancer of the colon': { covers: ['colon_cancer'] },
  'Cancer of the lung': { covers: ['lung_cancer'] },
  'Cancer of the ovary': { covers: ['ovarian_cancer'] },
  // VA.gov's radiation list
  'Bile duct': { covers: ['bile_duct_cancer'] },
  Bone: { covers: ['bone_cancer'] },
  Brain: { covers: ['brain_cancer'] },
  Breast: { covers: ['breast_cancer'] },
  'Colon cancer': { covers: ['colon_cancer'] },
  Esophageal: { covers: ['esophageal_cancer'] },
  'Gall bladder': { covers: ['gallbladder_cancer'] },
  'Leukemia (except chronic lymphocytic leukemia)': ALL_LEUKEMIA_BUT_CLL,
  'Liver cancer (primary site, but not if cirrhosis or hepatitis B is indicated)': PRIMARY_LIVER,
  'Lung (including bronchiolo-alveolar cancer)': {
    covers: ['lung_cancer', 'bronchioloalveolar_carcinoma'],
  },
  'Multiple myeloma (cancer of plasma cells)': { covers: ['multiple_myeloma'] },
  Pancreatic: { covers: ['pancreatic_cancer'] },
  Pharynx: { covers: ['pharynx_cancer'] },
  Ovarian: { covers: ['ovarian_cancer'] },
  'Salivary gland': { covers: ['salivary_gland_cancer'] },
  'Small intestines': { covers: ['small_intestine_cancer'] },
  Stomach: { covers: ['stomach_cancer'] },
  Thyroid: { covers: ['thyroid_cancer'] },
  'Urinary tract (kidney, renal, pelvis, urinary bladder, and urethra)': {
    covers: ['urinary_tract_cancer'],
  },

  // 38 CFR 3.309(e), herbicides
  'AL amyloidosis': { covers: ['al_amyloidosis'] },
  'Chloracne or other acneform disease consistent with chloracne': {
    covers: ['chloracne'],
    manifestation: WITHIN_A_YEAR_OF_EXPOSURE,
  },
  'Type 2 diabetes (also known as Type II diabetes mellitus or adult-onset diabetes)': {
    covers: ['type_2_diabetes'],
  },
  "Hodgkin's disease": { covers: ['hodgkins_disease'] },
  "Ischemic heart disease (including, but not limited to, acute, subacute, and old myocardial infarction; atherosclerotic cardiovascular disease including coronary artery disease (including coronary spasm) and coronary bypass surgery; and stable, unstable and Prinzmetal's angina)":
    { covers: ['ischemic_heart_disease'] },
  'All chronic B-cell leukemias (including, but not limited to, hairy-cell leukemia and chronic lymphocytic leukemia)':
    { covers: ['chronic_b_cell_leukemia'] },
  "Non-Hodgkin's lymphoma": { covers: ['non_hodgkins_lymphoma'] },
  "Parkinson's disease": { covers: ['parkinsons_disease'] },
  'Early-onset peripheral neuropathy': {
    covers: ['early_onset_peripheral_neuropathy'],
    manifestation: WITHIN_A_YEAR_OF_EXPOSURE,
  },
  'Porphyria cutanea tarda': {
    covers: ['porphyria_cutanea_tarda'],
    manifestation: WITHIN_A_YEAR_OF_EXPOSURE,
  },
  'Prostate cancer': { covers: ['prostate_cancer'] },
  'Respiratory cancers (cancer of the lung, bronchus, larynx, or trachea)': {
    covers: RESPIRATORY_CANCERS,
  },
  "Soft-tissue sarcoma (other than osteosarcoma, chondrosarcoma, Kaposi's sarcoma, or mesothelioma)":
    { covers: ['soft_tissue_sarcoma'] },
  // VA.gov's Agent Orange list
  'Bladder cancer': { covers: ['bladder_cancer'] },
  'Chronic B-cell leukemia': { covers: ['chronic_b_cell_leukemia'] },
  'High blood pressure (hypertension)': { covers: ['hypertension'] },
  'Respiratory cancers (including lung cancer)': { covers: RESPIRATORY_CANCERS },
  "Some soft tissue sarcomas (Note: We don't consider osteosarcoma, chondrosarcoma, Kaposi's sarcoma, or mesothelioma presumptive)":
    { covers: ['soft_tissue_sarcoma'] },
  'Diabetes mellitus type 2': { covers: ['type_2_diabetes'] },
  Hypothyroidism: { covers: ['hypothyroidism'] },
  'Ischemic heart disease': { covers: ['ischemic_heart_disease'] },
  'Monoclonal gammopathy of undetermined significance (MGUS)': { covers: ['mgus'] },
  Parkinsonism: { covers: ['parkinsonism'] },
  'Chloracne (or other types of acneiform disease like it)': {
    covers: ['chloracne'],
    manifestation: WITHIN_A_YEAR_OF_EXPOSURE,
  },
  'Peripheral neuropathy, early onset': {
    covers: ['early_onset_peripheral_neuropathy'],
    manifestation: WITHIN_A_YEAR_OF_EXPOSURE,
  },

  // 38 CFR 3.309(f), Camp Lejeune (and VA.gov's copy of it)
  'Kidney cancer': { covers: ['kidney_cancer'] },
  'Liver cancer': { covers: ['liver_cancer'] },
  'Adult leukemia': {
    covers: ['leukemia'],
    requirement: {
      kind: 'condition',
      text: 'The leukemia must have been diagnosed in adulthood.',
      citation: '38 CFR 3.309(f)(4)',
    },
  },
  'Aplastic anemia and other myelodysplastic syndromes': {
    covers: ['aplastic_anemia', 'myelodysplastic_syndrome'],
  },

  // 38 CFR 3.317(a)(2)(i), Gulf War illness
  'An undiagnosed illness': {
    covers: ['undiagnosed_illness', 'unexplained_symptoms'],
    requirement: {
      kind: 'diagnosis',
      text: 'No known clinical diagnosis may explain the signs or symptoms, by history, examination and tests.',
      citation: '38 CFR 3.317(a)(1)(ii)',
    },
  },
  'A medically unexplained chronic multisymptom illness that is defined by a cluster of signs or symptoms, such as':
    { covers: ['chronic_multisymptom_illness'] },
  'Chronic fatigue syndrome': { covers: ['chronic_fatigue_syndrome'] },
  Fibromyalgia: { covers: ['fibromyalgia'] },
  'Functional gastrointestinal disorders (excluding structural gastrointestinal diseases)': {
    covers: ['functional_gastrointestinal_disorder'],
    requirement: {
      kind: 'condition',
      text: 'Structural gastrointestinal diseases do not count.',
      citation: '38 CFR 3.317(a)(2)(i)(B)(3)',
    },
  },

  // 38 CFR 3.317(c)(2), infectious diseases
  Brucellosis: { covers: ['brucellosis'] },
  'Campylobacter jejuni': { covers: ['campylobacter_jejuni'] },
  'Coxiella burnetii (Q fever)': { covers: ['q_fever'] },
  Malaria: {
    covers: ['malaria'],
    manifestation: {
      kind: 'manifestation',
      text: 'It must have become at least 10% disabling within one year after leaving the qualifying service, or at a time when medical texts place the start of its incubation during that service.',
      citation: '38 CFR 3.317(c)(3)(i)',
    },
  },
  'Mycobacterium tuberculosis': {
    covers: ['tuberculosis'],
    manifestation: NO_TIME_LIMIT('38 CFR 3.317(c)(3)(i)'),
  },
  'Nontyphoid Salmonella': { covers: ['nontyphoid_salmonella'] },
  Shigella: { covers: ['shigella'] },
  'Visceral leishmaniasis': {
    covers: ['visceral_leishmaniasis'],
    manifestation: NO_TIME_LIMIT('38 CFR 3.317(c)(3)(i)'),
  },
  'West Nile virus': { covers: ['west_nile_virus'] },

  // 38 CFR 3.320(a)(2) and (3), fine particulate matter
  Asthma: { covers: ['asthma'] },
  Rhinitis: { covers: ['rhinitis'] },
  'Sinusitis, to include rhinosinusitis': { covers: ['sinusitis'] },
  'Squamous cell carcinoma of the larynx': { covers: ['larynx_squamous_cell_carcinoma'] },
  'Squamous cell carcinoma of the trachea': { covers: ['trachea_squamous_cell_carcinoma'] },
  'Adenocarcinoma of the trachea': { covers: ['trachea_adenocarcinoma'] },
  'Salivary gland-type tumors of the trachea': { covers: ['trachea_salivary_gland_type_tumor'] },
  'Adenosquamous carcinoma of the lung': { covers: ['lung_adenosquamous_carcinoma'] },
  'Large cell carcinoma of the lung': { covers: ['lung_large_cell_carcinoma'] },
  'Salivary gland-type tumors of the lung': { covers: ['lung_salivary_gland_type_tumor'] },
  'Sarcomatoid carcinoma of the lung': { covers: ['lung_sarcomatoid_carcinoma'] },
  'Typical and atypical carcinoid of the lung': { covers: ['lung_carcinoid'] },

  // 38 CFR 3.320a(b) and 3.320b(b)
  'Urinary bladder cancer, including over-lapping sites of the bladder': {
    covers: ['bladder_cancer'],
  },
  'Ureter cancer, including the ureteric orifice, and urachus': { covers: ['ureter_cancer'] },
  'Acute leukemias': { covers: ['acute_leukemia'] },
  'Chronic leukemias': { covers: ['chronic_leukemia'] },
  'Multiple myelomas, including monoclonal gammopathy of undetermined significance (MGUS)': {
    covers: ['multiple_myeloma', 'mgus'],
  },
  'Myelodysplastic Syndromes (MDS)': { covers: ['myelodysplastic_syndrome'] },
  Myelofibrosis: { covers: ['myelofibrosis'] },

  // VA.gov's PACT Act burn pit list (38 U.S.C. 1120)
  'Brain cancer': { covers: ['brain_cancer'] },
  'Gastrointestinal cancer of any type': { covers: ['gastrointestinal_cancer'] },
  Glioblastoma: { covers: ['glioblastoma'] },
  'Head cancer of any type': { covers: ['head_cancer'] },
  'Lymphoma of any type': { covers: ['lymphoma'] },
  Melanoma: { covers: ['melanoma'] },
  'Neck cancer of any type': { covers: ['neck_cancer'] },
  'Pancreatic cancer': { covers: ['pancreatic_cancer'] },
  'Reproductive cancer of any type': { covers: ['reproductive_cancer'] },
  'Respiratory (breathing-related) cancer of any type': { covers: ['respiratory_cancer'] },
  'Asthma that was diagnosed after service': {
    covers: ['asthma'],
    requirement: {
      kind: 'condition',
      text: 'The asthma must have been diagnosed after the service in that place.',
      citation: '38 U.S.C. 1120',
    },
  },
  'Chronic bronchitis': { covers: ['chronic_bronchitis'] },
  'Chronic obstructive pulmonary disease (COPD)': { covers: ['copd'] },
  'Chronic rhinitis': { covers: ['chronic_rhinitis'] },
  'Chronic sinusitis': { covers: ['chronic_sinusitis'] },
  'Constrictive bronchiolitis or obliterative bronchiolitis': {
    covers: ['constrictive_bronchiolitis'],
  },
  Emphysema: { covers: ['emphysema'] },
  'Granulomatous disease': { covers: ['granulomatous_disease'] },
  'Interstitial lung disease (ILD)': { covers: ['interstitial_lung_disease'] },
  Pleuritis: { covers: ['pleuritis'] },
  'Pulmonary fibrosis': { covers: ['pulmonary_fibrosis'] },
  Sarcoidosis: { covers: ['sarcoidosis'] },
};

const VOCABULARY_IDS = new Set(PRESUMPTIVE_VOCABULARY.map((entry) => entry.id));

function item(
  text: string,
  citation: string,
  source: string,
  includes: string[] = [],
): ListItemRecord {
  const meaning = ITEM_MEANINGS[text];
  if (!meaning) throw new Error(`"${text}" (${citation}) is not in ITEM_MEANINGS; read it first`);
  for (const id of [...meaning.covers, ...(meaning.except ?? [])])
    if (!VOCABULARY_IDS.has(id)) throw new Error(`"${text}": no vocabulary entry ${id}`);
  return {
    text,
    citation,
    source,
    covers: [...meaning.covers],
    except: [...(meaning.except ?? [])],
    requirement: meaning.requirement ?? null,
    manifestation: meaning.manifestation ?? null,
    includes,
  };
}

/** Which conditions a set of items names, to compare two sources' copies of one list. */
function coverage(items: { covers: string[]; except: string[] }[]): string {
  const covers = [...new Set(items.flatMap((i) => i.covers))].sort().join(',');
  const except = [...new Set(items.flatMap((i) => i.except))].sort().join(',');
  return `${covers} except ${except}`;
}

// ---------------------------------------------------------------------------------------------
// Qualifying places and periods

type RuleDefinition = Omit<ServiceRuleRecord, 'min_days' | 'requirement'> & {
  min_days?: number;
  requirement?: RequirementRecord;
  /** Words that must appear in the named CFR sections, so a changed rule is noticed. */
  quotes?: { source: CfrSource; text: string }[];
};

const GULF_WAR_KINDS: ExposureKind[] = ['gulf_war_1990', 'gulf_war_2001', 'burn_pits'];
const SOUTHWEST_ASIA = [
  'iraq',
  'kuwait',
  'saudiarabia',
  'neutralzone',
  'bahrain',
  'qatar',
  'uae',
  'oman',
  'waters',
  'airspace',
];
const PERSIAN_GULF_WAR_START = '1990-08-02';
const PERSIAN_GULF_WAR_QUOTE = {
  source: 'cfr-3.320',
  text: 'Persian Gulf War means August 2, 1990, through date to be prescribed by Presidential proclamation or law',
} as const;
const SOUTHWEST_ASIA_QUOTE = {
  source: 'cfr-3.317',
  text: 'The Southwest Asia theater of operations refers to Iraq, Kuwait, Saudi Arabia, the neutral zone between Iraq and Saudi Arabia, Bahrain, Qatar, the United Arab Emirates, Oman, the Gulf of Aden, the Gulf of Oman, the Persian Gulf, the Arabian Sea, the Red Sea, and the airspace above these locations',
} as const;

/** The covered veteran of 38 CFR 3.320a(c), which 3.320b and the PACT Act's list share. */
function coveredVeteranRules(citation: string): RuleDefinition[] {
  return [
    {
      kinds: GULF_WAR_KINDS,
      locations: [...SOUTHWEST_ASIA, 'somalia'],
      from: PERSIAN_GULF_WAR_START,
      to: null,
      citation: `${citation}(1)`,
      source: 'cfr-3.320a',
      quotes: [
        {
          source: 'cfr-3.320a',
          text: 'On or after August 2, 1990, performed active military, naval, air, or space service while assigned to a duty station in, including airspace above (i) The Southwest Asia theater of operations as defined in § 3.317(e)(2); or (ii) Somalia',
        },
      ],
    },
    {
      kinds: GULF_WAR_KINDS,
      locations: [
        'afghanistan',
        'djibouti',
        'egypt',
        'jordan',
        'lebanon',
        'syria',
        'yemen',
        'uzbekistan',
        'airspace',
      ],
      from: '2001-09-11',
      to: null,
      citation: `${citation}(2)`,
      source: 'cfr-3.320a',
      quotes: [
        {
          source: 'cfr-3.320a',
          text: 'On or after September 11, 2001, performed active military, naval, air, or space service while assigned to a duty station in, including airspace above: (i) Afghanistan; (ii) Djibouti; (iii) Egypt; (iv) Jordan; (v) Lebanon; (vi) Syria; (vii) Yemen; or (viii) Uzbekistan',
        },
      ],
    },
  ];
}

const HERBICIDE_RULES: RuleDefinition[] = [
  {
    kinds: ['herbicide'],
    locations: ['vietnam'],
    from: '1962-01-09',
    to: '1975-05-07',
    citation: '38 CFR 3.307(a)(6)(iii)',
    source: 'cfr-3.307',
    requirement: {
      kind: 'service',
      text: 'Service on land in Vietnam, on its inland waterways, or in the waters offshore (VA.gov: up to 12 nautical miles out) counts.',
      citation: '38 CFR 3.307(a)(6)(iii)',
    },
    quotes: [
      {
        source: 'cfr-3.307',
        text: 'served in the Republic of Vietnam during the period beginning on January 9, 1962, and ending on May 7, 1975, shall be presumed to have been exposed',
      },
    ],
  },
  {
    kinds: ['herbicide'],
    locations: ['koreandemilitarizedzone'],
    from: '1967-09-01',
    to: '1971-08-31',
    citation: '38 U.S.C. 1116B',
    source: 'vagov-pact-places',
    requirement: {
      kind: 'service',
      text: 'Service in or near the Korean DMZ. The regulation (2025 text) still presumes exposure only from April 1, 1968, and only in a unit the Department of Defense found operated where herbicides were applied; VA.gov applies the law’s period from September 1, 1967.',
      citation: '38 CFR 3.307(a)(6)(iv)',
    },
    quotes: [
      {
        source: 'cfr-3.307',
        text: 'served between April 1, 1968, and August 31, 1971, in a unit that, as determined by the Department of Defense, operated in or near the Korean DMZ in an area in which herbicides are known to have been applied',
      },
    ],
  },
  ...(
    [
      [
        'thailand',
        '1962-01-09',
        '1976-06-30',
        'On a U.S. or Royal Thai military base in Thailand.',
      ],
      ['laos', '1965-12-01', '1969-09-30', null],
      ['cambodia', '1969-04-16', '1969-04-30', 'At Mimot or Krek, Kampong Cham Province.'],
      [
        'guam',
        '1962-01-09',
        '1980-07-31',
        'On Guam or American Samoa, or in their territorial waters.',
      ],
      [
        'johnston',
        '1972-01-01',
        '1977-09-30',
        'On Johnston Atoll, or on a ship that called there.',
      ],
    ] as const
  ).map(([location, from, to, place]): RuleDefinition => ({
    kinds: ['herbicide'],
    locations: [location],
    from,
    to,
    citation: '38 U.S.C. 1116 as amended by the PACT Act (Pub. L. 117-168)',
    source: 'vagov-pact-places',
    ...(place
      ? {
          requirement: {
            kind: 'service',
            text: place,
            citation: '38 U.S.C. 1116 as amended by the PACT Act (Pub. L. 117-168)',
          },
        }
      : {}),
  })),
  {
    kinds: ['herbicide'],
    locations: ['c123'],
    from: null,
    to: null,
    citation: '38 CFR 3.307(a)(6)(v)',
    source: 'cfr-3.307',
    requirement: {
      kind: 'service',
      text: 'Air Force or Air Force Reserve only: assigned to a squadron while it was permanently assigned a C-123 that had sprayed herbicides, with a flight, ground maintenance or medical crew specialty code for that aircraft (VA publishes the units and dates).',
      citation: '38 CFR 3.307(a)(6)(v)',
    },
    quotes: [
      {
        source: 'cfr-3.307',
        text: 'regularly and repeatedly operated, maintained, or served onboard C-123 aircraft known to have been used to spray an herbicide agent during the Vietnam era',
      },
    ],
  },
];

const CAMP_LEJEUNE_RULES: RuleDefinition[] = [
  {
    kinds: ['camp_lejeune'],
    locations: ['camp_lejeune'],
    from: '1953-08-01',
    to: '1987-12-31',
    min_days: 30,
    citation: '38 CFR 3.307(a)(7)(iii)',
    source: 'cfr-3.307',
    requirement: {
      kind: 'service',
      text: 'At least 30 days, together or apart, at Marine Corps Base Camp Lejeune or Marine Corps Air Station New River, shown by military orders or other official records; reservists and National Guard members count too.',
      citation: '38 CFR 3.307(a)(7)(iii)',
    },
    quotes: [
      {
        source: 'cfr-3.307',
        text: 'no less than 30 days (consecutive or nonconsecutive) of service at Camp Lejeune during the period beginning on August 1, 1953, and ending on December 31, 1987',
      },
    ],
  },
];

/** A radiation-risk activity of 38 CFR 3.309(d)(3): its label and the rules it qualifies by. */
type RadiationActivity = { label: string; rules: Omit<RuleDefinition, 'kinds' | 'locations'>[] };

function radiationActivities(section309: string): Record<string, RadiationActivity> {
  const where = '3.309(d)(3)';
  const operations = [
    ...between(
      section309,
      '(v) For tests conducted by the United States, the term operational period means:',
      '(vi) The term',
      where,
    ).matchAll(/^\(([A-S])\) For Operation (.+?) the period (.+?) through (.+?)\.$/gm),
  ];
  if (operations.length !== 19) throw new Error(`${where}: ${operations.length} operations`);
  const testRules = operations.flatMap((match) => {
    const [, letter = '', name = '', start = '', end = ''] = match;
    const from = parseLongDate(start, where);
    const to = parseLongDate(end, where);
    const citation = `38 CFR 3.309(d)(3)(v)(${letter})`;
    return [
      {
        from,
        to,
        citation,
        source: 'cfr-3.309',
        requirement: {
          kind: 'service' as const,
          text: `Operation ${name}: present at the test site, or on duties with ships, aircraft or equipment directly supporting the test.`,
          citation: '38 CFR 3.309(d)(3)(iv)(A)',
        },
      },
      {
        from: shiftDate(to, 0, 1),
        to: shiftDate(to, 6, 0),
        citation: '38 CFR 3.309(d)(3)(iv)(B)',
        source: 'cfr-3.309',
        requirement: {
          kind: 'service' as const,
          text: `In the six months after Operation ${name}, only presence at the test site or a staging area, on duties completing the test (such as decontaminating equipment), counts.`,
          citation: '38 CFR 3.309(d)(3)(iv)(B)',
        },
      },
    ];
  });
  const garrison = between(
    section309,
    '(C) Service as a member of the garrison or maintenance forces on Eniwetok during the periods',
    '\n',
    where,
  );
  const garrisonPeriods = [
    ...garrison.matchAll(/([A-Z][a-z]+ \d{1,2}, \d{4}), through ([A-Z][a-z]+ \d{1,2}, \d{4})/g),
  ];
  if (garrisonPeriods.length !== 3) throw new Error(`${where}: Eniwetok periods changed`);
  const occupationQuote = {
    source: 'cfr-3.309' as const,
    text: 'The occupation of Hiroshima or Nagasaki, Japan, by United States forces during the period beginning on August 6, 1945, and ending on July 1, 1946',
  };
  const cite = (paragraph: string) => `38 CFR 3.309(d)(3)(ii)(${paragraph})`;
  const service = (text: string, citation: string): RequirementRecord => ({
    kind: 'service',
    text,
    citation,
  });
  return {
    nuclear_test: {
      label: 'Onsite participation in a U.S. atmospheric or underwater nuclear test',
      rules: testRules,
    },
    eniwetok_garrison: {
      label: 'Garrison or maintenance forces on Eniwetok',
      rules: garrisonPeriods.map((match) => ({
        from: parseLongDate(match[1] ?? '', where),
        to: parseLongDate(match[2] ?? '', where),
        citation: '38 CFR 3.309(d)(3)(iv)(C)',
        source: 'cfr-3.309',
      })),
    },
    crossroads_decontamination: {
      label: 'Decontaminating Operation Crossroads ships at a naval shipyard',
      rules: [
        {
          from: null,
          to: null,
          citation: '38 CFR 3.309(d)(3)(iv)(D)',
          source: 'cfr-3.309',
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'Assignment to official military duties at Naval Shipyards involving the decontamination of ships that participated in Operation Crossroads',
            },
          ],
        },
      ],
    },
    hiroshima_nagasaki: {
      label: 'Occupation of Hiroshima or Nagasaki, Japan',
      rules: [
        {
          from: '1945-08-06',
          to: '1946-07-01',
          citation: cite('B'),
          source: 'cfr-3.309',
          requirement: service(
            'Official duties within 10 miles of the city limits, supporting the occupation.',
            '38 CFR 3.309(d)(3)(vi)',
          ),
          quotes: [occupationQuote],
        },
      ],
    },
    japan_prisoner_of_war: {
      label: 'Prisoner of war in Japan during World War II',
      rules: [
        {
          from: '1945-08-06',
          to: '1946-07-01',
          citation: cite('C'),
          source: 'cfr-3.309',
          requirement: service(
            'Interned within 75 miles of Hiroshima or 150 miles of Nagasaki, shown to have worked there, serving in the occupation right after internment, or repatriated through the port of Nagasaki.',
            '38 CFR 3.309(d)(3)(vii)',
          ),
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'Internment as a prisoner of war in Japan (or service on active duty in Japan immediately following such internment) during World War II',
            },
          ],
        },
      ],
    },
    gaseous_diffusion_plant: {
      label: 'Gaseous diffusion plant at Paducah, KY, Portsmouth, OH, or area K25 at Oak Ridge, TN',
      rules: [
        {
          from: null,
          to: '1992-01-31',
          min_days: 250,
          citation: '38 CFR 3.309(d)(3)(ii)(D)(1)',
          source: 'cfr-3.309',
          requirement: service(
            'Present on the grounds on official duties for at least 250 days (any part of a day counts) before February 1, 1992, monitored with dosimetry badges or in a job with comparable exposure.',
            '38 CFR 3.309(d)(3)(ii)(D)(1)',
          ),
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'present during a total of at least 250 days before February 1, 1992, on the grounds of a gaseous diffusion plant located in Paducah, Kentucky, Portsmouth, Ohio, or the area identified as K25 at Oak Ridge, Tennessee',
            },
          ],
        },
      ],
    },
    amchitka: {
      label: 'Amchitka Island, Alaska (Long Shot, Milrow or Cannikin underground tests)',
      rules: [
        {
          from: null,
          to: '1973-12-31',
          citation: '38 CFR 3.309(d)(3)(ii)(D)(2)',
          source: 'cfr-3.309',
          requirement: service(
            'Exposed to ionizing radiation on duties related to the Long Shot, Milrow or Cannikin underground nuclear tests.',
            '38 CFR 3.309(d)(3)(ii)(D)(2)',
          ),
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'Service before January 1, 1974, on Amchitka Island, Alaska, if, during such service, the veteran was exposed to ionizing radiation in the performance of duty related to the Long Shot, Milrow, or Cannikin underground nuclear tests',
            },
          ],
        },
      ],
    },
    special_exposure_cohort: {
      label:
        'Service that would qualify a Department of Energy employee for the Special Exposure Cohort',
      rules: [
        {
          from: null,
          to: null,
          citation: cite('E'),
          source: 'cfr-3.309',
          requirement: service(
            'The service must be of a kind that would place a Department of Energy employee in the Special Exposure Cohort (42 U.S.C. 7384l(14)).',
            cite('E'),
          ),
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'would qualify the individual for inclusion as a member of the Special Exposure Cohort',
            },
          ],
        },
      ],
    },
    enewetak_cleanup: {
      label: 'Cleanup of Enewetak Atoll',
      rules: [
        {
          from: '1977-01-01',
          to: '1980-12-31',
          citation: cite('F'),
          source: 'cfr-3.309',
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'Cleanup of Enewetak Atoll during the period beginning on January 1,1977, and ending on December 31, 1980',
            },
          ],
        },
      ],
    },
    palomares: {
      label: 'Response to the B-52 collision near Palomares, Spain',
      rules: [
        {
          from: '1966-01-17',
          to: '1967-03-31',
          citation: cite('G'),
          source: 'cfr-3.309',
          requirement: service('Onsite participation in the response effort.', cite('G')),
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'in the vicinity of Palomares, Spain, during the period beginning January 17, 1966, and ending March 31, 1967',
            },
          ],
        },
      ],
    },
    thule: {
      label: 'Response to the B-52 crash near Thule Air Force Base, Greenland',
      rules: [
        {
          from: '1968-01-21',
          to: '1968-09-25',
          citation: cite('H'),
          source: 'cfr-3.309',
          requirement: service('Onsite participation in the response effort.', cite('H')),
          quotes: [
            {
              source: 'cfr-3.309',
              text: 'in the vicinity of Thule Air Force Base, Greenland, during the period beginning January 21, 1968, and ending September 25, 1968',
            },
          ],
        },
      ],
    },
  };
}

/** Gulf War locations of the 526EZ that no presumptive list names. */
const UNLISTED_GULF_WAR_LOCATIONS = new Set(['israel', 'turkey']);

// ---------------------------------------------------------------------------------------------
// The locations of the 526EZ

type LocationsFile = Record<string, unknown> & { _source?: string };

const NOT_LOCATIONS = new Set(['none', 'notsure']);

function readLocations(text: string) {
  const parsed = JSON.parse(text) as LocationsFile;
  const group = (name: string): Record<string, string> => {
    const value = parsed[name];
    if (!value || typeof value !== 'object') throw new Error(`526 locations: no ${name}`);
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [key, label] of entries)
      if (typeof label !== 'string' || !label.trim())
        throw new Error(`526 locations: ${name}.${key} has no label`);
    return Object.fromEntries(
      (entries as [string, string][]).filter(([key]) => !NOT_LOCATIONS.has(key)),
    );
  };
  if (typeof parsed._source !== 'string') throw new Error('526 locations: no _source');
  return {
    source: parsed._source,
    gulfWar1990: group('GULF_WAR_1990_LOCATIONS'),
    gulfWar2001: group('GULF_WAR_2001_LOCATIONS'),
    herbicide: group('HERBICIDE_LOCATIONS'),
    additional: group('ADDITIONAL_EXPOSURES'),
  };
}

function locationRecords(
  labels: Record<string, string>,
  form526: (key: string) => string,
): Record<string, LocationRecord> {
  return Object.fromEntries(
    Object.entries(labels).map(([key, label]) => [
      key,
      { label: squash(label), form526: form526(key) },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// The derivation

/** The committed file, from the source files (see the module comment for the rules). */
export function derivePresumptiveLists(sources: PresumptiveSources): PresumptiveFile {
  const sections = Object.fromEntries(
    Object.entries(CFR_SOURCES).map(([id, key]) => [id, readSection(sources[key], id.slice(4))]),
  ) as Record<CfrSource, Section>;
  const body = (id: CfrSource) => sections[id].body;
  const pact = readPactConditions(sources.pactConditions);
  checkAccordions(pact);
  const places = readLocations(sources.locations);

  // Locations, by exposure kind
  const radiation = radiationActivities(body('cfr-3.309'));
  const waterLabel = places.additional.water;
  if (!waterLabel) throw new Error('526 locations: no Camp Lejeune (water) exposure');
  const locations: Record<ExposureKind, Record<string, LocationRecord>> = {
    gulf_war_1990: locationRecords(
      places.gulfWar1990,
      (k) => `toxicExposure.gulfWar1990Details.${k}`,
    ),
    gulf_war_2001: locationRecords(
      places.gulfWar2001,
      (k) => `toxicExposure.gulfWar2001Details.${k}`,
    ),
    burn_pits: locationRecords({ ...places.gulfWar1990, ...places.gulfWar2001 }, (k) =>
      k in places.gulfWar1990
        ? `toxicExposure.gulfWar1990Details.${k}`
        : `toxicExposure.gulfWar2001Details.${k}`,
    ),
    herbicide: locationRecords(places.herbicide, (k) => `toxicExposure.herbicideDetails.${k}`),
    camp_lejeune: {
      camp_lejeune: {
        label: squash(waterLabel),
        form526: 'toxicExposure.otherExposuresDetails.water',
      },
    },
    radiation: Object.fromEntries(
      Object.entries(radiation).map(([key, activity]) => [
        key,
        { label: activity.label, form526: 'toxicExposure.otherExposuresDetails.radiation' },
      ]),
    ),
  };

  const rule = (definition: RuleDefinition): ServiceRuleRecord => {
    // Each quotation must appear once, so that no second copy hides a change to the first.
    for (const quote of definition.quotes ?? []) {
      const count = squash(body(quote.source)).split(squash(quote.text)).length - 1;
      if (count !== 1)
        throw new Error(
          `${quote.source} ${count === 0 ? 'no longer says' : `says ${count} times`} "${quote.text.slice(0, 80)}…"`,
        );
    }
    for (const location of definition.locations)
      if (!definition.kinds.some((kind) => location in locations[kind]))
        throw new Error(
          `${definition.citation}: no ${definition.kinds.join('/')} location ${location}`,
        );
    return {
      kinds: [...definition.kinds],
      locations: [...definition.locations],
      from: definition.from,
      to: definition.to,
      min_days: definition.min_days ?? null,
      citation: definition.citation,
      source: definition.source,
      requirement: definition.requirement ?? null,
    };
  };
  const radiationRules = Object.entries(radiation).flatMap(([key, activity]) =>
    activity.rules.map((definition) =>
      rule({ ...definition, kinds: ['radiation'], locations: [key] }),
    ),
  );

  // 38 CFR 3.309(d): radiation
  const s309 = body('cfr-3.309');
  const radiationItems = designatedItems(
    between(
      s309,
      '(2) The diseases referred to in paragraph (d)(1) of this section are the following:',
      'Note: For the purposes of this section',
      '3.309(d)(2)',
    ),
    'roman',
    21,
    '3.309(d)(2)',
  ).map((entry) => item(entry.text, `38 CFR 3.309(d)(2)(${entry.designator})`, 'cfr-3.309'));
  const vaRadiation = accordion(
    pact,
    'RADIATION',
    'Presumptive cancers for radiation exposure',
  ).map((text) => item(text, '', 'vagov-pact-conditions'));
  if (coverage(vaRadiation) !== coverage(radiationItems))
    throw new Error('VA.gov’s radiation list and 38 CFR 3.309(d)(2) name different diseases');

  // 38 CFR 3.309(e) and the statutes' later additions: herbicides
  const herbicideBlock = between(
    s309,
    '(e) Disease associated with exposure to certain herbicide agents.',
    'Note 1:',
    '3.309(e)',
  )
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (!herbicideBlock[0]?.startsWith('If a veteran was exposed to an herbicide agent'))
    throw new Error('3.309(e): the opening paragraph changed');
  const sarcomaKinds = between(
    s309,
    'Note 1: The term “soft-tissue sarcoma” includes the following:',
    'Note 2:',
    '3.309(e) Note 1',
  )
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (sarcomaKinds.length !== 23) throw new Error(`3.309(e) Note 1: ${sarcomaKinds.length} kinds`);
  const cfrHerbicide = herbicideBlock
    .slice(1)
    .map((text) =>
      item(
        text,
        '38 CFR 3.309(e)',
        'cfr-3.309',
        text.startsWith('Soft-tissue sarcoma') ? sarcomaKinds : [],
      ),
    );
  if (cfrHerbicide.length !== 14) throw new Error(`3.309(e): ${cfrHerbicide.length} diseases`);
  const cfrHerbicideIds = new Set(cfrHerbicide.flatMap((entry) => entry.covers));
  const vaHerbicide = accordion(
    pact,
    'ORANGE',
    'All presumptive conditions for Agent Orange exposure',
  ).map((text) => item(text, '38 U.S.C. 1116(a)(2)', 'vagov-pact-conditions'));
  const vaHerbicideIds = new Set(vaHerbicide.flatMap((entry) => entry.covers));
  for (const id of cfrHerbicideIds)
    if (!vaHerbicideIds.has(id))
      throw new Error(`VA.gov’s Agent Orange list lacks ${id} of 3.309(e)`);
  const herbicideAdditions = vaHerbicide.filter(
    (entry) => !entry.covers.every((id) => cfrHerbicideIds.has(id)),
  );
  const additionIds = new Set(herbicideAdditions.flatMap((entry) => entry.covers));
  for (const text of accordion(
    pact,
    'ORANGE',
    'New PACT Act presumptive conditions for Agent Orange exposure',
  ))
    if (!item(text, '', '').covers.every((id) => additionIds.has(id)))
      throw new Error(`VA.gov calls "${text}" new, but 3.309(e) already lists it`);

  // 38 CFR 3.309(f): Camp Lejeune
  const lejeuneItems = designatedItems(
    between(
      s309,
      '(f) Disease associated with exposure to contaminants in the water supply at Camp Lejeune.',
      '(Authority:',
      '3.309(f)',
    ),
    'number',
    8,
    '3.309(f)',
  ).map((entry) => item(entry.text, `38 CFR 3.309(f)(${entry.designator})`, 'cfr-3.309'));
  const vaLejeune = accordion(
    pact,
    'CAMP_LEJEUNE',
    'Presumptive conditions for Camp Lejeune or MCAS New River',
  ).map((text) => item(text, '', 'vagov-pact-conditions'));
  if (coverage(vaLejeune) !== coverage(lejeuneItems))
    throw new Error('VA.gov’s Camp Lejeune list and 38 CFR 3.309(f) name different diseases');

  // 38 CFR 3.317(a) and (c): Gulf War
  const s317 = body('cfr-3.317');
  const qualifying = between(
    s317,
    '(2)(i) For purposes of this section, a qualifying chronic disability means',
    'Note to paragraph (a)(2)(i)(B)(3):',
    '3.317(a)(2)(i)',
  );
  const gutDisorders =
    /Specific functional gastrointestinal disorders include, but are not limited to, (.+?)\. /.exec(
      s317,
    )?.[1];
  if (!gutDisorders)
    throw new Error('3.317: the note on functional gastrointestinal disorders changed');
  const gutKinds = gutDisorders.split(/, (?:and )?/).map((text) => text.trim());
  const illnessLines = [...qualifying.matchAll(/^\(([A-Z]|\d)\) (.+)$/gm)];
  const illnessDesignators = illnessLines.map((match) => match[1]).join('');
  if (illnessDesignators !== 'AB123')
    throw new Error(`3.317(a)(2)(i): items ${illnessDesignators}, expected A, B, 1–3`);
  const gulfWarIllness = illnessLines.map((match) => {
    const designator = match[1] ?? '';
    const text = (match[2] ?? '').trim().replace(/[.;:]$/, '');
    const citation = /\d/.test(designator)
      ? `38 CFR 3.317(a)(2)(i)(B)(${designator})`
      : `38 CFR 3.317(a)(2)(i)(${designator})`;
    return item(text, citation, 'cfr-3.317', designator === '3' ? gutKinds : []);
  });
  const infectious = designatedItems(
    between(
      s317,
      '(2) The diseases referred to in paragraph (c)(1) of this section are the following:',
      '(3) The diseases listed in paragraph (c)(2)',
      '3.317(c)(2)',
    ),
    'roman',
    9,
    '3.317(c)(2)',
  ).map((entry) => item(entry.text, `38 CFR 3.317(c)(2)(${entry.designator})`, 'cfr-3.317'));

  // 38 CFR 3.320: fine particulate matter
  const s320 = body('cfr-3.320');
  const particulate = [
    ...designatedItems(
      between(
        s320,
        '(2) Chronic diseases associated with exposure to fine particulate matter.',
        '(3) Rare cancers',
        '3.320(a)(2)',
      ),
      'roman',
      3,
      '3.320(a)(2)',
    ).map((entry) => item(entry.text, `38 CFR 3.320(a)(2)(${entry.designator})`, 'cfr-3.320')),
    ...designatedItems(
      between(
        s320,
        '(3) Rare cancers associated with exposure to fine particulate matter.',
        '(4) Presumption of exposure.',
        '3.320(a)(3)',
      ),
      'roman',
      9,
      '3.320(a)(3)',
    ).map((entry) => item(entry.text, `38 CFR 3.320(a)(3)(${entry.designator})`, 'cfr-3.320')),
  ];

  // 38 CFR 3.320a and 3.320b
  const sectionItems = (id: 'cfr-3.320a' | 'cfr-3.320b', end: string, count: number) =>
    designatedItems(
      between(body(id), '(b) Presumption of service connection.', end, `${id.slice(4)}(b)`),
      'number',
      count,
      `${id.slice(4)}(b)`,
    ).map((entry) => item(entry.text, `38 CFR ${id.slice(4)}(b)(${entry.designator})`, id));
  const genitourinary = sectionItems('cfr-3.320a', '(c) Covered Veteran.', 2);
  const bloodCancers = sectionItems('cfr-3.320b', '(c) Exceptions.', 5);

  // 38 U.S.C. 1120: VA.gov's PACT Act burn pit list
  const burnPits = accordion(
    pact,
    'BURN_PITS',
    'New PACT Act presumptive conditions for burn pit exposure',
  ).map((text) => item(text, '38 U.S.C. 1120', 'vagov-pact-conditions'));

  const lists: PresumptiveListRecord[] = [
    {
      id: 'herbicide',
      title: 'Diseases associated with herbicide agents (Agent Orange)',
      citation: '38 CFR 3.309(e); 38 U.S.C. 1116',
      manifestation: {
        kind: 'manifestation',
        text: 'It must be at least 10% disabling; it may appear at any time after service.',
        citation: '38 CFR 3.307(a)(6)(ii)',
      },
      service: HERBICIDE_RULES.map(rule),
      items: [...cfrHerbicide, ...herbicideAdditions],
    },
    {
      id: 'camp_lejeune',
      title: 'Diseases associated with the water at Camp Lejeune',
      citation: '38 CFR 3.309(f)',
      manifestation: {
        kind: 'manifestation',
        text: 'It must be at least 10% disabling; it may appear at any time after service.',
        citation: '38 CFR 3.307(a)(7)(ii)',
      },
      service: CAMP_LEJEUNE_RULES.map(rule),
      items: lejeuneItems,
    },
    {
      id: 'radiation',
      title: 'Diseases specific to radiation-exposed veterans',
      citation: '38 CFR 3.309(d)',
      manifestation: {
        kind: 'manifestation',
        text: 'There is no time limit for it to appear.',
        citation: '38 CFR 3.309(d)(1)',
      },
      service: radiationRules,
      items: radiationItems,
    },
    {
      id: 'gulf_war_illness',
      title: 'Undiagnosed and chronic multisymptom illnesses of Persian Gulf veterans',
      citation: '38 CFR 3.317(a)',
      manifestation: {
        kind: 'manifestation',
        text: 'It must have appeared during service in the Southwest Asia theater, or be at least 10% disabling by December 31, 2026; and it must be chronic (present, or coming and going, for six months or more).',
        citation: '38 CFR 3.317(a)(1)(i), (a)(4)',
      },
      service: [
        rule({
          kinds: GULF_WAR_KINDS,
          locations: SOUTHWEST_ASIA,
          from: PERSIAN_GULF_WAR_START,
          to: null,
          citation: '38 CFR 3.317(e)',
          source: 'cfr-3.317',
          quotes: [SOUTHWEST_ASIA_QUOTE, PERSIAN_GULF_WAR_QUOTE],
        }),
      ],
      items: gulfWarIllness,
    },
    {
      id: 'gulf_war_infectious',
      title: 'Infectious diseases of Southwest Asia and Afghanistan service',
      citation: '38 CFR 3.317(c)',
      manifestation: {
        kind: 'manifestation',
        text: 'It must have become at least 10% disabling within one year after leaving the qualifying service.',
        citation: '38 CFR 3.317(c)(3)(i)',
      },
      service: [
        rule({
          kinds: GULF_WAR_KINDS,
          locations: SOUTHWEST_ASIA,
          from: PERSIAN_GULF_WAR_START,
          to: null,
          citation: '38 CFR 3.317(c)(3)(ii), (e)',
          source: 'cfr-3.317',
          quotes: [SOUTHWEST_ASIA_QUOTE, PERSIAN_GULF_WAR_QUOTE],
        }),
        rule({
          kinds: GULF_WAR_KINDS,
          locations: ['afghanistan'],
          from: '2001-09-19',
          to: null,
          citation: '38 CFR 3.317(c)(3)(ii)',
          source: 'cfr-3.317',
          quotes: [
            {
              source: 'cfr-3.317',
              text: 'a period of active military, naval, or air service on or after September 19, 2001, in Afghanistan',
            },
          ],
        }),
      ],
      items: infectious,
    },
    {
      id: 'particulate_matter',
      title: 'Diseases associated with fine particulate matter (burn pits and airborne hazards)',
      citation: '38 CFR 3.320',
      manifestation: {
        kind: 'manifestation',
        text: 'Any degree counts, even 0%, and it may appear at any time after leaving the qualifying service.',
        citation: '38 CFR 3.320(a)(2), (a)(3)',
      },
      service: [
        rule({
          kinds: GULF_WAR_KINDS,
          locations: SOUTHWEST_ASIA,
          from: PERSIAN_GULF_WAR_START,
          to: null,
          citation: '38 CFR 3.320(a)(5)(i)',
          source: 'cfr-3.320',
          quotes: [
            PERSIAN_GULF_WAR_QUOTE,
            {
              source: 'cfr-3.320',
              text: 'Southwest Asia theater of operations means Iraq, Kuwait, Saudi Arabia, the neutral zone between Iraq and Saudi Arabia, Bahrain, Qatar, the United Arab Emirates, Oman, the Gulf of Aden, the Gulf of Oman, the Persian Gulf, the Arabian Sea, the Red Sea, and the airspace above these locations',
            },
          ],
        }),
        rule({
          kinds: GULF_WAR_KINDS,
          locations: ['afghanistan', 'syria', 'djibouti', 'uzbekistan'],
          from: '2001-09-19',
          to: null,
          citation: '38 CFR 3.320(a)(5)(ii)',
          source: 'cfr-3.320',
          quotes: [
            {
              source: 'cfr-3.320',
              text: 'Afghanistan, Syria, Djibouti, or Uzbekistan on or after September 19, 2001, during the Persian Gulf War',
            },
          ],
        }),
      ],
      items: particulate,
    },
    {
      id: 'toxic_genitourinary_cancers',
      title: 'Bladder, ureter and related cancers (burn pits and other toxic exposures)',
      citation: '38 CFR 3.320a',
      manifestation: {
        kind: 'manifestation',
        text: 'No time limit or minimum degree is set.',
        citation: '38 CFR 3.320a(b)',
      },
      service: coveredVeteranRules('38 CFR 3.320a(c)').map(rule),
      items: genitourinary,
    },
    {
      id: 'toxic_blood_cancers',
      title:
        'Leukemias, multiple myelomas, myelodysplastic syndromes and myelofibrosis (burn pits and other toxic exposures)',
      citation: '38 CFR 3.320b',
      manifestation: {
        kind: 'manifestation',
        text: 'No time limit or minimum degree is set.',
        citation: '38 CFR 3.320b(b)',
      },
      service: coveredVeteranRules('38 CFR 3.320a(c)').map(rule),
      items: bloodCancers,
    },
    {
      id: 'pact_burn_pits',
      title: 'PACT Act burn pit and other toxic exposure conditions',
      citation: '38 U.S.C. 1120',
      manifestation: {
        kind: 'manifestation',
        text: 'No time limit or minimum degree is set.',
        citation: '38 U.S.C. 1120',
      },
      service: coveredVeteranRules('38 CFR 3.320a(c)').map((definition) =>
        rule({ ...definition, citation: `38 U.S.C. 1119(c); ${definition.citation}` }),
      ),
      items: burnPits,
    },
  ];

  // Every place a veteran can choose is either on a list or known to be on none.
  for (const kind of EXPOSURE_KINDS)
    for (const location of Object.keys(locations[kind])) {
      const listed = lists.some((list) =>
        list.service.some((r) => r.kinds.includes(kind) && r.locations.includes(location)),
      );
      if (!listed && !UNLISTED_GULF_WAR_LOCATIONS.has(location))
        throw new Error(
          `${kind} location ${location} is on no list; add its rule or list it as unlisted`,
        );
    }

  const texts: Record<string, SourceTextRecord> = {};
  for (const [id, key] of Object.entries(CFR_SOURCES) as [CfrSource, keyof PresumptiveSources][])
    texts[id] = {
      file: `../shared/data/${PRESUMPTIVE_SOURCE_FILES[key]}`,
      title: sections[id].title,
      version: sections[id].version,
      ecfr_received_on: sections[id].receivedOn,
    };
  texts['vagov-pact-conditions'] = {
    file: `../shared/data/${PRESUMPTIVE_SOURCE_FILES.pactConditions}`,
    title: 'VA.gov PACT Act wizard: presumptive conditions by exposure',
    version: pact._source,
  };
  texts['vagov-pact-places'] = PACT_PLACES_SOURCE;
  texts['form526-locations'] = {
    file: `../shared/data/${PRESUMPTIVE_SOURCE_FILES.locations}`,
    title: 'VA.gov 21-526EZ toxic exposure locations',
    version: places.source,
  };

  return {
    source: {
      generated_by: 'scripts/import-presumptive-lists.ts',
      note:
        'Disease lists are read out of the texts named here (each item keeps its wording and ' +
        'citation). What each item covers, the qualifying places and periods and the ' +
        'requirements are transcribed in packages/domain/src/presumptive-import.ts, in our words, ' +
        'each with the section it comes from; the CFR ones are checked word for word against ' +
        'the section text.',
      texts,
      license: 'US Government works (public domain)',
    },
    locations,
    lists,
  };
}
