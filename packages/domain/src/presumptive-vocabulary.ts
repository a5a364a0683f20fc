/**
 * The conditions named by VA's presumptive lists, and the words a condition is recognised by.
 * Written here: the lists (presumptive-lists.json) quote VA's wording, which is sometimes a whole
 * family ("respiratory cancer of any type", "lymphomas (except Hodgkin's disease)"); this table
 * says which conditions belong to which family, so a veteran's "small cell lung cancer" or
 * "CLL" finds every list that covers it.
 *
 * Each entry is one condition or family of conditions:
 * - `parents`: the wider families it belongs to. A list that covers a family covers everything
 *   in it; a condition named only by its family ("leukemia") is too broad for a list that covers
 *   one member ("chronic B-cell leukemias"): that is reported as a match that needs the
 *   diagnosis to say which.
 * - `exhaustive`: its members between them are every form of it (every leukemia is acute or
 *   chronic), so a list covering all of its members covers it too.
 * - `terms`: names and synonyms. A condition name that holds one of them, as whole words, names
 *   this entry; when two terms overlap, the longer one wins ("type 1 diabetes" is not
 *   "diabetes", "pulmonary hypertension" is not "hypertension").
 * - `whole`: names that count only as the whole condition name (symptoms: "joint pain", not
 *   "joint pain from a knee strain").
 * - `labels`: catalogue labels (condition-catalogue.json) that name it, used instead of the
 *   label's own words where those would mislead ("diabetes, type 1 or type 2").
 * - `codes`: diagnostic codes (38 CFR Part 4) that name it, used only when the name says
 *   nothing; such a match always asks the diagnosis to confirm.
 *
 * Entries that no list covers are here so that their words are not read as a listed condition
 * (Kaposi's sarcoma is not a soft-tissue sarcoma of 38 CFR 3.309(e); diabetic neuropathy is not
 * early-onset peripheral neuropathy).
 */

export type VocabularyEntry = {
  id: string;
  /** A plain name, for explanations ("type 2 diabetes"). */
  name: string;
  parents?: readonly string[];
  exhaustive?: boolean;
  terms: readonly string[];
  whole?: readonly string[];
  labels?: readonly string[];
  codes?: readonly string[];
};

const ROMAN_TYPES: Readonly<Record<string, string>> = { i: '1', ii: '2', one: '1', two: '2' };

/** A word reduced to its singular, roughly ("leukemias" → "leukemia", "illnesses" → "illness"). */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('s') && !/(ss|us|is|ous)$/.test(word))
    return word.slice(0, -1);
  return word;
}

/**
 * The words of a condition name as they are compared: lower case, no accents, possessives and
 * apostrophes dropped ("Hodgkin's" → "hodgkin"), "non-" joined to its word ("non-Hodgkin" →
 * "nonhodgkin", so it never reads as "Hodgkin"), plurals made singular, and "type II" / "type
 * two" read as "type 2".
 */
export function conditionWords(text: string): string[] {
  const normalized = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘ʼ`]s\b/g, '')
    .replace(/['’‘ʼ`]/g, '')
    .replace(/\bnon[\s-]+(?=[a-z])/g, 'non');
  const words = normalized
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular);
  return words.map((word, index) =>
    index > 0 && words[index - 1] === 'type' ? (ROMAN_TYPES[word] ?? word) : word,
  );
}

export const PRESUMPTIVE_VOCABULARY: readonly VocabularyEntry[] = [
  // Diabetes
  {
    id: 'diabetes',
    name: 'diabetes',
    terms: ['diabetes', 'diabetes mellitus', 'dm', 'sugar diabetes'],
    labels: ['diabetes, type 1 or type 2'],
    codes: ['7913'],
  },
  {
    id: 'type_2_diabetes',
    name: 'type 2 diabetes',
    parents: ['diabetes'],
    terms: [
      'type 2 diabetes',
      'type 2 diabetes mellitus',
      'diabetes type 2',
      'diabetes mellitus type 2',
      'type 2 dm',
      'dm type 2',
      't2dm',
      'dm2',
      't2d',
      'niddm',
      'adult onset diabetes',
      'adult onset diabetes mellitus',
      'noninsulin dependent diabetes',
      'noninsulin dependent diabetes mellitus',
    ],
  },
  {
    id: 'type_1_diabetes',
    name: 'type 1 diabetes',
    parents: ['diabetes'],
    terms: [
      'type 1 diabetes',
      'type 1 diabetes mellitus',
      'diabetes type 1',
      'diabetes mellitus type 1',
      'type 1 dm',
      't1dm',
      'dm1',
      'iddm',
      'juvenile diabetes',
      'juvenile onset diabetes',
      'insulin dependent diabetes',
      'insulin dependent diabetes mellitus',
    ],
  },
  { id: 'diabetes_insipidus', name: 'diabetes insipidus', terms: ['diabetes insipidus'] },

  // Heart and blood pressure
  {
    id: 'hypertension',
    name: 'hypertension',
    terms: [
      'hypertension',
      'high blood pressure',
      'elevated blood pressure',
      'htn',
      'essential hypertension',
      'hypertensive vascular disease',
    ],
    codes: ['7101'],
  },
  {
    id: 'other_hypertension',
    name: 'hypertension of the lungs, eye, liver or skull',
    terms: [
      'pulmonary hypertension',
      'pulmonary arterial hypertension',
      'portal hypertension',
      'ocular hypertension',
      'intracranial hypertension',
      'idiopathic intracranial hypertension',
    ],
  },
  {
    id: 'heart_disease',
    name: 'heart disease',
    terms: ['heart disease', 'cardiac disease', 'heart condition', 'cardiovascular disease'],
  },
  {
    id: 'ischemic_heart_disease',
    name: 'ischemic heart disease',
    parents: ['heart_disease'],
    terms: [
      'ischemic heart disease',
      'ischaemic heart disease',
      'ihd',
      'coronary artery disease',
      'coronary heart disease',
      'cad',
      'atherosclerotic cardiovascular disease',
      'atherosclerotic heart disease',
      'arteriosclerotic heart disease',
      'arteriosclerotic cardiovascular disease',
      'myocardial infarction',
      'heart attack',
      'angina',
      'angina pectoris',
      'prinzmetal angina',
      'coronary spasm',
      'coronary artery spasm',
      'coronary bypass',
      'coronary artery bypass',
      'coronary artery bypass graft',
      'cabg',
      'heart bypass',
      'heart bypass surgery',
    ],
    codes: ['7005', '7006', '7017'],
  },
  {
    id: 'heart_failure',
    name: 'heart failure',
    parents: ['heart_disease'],
    terms: ['heart failure', 'congestive heart failure', 'chf'],
  },
  {
    id: 'stroke',
    name: 'stroke or peripheral vascular disease',
    terms: [
      'stroke',
      'cerebrovascular accident',
      'peripheral vascular disease',
      'peripheral artery disease',
      'peripheral arterial disease',
    ],
  },

  // Nervous system
  {
    id: 'parkinsons_disease',
    name: "Parkinson's disease",
    terms: ['parkinson disease', 'parkinson', 'paralysis agitans'],
    codes: ['8004'],
  },
  {
    id: 'wolff_parkinson_white',
    name: 'Wolff-Parkinson-White syndrome',
    terms: ['wolff parkinson white syndrome', 'wolff parkinson white'],
  },
  {
    id: 'parkinsonism',
    name: 'parkinsonism',
    terms: ['parkinsonism', 'parkinsonian syndrome', 'atypical parkinsonism'],
  },
  {
    id: 'peripheral_neuropathy',
    name: 'peripheral neuropathy',
    terms: ['peripheral neuropathy', 'polyneuropathy', 'peripheral nerve damage'],
  },
  {
    id: 'early_onset_peripheral_neuropathy',
    name: 'early-onset peripheral neuropathy',
    parents: ['peripheral_neuropathy'],
    terms: [
      'early onset peripheral neuropathy',
      'peripheral neuropathy early onset',
      'acute peripheral neuropathy',
      'subacute peripheral neuropathy',
      'acute and subacute peripheral neuropathy',
    ],
  },
  {
    id: 'diabetic_peripheral_neuropathy',
    name: 'diabetic peripheral neuropathy',
    parents: ['peripheral_neuropathy'],
    terms: ['diabetic peripheral neuropathy', 'diabetic neuropathy', 'diabetic polyneuropathy'],
  },

  // Skin, metabolism, glands
  {
    id: 'chloracne',
    name: 'chloracne',
    terms: [
      'chloracne',
      'acneform disease consistent with chloracne',
      'acneiform disease consistent with chloracne',
    ],
    codes: ['7829'],
  },
  { id: 'acne', name: 'acne', terms: ['acne'] },
  {
    id: 'porphyria_cutanea_tarda',
    name: 'porphyria cutanea tarda',
    terms: ['porphyria cutanea tarda'],
  },
  {
    id: 'hypothyroidism',
    name: 'hypothyroidism',
    terms: ['hypothyroidism', 'underactive thyroid', 'low thyroid'],
    codes: ['7903'],
  },
  { id: 'amyloidosis', name: 'amyloidosis', terms: ['amyloidosis'] },
  {
    id: 'al_amyloidosis',
    name: 'AL amyloidosis',
    parents: ['amyloidosis'],
    terms: [
      'al amyloidosis',
      'primary amyloidosis',
      'light chain amyloidosis',
      'amyloid light chain amyloidosis',
    ],
    codes: ['7717'],
  },

  // Blood and lymph
  {
    id: 'leukemia',
    name: 'leukemia',
    exhaustive: true,
    terms: ['leukemia', 'leukaemia'],
    codes: ['7703'],
  },
  {
    id: 'acute_leukemia',
    name: 'acute leukemia',
    parents: ['leukemia'],
    terms: [
      'acute leukemia',
      'acute myeloid leukemia',
      'acute myelogenous leukemia',
      'acute myeloblastic leukemia',
      'acute nonlymphocytic leukemia',
      'acute lymphoblastic leukemia',
      'acute lymphocytic leukemia',
      'acute promyelocytic leukemia',
      'acute monocytic leukemia',
      'aml',
    ],
  },
  {
    id: 'chronic_leukemia',
    name: 'chronic leukemia',
    parents: ['leukemia'],
    terms: ['chronic leukemia'],
  },
  {
    id: 'chronic_b_cell_leukemia',
    name: 'chronic B-cell leukemia',
    parents: ['chronic_leukemia'],
    terms: [
      'chronic b cell leukemia',
      'b cell leukemia',
      'b cell chronic leukemia',
      'b cell prolymphocytic leukemia',
    ],
  },
  {
    id: 'chronic_lymphocytic_leukemia',
    name: 'chronic lymphocytic leukemia',
    parents: ['chronic_b_cell_leukemia'],
    terms: ['chronic lymphocytic leukemia', 'b cell chronic lymphocytic leukemia', 'cll'],
  },
  {
    id: 'hairy_cell_leukemia',
    name: 'hairy-cell leukemia',
    parents: ['chronic_b_cell_leukemia'],
    terms: ['hairy cell leukemia'],
  },
  {
    id: 'chronic_myeloid_leukemia',
    name: 'chronic myeloid leukemia',
    parents: ['chronic_leukemia'],
    terms: [
      'chronic myeloid leukemia',
      'chronic myelogenous leukemia',
      'chronic granulocytic leukemia',
      'cml',
    ],
    codes: ['7719'],
  },
  {
    id: 'lymphoma',
    name: 'lymphoma',
    exhaustive: true,
    terms: [
      'lymphoma',
      'lymphomatic cancer',
      'lymphatic cancer',
      'lymph node cancer',
      'cancer of the lymph node',
    ],
  },
  {
    id: 'hodgkins_disease',
    name: "Hodgkin's disease",
    parents: ['lymphoma'],
    terms: ['hodgkin disease', 'hodgkin lymphoma', 'hodgkin'],
    codes: ['7709'],
  },
  {
    id: 'non_hodgkins_lymphoma',
    name: "non-Hodgkin's lymphoma",
    parents: ['lymphoma'],
    terms: [
      'nonhodgkin lymphoma',
      'nonhodgkin disease',
      'nonhodgkin',
      'nhl',
      'b cell lymphoma',
      't cell lymphoma',
      'diffuse large b cell lymphoma',
      'dlbcl',
      'follicular lymphoma',
      'mantle cell lymphoma',
      'marginal zone lymphoma',
      'burkitt lymphoma',
      'small lymphocytic lymphoma',
      'mycosis fungoides',
    ],
    codes: ['7715'],
  },
  {
    id: 'multiple_myeloma',
    name: 'multiple myeloma',
    terms: [
      'multiple myeloma',
      'myeloma',
      'plasma cell myeloma',
      'plasma cell cancer',
      'cancer of plasma cell',
    ],
    codes: ['7712'],
  },
  {
    id: 'mgus',
    name: 'monoclonal gammopathy of undetermined significance (MGUS)',
    terms: ['mgus', 'monoclonal gammopathy of undetermined significance', 'monoclonal gammopathy'],
  },
  {
    id: 'aplastic_anemia',
    name: 'aplastic anemia',
    terms: ['aplastic anemia', 'aplastic anaemia'],
    codes: ['7716'],
  },
  {
    id: 'myelodysplastic_syndrome',
    name: 'myelodysplastic syndrome',
    terms: ['myelodysplastic syndrome', 'myelodysplasia', 'mds'],
    codes: ['7725'],
  },
  {
    id: 'myelofibrosis',
    name: 'myelofibrosis',
    terms: ['myelofibrosis', 'primary myelofibrosis'],
  },

  // Cancers by body system
  {
    id: 'respiratory_cancer',
    name: 'respiratory cancer',
    terms: [
      'respiratory cancer',
      'respiratory tract cancer',
      'cancer of the respiratory system',
      'cancer of the respiratory tract',
      'breathing related cancer',
    ],
    codes: ['6819'],
  },
  {
    id: 'lung_cancer',
    name: 'lung cancer',
    parents: ['respiratory_cancer'],
    terms: [
      'lung cancer',
      'cancer of the lung',
      'lung carcinoma',
      'carcinoma of the lung',
      'lung malignancy',
      'malignant neoplasm of the lung',
      'pulmonary carcinoma',
      'bronchogenic carcinoma',
      'small cell lung cancer',
      'small cell lung carcinoma',
      'nonsmall cell lung cancer',
      'nonsmall cell lung carcinoma',
      'nsclc',
      'sclc',
      'lung adenocarcinoma',
      'adenocarcinoma of the lung',
      'squamous cell carcinoma of the lung',
      'squamous cell lung cancer',
    ],
  },
  {
    id: 'bronchioloalveolar_carcinoma',
    name: 'bronchiolo-alveolar carcinoma',
    parents: ['lung_cancer'],
    terms: [
      'bronchiolo alveolar carcinoma',
      'bronchioloalveolar carcinoma',
      'bronchiolo alveolar cancer',
      'bronchioloalveolar cancer',
    ],
  },
  {
    id: 'lung_adenosquamous_carcinoma',
    name: 'adenosquamous carcinoma of the lung',
    parents: ['lung_cancer'],
    terms: [
      'adenosquamous carcinoma of the lung',
      'adenosquamous lung carcinoma',
      'adenosquamous lung cancer',
    ],
  },
  {
    id: 'lung_large_cell_carcinoma',
    name: 'large cell carcinoma of the lung',
    parents: ['lung_cancer'],
    terms: [
      'large cell carcinoma of the lung',
      'large cell lung carcinoma',
      'large cell lung cancer',
    ],
  },
  {
    id: 'lung_salivary_gland_type_tumor',
    name: 'salivary gland-type tumor of the lung',
    parents: ['lung_cancer'],
    terms: ['salivary gland type tumor of the lung', 'salivary gland type lung tumor'],
  },
  {
    id: 'lung_sarcomatoid_carcinoma',
    name: 'sarcomatoid carcinoma of the lung',
    parents: ['lung_cancer'],
    terms: [
      'sarcomatoid carcinoma of the lung',
      'sarcomatoid lung carcinoma',
      'sarcomatoid lung cancer',
    ],
  },
  {
    id: 'lung_carcinoid',
    name: 'typical or atypical carcinoid of the lung',
    parents: ['lung_cancer'],
    terms: [
      'typical and atypical carcinoid of the lung',
      'carcinoid of the lung',
      'carcinoid tumor of the lung',
      'lung carcinoid',
      'pulmonary carcinoid',
      'typical carcinoid',
      'atypical carcinoid',
    ],
  },
  {
    id: 'bronchus_cancer',
    name: 'cancer of the bronchus',
    parents: ['respiratory_cancer'],
    terms: ['bronchus cancer', 'bronchial cancer', 'cancer of the bronchus', 'bronchial carcinoma'],
  },
  {
    id: 'larynx_cancer',
    name: 'cancer of the larynx',
    parents: ['respiratory_cancer', 'neck_cancer'],
    terms: [
      'laryngeal cancer',
      'larynx cancer',
      'cancer of the larynx',
      'cancer of larynx',
      'laryngeal carcinoma',
      'voice box cancer',
    ],
  },
  {
    id: 'larynx_squamous_cell_carcinoma',
    name: 'squamous cell carcinoma of the larynx',
    parents: ['larynx_cancer'],
    terms: ['squamous cell carcinoma of the larynx', 'laryngeal squamous cell carcinoma'],
  },
  {
    id: 'trachea_cancer',
    name: 'cancer of the trachea',
    parents: ['respiratory_cancer'],
    terms: [
      'trachea cancer',
      'tracheal cancer',
      'cancer of the trachea',
      'tracheal carcinoma',
      'windpipe cancer',
      'cancer of windpipe',
    ],
  },
  {
    id: 'trachea_squamous_cell_carcinoma',
    name: 'squamous cell carcinoma of the trachea',
    parents: ['trachea_cancer'],
    terms: ['squamous cell carcinoma of the trachea', 'tracheal squamous cell carcinoma'],
  },
  {
    id: 'trachea_adenocarcinoma',
    name: 'adenocarcinoma of the trachea',
    parents: ['trachea_cancer'],
    terms: ['adenocarcinoma of the trachea', 'tracheal adenocarcinoma'],
  },
  {
    id: 'trachea_salivary_gland_type_tumor',
    name: 'salivary gland-type tumor of the trachea',
    parents: ['trachea_cancer'],
    terms: ['salivary gland type tumor of the trachea', 'salivary gland type tracheal tumor'],
  },
  {
    id: 'head_or_neck_cancer',
    name: 'cancer of the head or neck',
    exhaustive: true,
    terms: [
      'head and neck cancer',
      'head or neck cancer',
      'cancer of the head and neck',
      'cancer of the head or neck',
      'head and neck squamous cell carcinoma',
    ],
  },
  {
    id: 'head_cancer',
    name: 'cancer of the head',
    parents: ['head_or_neck_cancer'],
    terms: ['head cancer', 'cancer of the head'],
  },
  {
    id: 'neck_cancer',
    name: 'cancer of the neck',
    parents: ['head_or_neck_cancer'],
    terms: ['neck cancer', 'cancer of the neck'],
  },
  {
    id: 'pharynx_cancer',
    name: 'cancer of the pharynx',
    parents: ['head_cancer', 'neck_cancer', 'respiratory_cancer'],
    terms: ['pharyngeal cancer', 'pharynx cancer', 'cancer of the pharynx', 'throat cancer'],
  },
  {
    id: 'nasopharyngeal_cancer',
    name: 'nasopharyngeal cancer',
    parents: ['pharynx_cancer'],
    terms: ['nasopharyngeal cancer', 'nasopharyngeal carcinoma', 'nasopharynx cancer'],
  },
  {
    id: 'oropharyngeal_cancer',
    name: 'oropharyngeal cancer',
    parents: ['pharynx_cancer'],
    terms: ['oropharyngeal cancer', 'oropharyngeal carcinoma', 'tonsil cancer', 'tonsillar cancer'],
  },
  {
    id: 'hypopharyngeal_cancer',
    name: 'hypopharyngeal cancer',
    parents: ['pharynx_cancer'],
    terms: ['hypopharyngeal cancer', 'hypopharyngeal carcinoma'],
  },
  {
    id: 'oral_cancer',
    name: 'cancer of the mouth, tongue or jaw',
    parents: ['head_cancer'],
    terms: [
      'oral cancer',
      'mouth cancer',
      'oral cavity cancer',
      'oral cavity squamous cell carcinoma',
      'tongue cancer',
      'cancer of the tongue',
      'jaw cancer',
      'lip cancer',
      'gum cancer',
    ],
  },
  {
    id: 'nasal_sinus_cancer',
    name: 'cancer of the nasal cavity or sinuses',
    parents: ['head_cancer', 'respiratory_cancer'],
    terms: [
      'paranasal sinus cancer',
      'paranasal sinus or nasal cavity cancer',
      'nasal cavity cancer',
      'sinus cancer',
      'nasal cancer',
    ],
  },
  {
    id: 'salivary_gland_cancer',
    name: 'cancer of the salivary gland',
    parents: ['head_cancer', 'neck_cancer'],
    terms: [
      'salivary gland cancer',
      'cancer of the salivary gland',
      'salivary cancer',
      'parotid cancer',
      'parotid gland cancer',
    ],
  },
  {
    id: 'ear_cancer',
    name: 'ear cancer',
    parents: ['head_cancer'],
    terms: ['ear cancer', 'cancer of the ear'],
  },
  {
    id: 'eye_cancer',
    name: 'eye cancer',
    parents: ['head_cancer'],
    terms: ['eye cancer', 'cancer of the eye'],
    labels: ['eye cancer, including melanoma of the eye'],
  },
  {
    id: 'endocrine_cancer',
    name: 'cancer of an endocrine gland',
    terms: ['endocrine cancer', 'cancer of the endocrine system'],
    codes: ['7914'],
  },
  {
    id: 'thyroid_cancer',
    name: 'thyroid cancer',
    parents: ['neck_cancer', 'endocrine_cancer'],
    terms: [
      'thyroid cancer',
      'cancer of the thyroid',
      'thyroid carcinoma',
      'papillary thyroid cancer',
      'papillary thyroid carcinoma',
      'follicular thyroid cancer',
      'medullary thyroid cancer',
      'anaplastic thyroid cancer',
    ],
  },
  {
    id: 'brain_cancer',
    name: 'brain cancer',
    terms: [
      'brain cancer',
      'cancer of the brain',
      'malignant brain tumor',
      'glioma',
      'astrocytoma',
      'oligodendroglioma',
      'ependymoma',
      'medulloblastoma',
    ],
    codes: ['8002'],
  },
  {
    id: 'glioblastoma',
    name: 'glioblastoma',
    parents: ['brain_cancer'],
    terms: ['glioblastoma', 'glioblastoma multiforme', 'gbm'],
  },
  { id: 'skin_cancer', name: 'skin cancer', terms: ['skin cancer', 'cancer of the skin'] },
  {
    id: 'nonmelanoma_skin_cancer',
    name: 'skin cancer other than melanoma',
    parents: ['skin_cancer'],
    terms: [
      'skin cancer other than melanoma',
      'nonmelanoma skin cancer',
      'basal cell carcinoma',
      'basal cell carcinoma of the skin',
      'squamous cell carcinoma of the skin',
      'cutaneous squamous cell carcinoma',
    ],
  },
  {
    id: 'skin_cancer_head_or_neck',
    name: 'skin cancer of the head or neck',
    parents: ['nonmelanoma_skin_cancer', 'head_cancer', 'neck_cancer'],
    terms: [],
    labels: [
      'basal cell carcinoma of the skin, head or neck',
      'squamous cell carcinoma of the skin, head or neck',
      'skin cancer (other than melanoma), head or neck',
    ],
  },
  {
    id: 'melanoma',
    name: 'melanoma',
    parents: ['skin_cancer'],
    terms: [
      'melanoma',
      'malignant melanoma',
      'melanoma of the skin',
      'skin melanoma',
      'cutaneous melanoma',
    ],
    codes: ['7833'],
  },
  {
    id: 'ocular_melanoma',
    name: 'melanoma of the eye',
    parents: ['melanoma', 'eye_cancer'],
    terms: ['melanoma of the eye', 'ocular melanoma', 'uveal melanoma', 'eye melanoma'],
  },
  {
    id: 'gastrointestinal_cancer',
    name: 'gastrointestinal cancer',
    terms: [
      'gastrointestinal cancer',
      'gi cancer',
      'digestive cancer',
      'digestive system cancer',
      'cancer of the digestive system',
    ],
    codes: ['7343'],
  },
  {
    id: 'esophageal_cancer',
    name: 'cancer of the esophagus',
    parents: ['gastrointestinal_cancer'],
    terms: [
      'esophageal cancer',
      'esophagus cancer',
      'cancer of the esophagus',
      'oesophageal cancer',
      'esophageal carcinoma',
    ],
  },
  {
    id: 'stomach_cancer',
    name: 'cancer of the stomach',
    parents: ['gastrointestinal_cancer'],
    terms: ['stomach cancer', 'gastric cancer', 'cancer of the stomach', 'gastric carcinoma'],
  },
  {
    id: 'small_intestine_cancer',
    name: 'cancer of the small intestine',
    parents: ['gastrointestinal_cancer'],
    terms: [
      'small intestine cancer',
      'small intestinal cancer',
      'cancer of the small intestine',
      'small bowel cancer',
      'duodenal cancer',
    ],
  },
  {
    id: 'colorectal_cancer',
    name: 'colorectal cancer',
    parents: ['gastrointestinal_cancer'],
    terms: ['colorectal cancer', 'bowel cancer', 'large bowel cancer'],
    labels: ['colorectal cancer or colon cancer'],
  },
  {
    id: 'colon_cancer',
    name: 'cancer of the colon',
    parents: ['colorectal_cancer'],
    terms: ['colon cancer', 'cancer of the colon', 'colon carcinoma', 'colonic cancer'],
  },
  {
    id: 'rectal_cancer',
    name: 'rectal cancer',
    parents: ['colorectal_cancer'],
    terms: ['rectal cancer', 'cancer of the rectum', 'rectum cancer'],
  },
  {
    id: 'anal_cancer',
    name: 'anal cancer',
    parents: ['gastrointestinal_cancer'],
    terms: ['anal cancer', 'cancer of the anus'],
  },
  {
    id: 'pancreatic_cancer',
    name: 'pancreatic cancer',
    parents: ['gastrointestinal_cancer'],
    terms: [
      'pancreatic cancer',
      'pancreas cancer',
      'cancer of the pancreas',
      'pancreatic carcinoma',
      'pancreatic adenocarcinoma',
    ],
  },
  {
    id: 'liver_cancer',
    name: 'liver cancer',
    parents: ['gastrointestinal_cancer'],
    terms: [
      'liver cancer',
      'cancer of the liver',
      'hepatic cancer',
      'hepatocellular carcinoma',
      'hcc',
      'hepatoma',
    ],
  },
  {
    id: 'bile_duct_cancer',
    name: 'cancer of the bile ducts',
    parents: ['gastrointestinal_cancer'],
    terms: ['bile duct cancer', 'cancer of the bile duct', 'cholangiocarcinoma', 'biliary cancer'],
  },
  {
    id: 'gallbladder_cancer',
    name: 'cancer of the gall bladder',
    parents: ['gastrointestinal_cancer'],
    terms: [
      'gallbladder cancer',
      'gall bladder cancer',
      'cancer of the gallbladder',
      'cancer of the gall bladder',
    ],
  },
  {
    id: 'genitourinary_cancer',
    name: 'genitourinary cancer',
    terms: ['genitourinary cancer', 'gu cancer', 'cancer of the genitourinary system'],
  },
  {
    id: 'urinary_tract_cancer',
    name: 'cancer of the urinary tract',
    parents: ['genitourinary_cancer'],
    terms: [
      'urinary tract cancer',
      'cancer of the urinary tract',
      'urothelial carcinoma',
      'urothelial cancer',
      'transitional cell carcinoma',
    ],
  },
  {
    id: 'kidney_cancer',
    name: 'kidney cancer',
    parents: ['urinary_tract_cancer'],
    terms: [
      'kidney cancer',
      'renal cancer',
      'cancer of the kidney',
      'kidney carcinoma',
      'renal cell carcinoma',
      'renal cell cancer',
      'rcc',
    ],
  },
  {
    id: 'renal_pelvis_cancer',
    name: 'cancer of the renal pelvis',
    parents: ['urinary_tract_cancer'],
    terms: ['renal pelvis cancer', 'cancer of the renal pelvis', 'renal pelvic cancer'],
  },
  {
    id: 'ureter_cancer',
    name: 'cancer of the ureter',
    parents: ['urinary_tract_cancer'],
    terms: [
      'ureter cancer',
      'ureteral cancer',
      'ureteric cancer',
      'cancer of the ureter',
      'urachal cancer',
      'cancer of the urachus',
    ],
  },
  {
    id: 'bladder_cancer',
    name: 'bladder cancer',
    parents: ['urinary_tract_cancer'],
    terms: [
      'bladder cancer',
      'urinary bladder cancer',
      'cancer of the bladder',
      'cancer of the urinary bladder',
      'bladder carcinoma',
    ],
  },
  {
    id: 'urethral_cancer',
    name: 'cancer of the urethra',
    parents: ['urinary_tract_cancer'],
    terms: ['urethral cancer', 'urethra cancer', 'cancer of the urethra'],
  },
  {
    id: 'reproductive_cancer',
    name: 'reproductive cancer',
    terms: [
      'reproductive cancer',
      'cancer of the reproductive system',
      'reproductive system cancer',
      'genital cancer',
      'gynecologic cancer',
      'gynecological cancer',
    ],
    codes: ['7627'],
  },
  {
    id: 'prostate_cancer',
    name: 'prostate cancer',
    parents: ['reproductive_cancer', 'genitourinary_cancer'],
    terms: [
      'prostate cancer',
      'prostatic cancer',
      'cancer of the prostate',
      'prostate carcinoma',
      'prostate adenocarcinoma',
      'prostatic adenocarcinoma',
    ],
  },
  {
    id: 'testicular_cancer',
    name: 'testicular cancer',
    parents: ['reproductive_cancer', 'genitourinary_cancer'],
    terms: ['testicular cancer', 'testis cancer', 'cancer of the testicle', 'cancer of the testis'],
  },
  {
    id: 'penile_cancer',
    name: 'penile cancer',
    parents: ['reproductive_cancer', 'genitourinary_cancer'],
    terms: ['penile cancer', 'cancer of the penis'],
  },
  {
    id: 'ovarian_cancer',
    name: 'cancer of the ovary',
    parents: ['reproductive_cancer'],
    terms: ['ovarian cancer', 'ovary cancer', 'cancer of the ovary', 'ovarian carcinoma'],
  },
  {
    id: 'uterine_cancer',
    name: 'uterine cancer',
    parents: ['reproductive_cancer'],
    terms: ['uterine cancer', 'cancer of the uterus', 'endometrial cancer', 'womb cancer'],
  },
  {
    id: 'cervical_cancer',
    name: 'cervical cancer',
    parents: ['reproductive_cancer'],
    terms: ['cervical cancer', 'cancer of the cervix'],
  },
  {
    id: 'vaginal_cancer',
    name: 'vaginal cancer',
    parents: ['reproductive_cancer'],
    terms: ['vaginal cancer', 'cancer of the vagina'],
  },
  {
    id: 'vulvar_cancer',
    name: 'vulvar cancer',
    parents: ['reproductive_cancer'],
    terms: ['vulvar cancer', 'vulval cancer', 'cancer of the vulva'],
  },
  // VA's condition taxonomy marks breast cancer as a PACT Act condition: VA counts it among the
  // reproductive cancers.
  {
    id: 'breast_cancer',
    name: 'breast cancer',
    parents: ['reproductive_cancer'],
    terms: [
      'breast cancer',
      'cancer of the breast',
      'breast carcinoma',
      'ductal carcinoma',
      'lobular carcinoma',
    ],
    codes: ['7630'],
  },
  {
    id: 'bone_cancer',
    name: 'bone cancer',
    terms: [
      'bone cancer',
      'cancer of the bone',
      'bone sarcoma',
      'malignant bone tumor',
      'malignant growth of the bone',
    ],
    codes: ['5012'],
  },
  { id: 'sarcoma', name: 'sarcoma', terms: ['sarcoma'] },
  {
    id: 'osteosarcoma',
    name: 'osteosarcoma',
    parents: ['bone_cancer', 'sarcoma'],
    terms: ['osteosarcoma', 'osteogenic sarcoma'],
  },
  {
    id: 'chondrosarcoma',
    name: 'chondrosarcoma',
    parents: ['bone_cancer', 'sarcoma'],
    terms: ['chondrosarcoma'],
  },
  {
    id: 'ewing_sarcoma',
    name: "Ewing's sarcoma of the bone",
    parents: ['bone_cancer', 'sarcoma'],
    terms: ['ewing sarcoma', 'ewing tumor'],
  },
  {
    id: 'kaposi_sarcoma',
    name: "Kaposi's sarcoma",
    parents: ['sarcoma'],
    terms: ['kaposi sarcoma', 'kaposi'],
  },
  { id: 'mesothelioma', name: 'mesothelioma', terms: ['mesothelioma'] },
  {
    id: 'soft_tissue_sarcoma',
    name: 'soft-tissue sarcoma',
    parents: ['sarcoma'],
    // The kinds 38 CFR 3.309(e) Note 1 names, in the words of the note.
    terms: [
      'soft tissue sarcoma',
      'adult fibrosarcoma',
      'fibrosarcoma',
      'dermatofibrosarcoma protuberans',
      'dermatofibrosarcoma',
      'malignant fibrous histiocytoma',
      'undifferentiated pleomorphic sarcoma',
      'liposarcoma',
      'leiomyosarcoma',
      'epithelioid leiomyosarcoma',
      'malignant leiomyoblastoma',
      'rhabdomyosarcoma',
      'ectomesenchymoma',
      'angiosarcoma',
      'hemangiosarcoma',
      'lymphangiosarcoma',
      'proliferating angioendotheliomatosis',
      'systemic angioendotheliomatosis',
      'malignant glomus tumor',
      'malignant hemangiopericytoma',
      'synovial sarcoma',
      'malignant synovioma',
      'malignant giant cell tumor of tendon sheath',
      'malignant schwannoma',
      'malignant triton tumor',
      'malignant peripheral nerve sheath tumor',
      'malignant mesenchymoma',
      'malignant granular cell tumor',
      'alveolar soft part sarcoma',
      'epithelioid sarcoma',
      'clear cell sarcoma of tendons and aponeuroses',
      'clear cell sarcoma',
      'extraskeletal ewing sarcoma',
      'congenital and infantile fibrosarcoma',
      'infantile fibrosarcoma',
      'malignant ganglioneuroma',
    ],
    codes: ['5329', '7123', '8540'],
  },
  // VA.gov labels some cancers by site, "head or neck" against "extremities or trunk".
  {
    id: 'soft_tissue_sarcoma_head_or_neck',
    name: 'soft-tissue sarcoma of the head or neck',
    parents: ['soft_tissue_sarcoma', 'head_cancer', 'neck_cancer'],
    terms: [],
    labels: [
      'nerve-related soft-tissue sarcoma, head or neck',
      'soft-tissue sarcoma of muscle, fat, or fibrous connective tissue, head or neck',
      'vascular soft-tissue sarcoma, including angiosarcoma, head or neck',
    ],
  },
  {
    id: 'bone_cancer_head_or_neck',
    name: 'bone cancer of the head or neck',
    parents: ['bone_cancer', 'head_cancer', 'neck_cancer'],
    terms: [],
    labels: ['bone cancer, including osteosarcoma, head or neck'],
  },

  // Lungs and airways
  {
    id: 'asthma',
    name: 'asthma',
    terms: ['asthma', 'bronchial asthma'],
    codes: ['6602'],
  },
  {
    id: 'rhinitis',
    name: 'rhinitis',
    terms: [
      'rhinitis',
      'allergic rhinitis',
      'vasomotor rhinitis',
      'nonallergic rhinitis',
      'granulomatous rhinitis',
      'hay fever',
    ],
    codes: ['6522', '6523', '6524'],
  },
  {
    id: 'chronic_rhinitis',
    name: 'chronic rhinitis',
    parents: ['rhinitis'],
    terms: ['chronic rhinitis', 'rhinitis chronic', 'chronic allergic rhinitis'],
  },
  {
    id: 'sinusitis',
    name: 'sinusitis',
    terms: [
      'sinusitis',
      'rhinosinusitis',
      'pansinusitis',
      'maxillary sinusitis',
      'frontal sinusitis',
      'ethmoid sinusitis',
      'sphenoid sinusitis',
      'sinus infection',
    ],
  },
  {
    id: 'chronic_sinusitis',
    name: 'chronic sinusitis',
    parents: ['sinusitis'],
    terms: ['chronic sinusitis', 'sinusitis chronic', 'chronic rhinosinusitis'],
    // VA rates only chronic sinusitis under these codes.
    codes: ['6510', '6511', '6512', '6513', '6514'],
  },
  { id: 'bronchitis', name: 'bronchitis', terms: ['bronchitis'] },
  {
    id: 'chronic_bronchitis',
    name: 'chronic bronchitis',
    parents: ['bronchitis'],
    terms: ['chronic bronchitis'],
    codes: ['6600'],
  },
  {
    id: 'copd',
    name: 'chronic obstructive pulmonary disease (COPD)',
    terms: [
      'chronic obstructive pulmonary disease',
      'chronic obstructive lung disease',
      'copd',
      'chronic obstructive airway disease',
    ],
    codes: ['6604'],
  },
  {
    id: 'constrictive_bronchiolitis',
    name: 'constrictive or obliterative bronchiolitis',
    terms: ['constrictive bronchiolitis', 'obliterative bronchiolitis', 'bronchiolitis obliterans'],
  },
  {
    id: 'emphysema',
    name: 'emphysema',
    terms: ['emphysema', 'pulmonary emphysema'],
    codes: ['6603'],
  },
  {
    id: 'granulomatous_disease',
    name: 'granulomatous disease',
    terms: [
      'granulomatous disease',
      'granulomatous lung disease',
      'pulmonary granuloma',
      'lung granuloma',
      'granuloma of the lung',
      'eosinophilic granuloma of lung',
    ],
  },
  {
    id: 'interstitial_lung_disease',
    name: 'interstitial lung disease',
    terms: [
      'interstitial lung disease',
      'ild',
      'diffuse parenchymal lung disease',
      'hypersensitivity pneumonitis',
      'asbestosis',
      'silicosis',
      'pneumoconiosis',
      'pulmonary alveolar proteinosis',
    ],
    labels: ['interstitial lung disease (ILD), pneumonitis, or fibrosis'],
  },
  {
    id: 'pulmonary_fibrosis',
    name: 'pulmonary fibrosis',
    parents: ['interstitial_lung_disease'],
    terms: [
      'pulmonary fibrosis',
      'idiopathic pulmonary fibrosis',
      'ipf',
      'lung fibrosis',
      'fibrosis of the lung',
      'diffuse interstitial fibrosis',
    ],
    labels: ['interstitial lung disease (ILD), pneumonitis, or fibrosis'],
    codes: ['6825'],
  },
  { id: 'pleuritis', name: 'pleuritis', terms: ['pleuritis', 'pleurisy'] },
  {
    id: 'sarcoidosis',
    name: 'sarcoidosis',
    terms: ['sarcoidosis', 'sarcoid'],
    codes: ['6846'],
  },

  // Gulf War illness
  {
    id: 'chronic_multisymptom_illness',
    name: 'medically unexplained chronic multisymptom illness',
    terms: [
      'medically unexplained chronic multisymptom illness',
      'chronic multisymptom illness',
      'multisymptom illness',
      'gulf war illness',
      'gulf war syndrome',
      'persian gulf syndrome',
    ],
  },
  {
    id: 'undiagnosed_illness',
    name: 'undiagnosed illness',
    terms: ['undiagnosed illness', 'undiagnosed condition'],
  },
  // The signs and symptoms 38 CFR 3.317(b) names, when they are the whole of what a veteran
  // reports: they may be an undiagnosed illness, if no diagnosis explains them.
  {
    id: 'unexplained_symptoms',
    name: 'symptoms without a diagnosis',
    terms: [],
    whole: [
      'fatigue',
      'chronic fatigue',
      'headache',
      'chronic headache',
      'muscle pain',
      'joint pain',
      'chronic joint pain',
      'muscle and joint pain',
      'sleep disturbance',
      'sleep problem',
      'abnormal weight loss',
      'menstrual disorder',
      'skin rash',
      'memory problem',
    ],
  },
  {
    id: 'chronic_fatigue_syndrome',
    name: 'chronic fatigue syndrome',
    parents: ['chronic_multisymptom_illness'],
    terms: [
      'chronic fatigue syndrome',
      'cfs',
      'myalgic encephalomyelitis',
      'myalgic encephalomyelitis chronic fatigue syndrome',
    ],
    codes: ['6354'],
  },
  {
    id: 'fibromyalgia',
    name: 'fibromyalgia',
    parents: ['chronic_multisymptom_illness'],
    terms: ['fibromyalgia', 'fibromyalgia syndrome', 'fibrositis'],
    codes: ['5025'],
  },
  {
    id: 'functional_gastrointestinal_disorder',
    name: 'functional gastrointestinal disorder',
    parents: ['chronic_multisymptom_illness'],
    // The disorders the note to 38 CFR 3.317(a)(2)(i)(B)(3) names.
    terms: [
      'functional gastrointestinal disorder',
      'functional gi disorder',
      'fgid',
      'irritable bowel syndrome',
      'ibs',
      'spastic colon',
      'functional dyspepsia',
      'functional vomiting',
      'functional constipation',
      'functional bloating',
      'functional abdominal pain syndrome',
      'functional abdominal pain',
      'functional dysphagia',
    ],
    codes: ['7319'],
  },

  // Infectious diseases
  { id: 'brucellosis', name: 'brucellosis', terms: ['brucellosis'] },
  {
    id: 'campylobacter_jejuni',
    name: 'Campylobacter jejuni infection',
    terms: ['campylobacter jejuni', 'campylobacter', 'campylobacteriosis'],
  },
  {
    id: 'q_fever',
    name: 'Q fever (Coxiella burnetii)',
    terms: ['coxiella burnetii', 'q fever'],
  },
  { id: 'malaria', name: 'malaria', terms: ['malaria'], codes: ['6304'] },
  {
    id: 'tuberculosis',
    name: 'tuberculosis',
    terms: ['tuberculosis', 'mycobacterium tuberculosis', 'tb'],
  },
  {
    id: 'nontyphoid_salmonella',
    name: 'nontyphoid Salmonella infection',
    terms: ['nontyphoid salmonella', 'nontyphoidal salmonella', 'salmonella', 'salmonellosis'],
  },
  { id: 'shigella', name: 'Shigella infection', terms: ['shigella', 'shigellosis'] },
  { id: 'leishmaniasis', name: 'leishmaniasis', terms: ['leishmaniasis'] },
  {
    id: 'visceral_leishmaniasis',
    name: 'visceral leishmaniasis',
    parents: ['leishmaniasis'],
    terms: ['visceral leishmaniasis', 'kala azar', 'black fever'],
    codes: ['6301'],
  },
  {
    id: 'west_nile_virus',
    name: 'West Nile virus',
    terms: ['west nile virus', 'west nile fever', 'west nile'],
  },
];
