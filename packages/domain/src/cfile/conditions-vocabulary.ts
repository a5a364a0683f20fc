/**
 * The clinical words for the conditions of the catalogue, beyond the catalogue's own labels and
 * terms: the abbreviations and spellings of service treatment records and exams, the ICD-10-CM
 * codes written on problem lists, and the conditions named only with a body site ("DJD of the
 * right knee"). Written here; the catalogue itself stays the source of names and diagnostic codes.
 * Every name below is a catalogue label without its side (or one of PROTECTED_DIAGNOSES); a test
 * checks that each still is one, so a change of VA's wording cannot leave an entry pointing at
 * nothing.
 */

/** Substance-use diagnoses: not in the catalogue (VA does not compensate them on their own), but
 * named on findings so they can be flagged as protected by 38 U.S.C. 7332. */
export const PROTECTED_DIAGNOSES = [
  'alcohol use disorder',
  'opioid use disorder',
  'substance use disorder',
] as const;

/**
 * More names for a condition. A word written in capitals here ("OSA", "HTN") is matched only
 * when written in capitals in the text, so an everyday word ("ed", "dm") is not taken for it.
 */
export const CLINICAL_TERMS: Readonly<Record<string, readonly string[]>> = {
  'PTSD (post-traumatic stress disorder)': [
    'post traumatic stress disorder',
    'chronic PTSD',
    'combat related PTSD',
  ],
  'lower back strain (lumbosacral strain)': [
    'lumbosacral strain',
    'lumbar strain',
    'low back strain',
    'thoracolumbar strain',
    'lumbar spine strain',
    'lumbosacral muscle strain',
    'lumbar muscle strain',
    'LS strain',
  ],
  'lower back sprain (lumbosacral sprain)': ['lumbar sprain', 'lumbosacral sprain'],
  'neck strain (cervical strain)': ['cervical strain', 'cervical muscle strain', 'neck strain'],
  'tinnitus (ringing or hissing in ears)': ['tinnitus', 'ringing in the ears', 'ringing in ears'],
  'hearing loss': [
    'bilateral hearing loss',
    'sensorineural hearing loss',
    'SNHL',
    'noise induced hearing loss',
    'NIHL',
    'high frequency hearing loss',
    'conductive hearing loss',
  ],
  'hypertension (high blood pressure)': ['HTN', 'essential hypertension', 'hypertensive disorder'],
  'diabetes, type 1 or type 2': [
    'DM',
    'DM2',
    'DM 2',
    'DM II',
    'DMII',
    'T2DM',
    'T1DM',
    'DM type 2',
    'DM type II',
    'NIDDM',
    'IDDM',
    'type 2 diabetes',
    'type II diabetes',
    'type 1 diabetes',
    'type 2 diabetes mellitus',
    'diabetes mellitus type 2',
    'diabetes mellitus type II',
    'diabetes mellitus type 1',
  ],
  'sleep apnea': [
    'OSA',
    'OSAS',
    'obstructive sleep apnea',
    'obstructive sleep apnoea',
    'sleep apnoea',
    'central sleep apnea',
  ],
  'persistent depressive disorder (dysthymic disorder)': ['dysthymic disorder', 'dysthymia'],
  // Its specifiers name moods, not other disorders.
  'adjustment disorder': [
    'adjustment disorder with anxiety',
    'adjustment disorder with depressed mood',
    'adjustment disorder with mixed anxiety and depressed mood',
    'adjustment disorder with mixed disturbance of emotions and conduct',
  ],
  'SLAP tear (superior labral anterior to posterior tear)': [
    'SLAP tear',
    'SLAP lesion',
    'superior labral anterior to posterior tear',
  ],
  'GERD (gastroesophageal reflux disease)': ['gastro esophageal reflux disease', 'GORD'],
  'chronic obstructive pulmonary disease (COPD)': ['COPD'],
  'traumatic brain injury (TBI)': ['mTBI', 'mild TBI', 'concussion', 'post concussive syndrome'],
  'irritable bowel syndrome (IBS)': ['IBS'],
  'migraines (headaches)': ['migraine', 'migraine headaches', 'migraine headache'],
  'depression (major depressive disorder)': [
    'MDD',
    'major depressive disorder',
    'major depression',
    'depressive disorder',
  ],
  'generalized anxiety disorder (GAD)': ['GAD', 'generalized anxiety disorder', 'anxiety disorder'],
  'patellofemoral pain syndrome': [
    'patellofemoral pain syndrome',
    'PFPS',
    'patellofemoral syndrome',
  ],
  'plantar fasciitis': ['plantar fasciitis', 'plantar fasciopathy'],
  'flatfoot (pes planus)': ['pes planus', 'flat feet'],
  'carpal tunnel syndrome': ['carpal tunnel syndrome', 'CTS'],
  'shin splints': ['shin splints', 'medial tibial stress syndrome', 'MTSS'],
  'atrial fibrillation (A-fib)': ['afib', 'a fib'],
  'coronary artery disease (CAD or arteriosclerotic heart disease)': [
    'CAD',
    'ischemic heart disease',
  ],
  'obsessive compulsive disorder (OCD)': ['OCD'],
  'enlarged prostate (benign prostatic hyperplasia or BPH)': ['BPH'],
  'erectile dysfunction (ED)': ['erectile dysfunction'],
  'rhinitis, chronic': ['allergic rhinitis', 'chronic rhinitis', 'vasomotor rhinitis'],
  'chronic sinusitis': ['chronic sinusitis', 'chronic rhinosinusitis'],
  'sciatica (sciatic nerve radiculopathy)': ['sciatica'],
  'temporomandibular disorder, including TMJ': ['TMJ', 'TMD', 'temporomandibular joint disorder'],
  'rotator cuff tear': ['rotator cuff tear', 'torn rotator cuff'],
  'shoulder impingement syndrome': ['shoulder impingement', 'shoulder impingement syndrome'],
  'pseudofolliculitis barbae (razor bumps, shave bumps, or ingrown hairs)': ['PFB'],
  'HIV-related illness': [
    'HIV',
    'HIV infection',
    'HIV disease',
    'human immunodeficiency virus',
    'acquired immunodeficiency syndrome',
  ],
  'sickle cell anemia': [
    'sickle cell anemia',
    'sickle cell disease',
    'sickle cell anaemia',
    'HbSS disease',
    'Hb SS disease',
  ],
  'alcohol use disorder': [
    'alcohol use disorder',
    'alcohol abuse',
    'alcohol dependence',
    'alcoholism',
    'etoh abuse',
    'etoh dependence',
    'etoh use disorder',
  ],
  'opioid use disorder': [
    'opioid use disorder',
    'OUD',
    'opioid dependence',
    'opioid abuse',
    'opiate dependence',
    'opiate use disorder',
    'heroin use disorder',
  ],
  'substance use disorder': [
    'substance use disorder',
    'SUD',
    'polysubstance abuse',
    'polysubstance dependence',
    'polysubstance use disorder',
    'drug abuse',
    'drug dependence',
    'substance abuse',
    'substance dependence',
    'cannabis use disorder',
    'cannabis abuse',
    'cocaine use disorder',
    'stimulant use disorder',
    'amphetamine use disorder',
    'methamphetamine use disorder',
    'sedative use disorder',
  ],
};

/**
 * Names that count only in a diagnostic section (assessment, diagnosis, impression, problem
 * list, medical history) or right after "diagnosed with" / "Dx": elsewhere they are usually a
 * symptom the veteran reports, not a diagnosis. The catalogue's "diagnosis unknown" conditions
 * count that way with all their names.
 */
export const SYMPTOM_TERMS: readonly string[] = [
  'anxiety',
  'depression',
  'headache',
  'headaches',
  'dizziness',
  'vertigo',
  'insomnia',
  'sleep disturbance',
  'sleep disturbances',
  'sleep disorder',
  'sleep issues',
  'trouble sleeping',
  'sleep deprivation',
  'acid reflux',
  'blurry vision',
  'double vision',
  'dry eyes',
  'watery eyes',
  'excessive sweating',
  'irregular heartbeat',
  'panic attack',
  'panic attacks',
  'LBP',
  'low back pain',
  'mechanical low back pain',
];

/** Extra symptom names, and the condition they stand for (counted like SYMPTOM_TERMS). */
export const SYMPTOM_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  'lower back pain or stiffness, diagnosis unknown': [
    'LBP',
    'low back pain',
    'mechanical low back pain',
  ],
  'migraines (headaches)': ['tension headaches', 'tension headache', 'chronic headaches'],
};

/**
 * Catalogue terms not matched in clinical text: they mean something else there ("ED" is the
 * emergency department, "MS" morphine sulfate, "PAP" a smear, "PVD" peripheral vascular disease,
 * "AIDS" hearing aids in a capitalised heading), name a symptom of another condition ("snoring"),
 * or point at the wrong condition ("peptic ulcer disease" is not ulcerative colitis, "hip
 * surgery" not always a replacement, "pleural effusion" not pulmonary fibrosis).
 */
export const EXCLUDED_TERMS: ReadonlySet<string> = new Set(
  [
    'ED',
    'MS',
    'PAP',
    'PVD',
    'SSD',
    'HCC',
    'FAI',
    'AIDS',
    'ACL',
    'PCL',
    'snoring',
    'peptic ulcer disease',
    'ulcer condition',
    'hip surgery',
    'pleural effusion',
    'pleural effusion or fibrosis',
    'sciatic',
    'sciatic nerve',
    'sciatica side',
    'sided sciatica',
    'nerve sciatica',
    'sciatica nerve',
    'sciatic nerve leg',
    'sciatic nerve issues',
    'caisson',
    'FNSDl',
    'Cancer - Ear Disease and Other Sense Organs',
  ].map((term) => term.toLowerCase()),
);

/**
 * Phrases that contain a condition's name but are not that condition; the longest phrase wins,
 * so each stops the shorter name inside it ("sickle cell trait" is a carrier state, not the
 * anemia; "pulmonary hypertension" is not high blood pressure; "hearing aids" say nothing of a
 * diagnosis; "HIV test" is a test).
 */
export const BLOCKING_PHRASES: readonly string[] = [
  'sickle cell trait',
  'sickle trait',
  'pulmonary hypertension',
  'ocular hypertension',
  'intracranial hypertension',
  'portal hypertension',
  'gestational diabetes',
  'pre diabetes',
  'borderline diabetes',
  'tobacco use disorder',
  'nicotine dependence',
  'hearing aid',
  'hearing aids',
  'hearing protection',
  'hearing conservation',
  'hearing test',
  'hepatitis b vaccine',
  'hepatitis b vaccination',
  'hepatitis b vaccine series',
  'hiv test',
  'hiv testing',
  'hiv screen',
  'hiv screening',
  'hiv ab',
  'hiv antibody',
  'hiv counseling',
  'hiv risk',
  'hiv status unknown',
  'gad 7',
  'gad7',
  'phq',
  'ptsd checklist',
  'pc ptsd',
  'pc ptsd 5',
  'ptsd screen',
  'ptsd screening',
  'depression screen',
  'depression screening',
  'tbi screen',
  'tbi screening',
  'diabetic diet',
  'diabetic foot exam',
  'diabetic eye exam',
  'dm foot exam',
];

export type Site = 'ankle' | 'elbow' | 'foot' | 'hand' | 'hip' | 'knee' | 'shoulder' | 'wrist';
export type SpineSite = 'back' | 'neck';
export type LimbSite = 'lower' | 'upper';

/**
 * Conditions named by a word and a body site written near it ("DJD right knee", "degenerative
 * disc disease of the lumbar spine", "lumbar radiculopathy"): the word is matched, then the
 * nearest site word in its clause picks the catalogue label. With no site the mention is
 * dropped, unless the family has a `fallback`.
 */
export type SiteFamily = {
  id: string;
  heads: readonly string[];
  joints?: Partial<Record<Site, string>>;
  spine?: Partial<Record<SpineSite, string>>;
  limbs?: Partial<Record<LimbSite, string>>;
  fallback?: string;
};

const jointLabels = (pattern: (site: string) => string, sites: readonly Site[]) =>
  Object.fromEntries(
    sites.map((site) => [site, pattern(site === 'hand' ? 'hand or fingers' : site)]),
  ) as Partial<Record<Site, string>>;

const ALL_JOINTS: readonly Site[] = [
  'ankle',
  'elbow',
  'foot',
  'hand',
  'hip',
  'knee',
  'shoulder',
  'wrist',
];

export const SITE_FAMILIES: readonly SiteFamily[] = [
  {
    id: 'osteoarthritis',
    heads: [
      'osteoarthritis',
      'degenerative arthritis',
      'degenerative joint disease',
      'DJD',
      'OA',
      'arthritis',
      'arthrosis',
    ],
    joints: jointLabels((site) => `degenerative arthritis (osteoarthritis) in ${site}`, ALL_JOINTS),
    spine: { back: 'spinal arthritis, back', neck: 'spinal arthritis, neck' },
  },
  {
    id: 'spondylosis',
    heads: ['spondylosis', 'facet arthropathy', 'facet arthrosis', 'spondyloarthritis'],
    spine: { back: 'spinal arthritis, back', neck: 'spinal arthritis, neck' },
  },
  {
    id: 'disc',
    heads: [
      'degenerative disc disease',
      'degenerative disk disease',
      'DDD',
      'intervertebral disc syndrome',
      'IVDS',
      'herniated disc',
      'herniated disk',
      'disc herniation',
      'disk herniation',
      'herniated nucleus pulposus',
      'HNP',
      'bulging disc',
      'disc bulge',
      'disc protrusion',
      'degenerative disc',
    ],
    spine: {
      back: 'intervertebral disc syndrome (IVDS), back',
      neck: 'intervertebral disc syndrome (IVDS), neck',
    },
  },
  {
    id: 'stenosis',
    heads: ['spinal stenosis', 'canal stenosis', 'foraminal stenosis', 'spinal canal stenosis'],
    spine: {
      back: 'lumbar spinal stenosis (narrowing of spinal canal in lower back)',
      neck: 'cervical spinal stenosis (narrowing of spinal canal in neck)',
    },
  },
  {
    id: 'spondylolisthesis',
    heads: ['spondylolisthesis'],
    spine: { back: 'spondylolisthesis, back', neck: 'spondylolisthesis, neck' },
  },
  {
    id: 'radiculopathy',
    heads: ['radiculopathy', 'radiculitis', 'radicular pain', 'radicular symptoms'],
    limbs: {
      lower: 'radiculopathy, lower extremities',
      upper: 'radiculopathy, upper extremities',
    },
  },
  {
    id: 'diabetic-neuropathy',
    heads: [
      'diabetic peripheral neuropathy',
      'diabetic neuropathy',
      'diabetic polyneuropathy',
      'DPN',
    ],
    limbs: {
      lower: 'diabetic peripheral neuropathy, lower extremities',
      upper: 'diabetic peripheral neuropathy, upper extremities',
    },
    fallback: 'diabetic peripheral neuropathy, lower extremities',
  },
  {
    id: 'tendonitis',
    heads: ['tendonitis', 'tendinitis', 'tendinopathy'],
    joints: jointLabels((site) => `tendonitis (tendinitis) in ${site}`, ALL_JOINTS),
  },
  {
    id: 'bursitis',
    heads: ['bursitis'],
    joints: jointLabels((site) => `bursitis in ${site}`, ALL_JOINTS),
  },
  {
    id: 'post-traumatic-arthritis',
    heads: ['post traumatic arthritis', 'posttraumatic arthritis'],
    joints: jointLabels((site) => `post-traumatic arthritis in ${site}`, ALL_JOINTS),
  },
];

/** Site words, as the tokens they are matched by (lower case, stemmed like the text). */
export const JOINT_WORDS: Readonly<Record<string, Site>> = {
  ankle: 'ankle',
  elbow: 'elbow',
  foot: 'foot',
  feet: 'foot',
  toe: 'foot',
  hand: 'hand',
  finger: 'hand',
  thumb: 'hand',
  hip: 'hip',
  knee: 'knee',
  patellofemoral: 'knee',
  shoulder: 'shoulder',
  wrist: 'wrist',
};

export const SPINE_WORDS: Readonly<Record<string, SpineSite>> = {
  lumbar: 'back',
  lumbosacral: 'back',
  thoracolumbar: 'back',
  thoracic: 'back',
  back: 'back',
  spine: 'back',
  l1: 'back',
  l2: 'back',
  l3: 'back',
  l4: 'back',
  l5: 'back',
  s1: 'back',
  cervical: 'neck',
  neck: 'neck',
  c3: 'neck',
  c4: 'neck',
  c5: 'neck',
  c6: 'neck',
  c7: 'neck',
};

export const LIMB_WORDS: Readonly<Record<string, LimbSite>> = {
  lower: 'lower',
  leg: 'lower',
  le: 'lower',
  lle: 'lower',
  rle: 'lower',
  ble: 'lower',
  lumbar: 'lower',
  lumbosacral: 'lower',
  sciatic: 'lower',
  l4: 'lower',
  l5: 'lower',
  s1: 'lower',
  foot: 'lower',
  upper: 'upper',
  arm: 'upper',
  ue: 'upper',
  lue: 'upper',
  rue: 'upper',
  bue: 'upper',
  cervical: 'upper',
  c5: 'upper',
  c6: 'upper',
  c7: 'upper',
  hand: 'upper',
};

/**
 * ICD-10-CM codes (the public code titles of CMS/CDC's ICD-10-CM tabular list) for the conditions
 * veterans claim most, by code prefix: the longest prefix of a code written in the text names the
 * condition ("F43.10" → "F43.1" → PTSD). A prefix mapped to null is known and names no condition
 * here (D57.3 is sickle-cell trait; F17 nicotine dependence).
 */
export const ICD10_PREFIXES: Readonly<Record<string, string | null>> = {
  // Mental disorders
  'F43.1': 'PTSD (post-traumatic stress disorder)', // post-traumatic stress disorder
  'F43.2': 'adjustment disorder', // adjustment disorders
  F32: 'depression (major depressive disorder)', // major depressive disorder, single episode
  F33: 'depression (major depressive disorder)', // major depressive disorder, recurrent
  'F34.1': 'persistent depressive disorder (dysthymic disorder)', // dysthymic disorder
  'F41.0': 'panic disorder', // panic disorder without agoraphobia
  'F41.1': 'generalized anxiety disorder (GAD)', // generalized anxiety disorder
  'F41.9': 'generalized anxiety disorder (GAD)', // anxiety disorder, unspecified
  'F40.1': 'social anxiety disorder (social phobia)', // social phobias
  'F40.0': 'agoraphobia', // agoraphobia
  F31: 'bipolar disorder', // bipolar disorder
  F42: 'obsessive compulsive disorder (OCD)', // obsessive-compulsive disorder
  F20: 'schizophrenia', // schizophrenia
  F25: 'schizoaffective disorder', // schizoaffective disorders
  'F51.0': 'insomnia', // insomnia not due to a substance or known physiological condition
  F10: 'alcohol use disorder', // alcohol related disorders
  F11: 'opioid use disorder', // opioid related disorders
  F12: 'substance use disorder', // cannabis related disorders
  F13: 'substance use disorder', // sedative, hypnotic, or anxiolytic related disorders
  F14: 'substance use disorder', // cocaine related disorders
  F15: 'substance use disorder', // other stimulant related disorders
  F16: 'substance use disorder', // hallucinogen related disorders
  F18: 'substance use disorder', // inhalant related disorders
  F19: 'substance use disorder', // other psychoactive substance related disorders
  F17: null, // nicotine dependence: not covered
  // Ear
  'H93.1': 'tinnitus (ringing or hissing in ears)', // tinnitus
  H90: 'hearing loss', // conductive and sensorineural hearing loss
  'H91.9': 'hearing loss', // unspecified hearing loss
  'H91.1': 'hearing loss', // presbycusis
  'H83.3': 'hearing loss', // noise effects on inner ear
  'H81.0': "Meniere's disease", // Meniere's disease
  'H81.1': 'vertigo or dizziness', // benign paroxysmal vertigo
  R42: 'vertigo or dizziness', // dizziness and giddiness
  // Nervous system
  G43: 'migraines (headaches)', // migraine
  'G47.3': 'sleep apnea', // sleep apnea
  'G47.0': 'insomnia', // insomnia
  'G56.0': 'carpal tunnel syndrome', // carpal tunnel syndrome
  G35: 'multiple sclerosis (MS)', // multiple sclerosis
  G20: "Parkinson's disease", // Parkinson's disease
  'G12.21': 'ALS (amyotrophic lateral sclerosis)', // amyotrophic lateral sclerosis
  S06: 'traumatic brain injury (TBI)', // intracranial injury (concussion included)
  // Circulatory
  I10: 'hypertension (high blood pressure)', // essential (primary) hypertension
  'I25.1': 'coronary artery disease (CAD or arteriosclerotic heart disease)', // atherosclerotic heart disease
  I48: 'atrial fibrillation (A-fib)', // atrial fibrillation and flutter
  I50: 'congestive heart failure (CHF)', // heart failure
  'I73.0': "Raynaud's disease", // Raynaud's syndrome
  I83: 'varicose veins in leg', // varicose veins of lower extremities
  'I82.4': 'deep vein thrombosis (DVT) in leg', // embolism and thrombosis of deep veins of lower extremity
  // Respiratory
  J45: 'asthma', // asthma
  J44: 'chronic obstructive pulmonary disease (COPD)', // other chronic obstructive pulmonary disease
  J30: 'rhinitis, chronic', // vasomotor and allergic rhinitis
  'J31.0': 'rhinitis, chronic', // chronic rhinitis
  J32: 'chronic sinusitis', // chronic sinusitis
  // Digestive
  K21: 'GERD (gastroesophageal reflux disease)', // gastro-esophageal reflux disease
  K58: 'irritable bowel syndrome (IBS)', // irritable bowel syndrome
  K44: 'hiatal hernia', // diaphragmatic hernia
  K40: 'inguinal hernia (hernia in groin)', // inguinal hernia
  K64: 'hemorrhoids', // hemorrhoids and perianal venous thrombosis
  K50: "Crohn's disease", // Crohn's disease
  K51: 'ulcerative colitis', // ulcerative colitis
  K80: 'gallstones (cholelithiasis)', // cholelithiasis
  // Endocrine
  E10: 'diabetes, type 1 or type 2', // type 1 diabetes mellitus
  E11: 'diabetes, type 1 or type 2', // type 2 diabetes mellitus
  E03: 'hypothyroidism (underactive thyroid)', // other hypothyroidism
  E05: 'hyperthyroidism (overactive thyroid)', // thyrotoxicosis
  // Genitourinary
  N52: 'erectile dysfunction (ED)', // male erectile dysfunction
  N40: 'enlarged prostate (benign prostatic hyperplasia or BPH)', // benign prostatic hyperplasia
  N18: 'chronic kidney disease (CKD)', // chronic kidney disease
  'N20.0': 'kidney stones (nephrolithiasis)', // calculus of kidney
  // Skin
  L40: 'psoriasis', // psoriasis
  L20: 'eczema (atopic dermatitis)', // atopic dermatitis
  L70: 'acne', // acne
  'L73.1': 'pseudofolliculitis barbae (razor bumps, shave bumps, or ingrown hairs)', // pseudofolliculitis barbae
  'B35.1': 'onychomycosis (toenail fungus)', // tinea unguium
  'B35.3': "athlete's foot (tinea pedis)", // tinea pedis
  // Eye
  H40: 'glaucoma', // glaucoma
  // Musculoskeletal
  'M72.2': 'plantar fasciitis', // plantar fascial fibromatosis
  'M54.5': 'lower back pain or stiffness, diagnosis unknown', // low back pain
  'M54.2': 'neck pain or stiffness, diagnosis unknown', // cervicalgia
  'M54.3': 'sciatica (sciatic nerve radiculopathy)', // sciatica
  'M54.4': 'sciatica (sciatic nerve radiculopathy)', // lumbago with sciatica
  'M54.12': 'radiculopathy, upper extremities', // radiculopathy, cervical region
  'M54.13': 'radiculopathy, upper extremities', // radiculopathy, cervicothoracic region
  'M54.15': 'radiculopathy, lower extremities', // radiculopathy, thoracolumbar region
  'M54.16': 'radiculopathy, lower extremities', // radiculopathy, lumbar region
  'M54.17': 'radiculopathy, lower extremities', // radiculopathy, lumbosacral region
  'S39.012': 'lower back strain (lumbosacral strain)', // strain of muscle, fascia and tendon of lower back
  'S33.5': 'lower back sprain (lumbosacral sprain)', // sprain of ligaments of lumbar spine
  'S13.4': 'neck sprain (cervical sprain)', // sprain of ligaments of cervical spine
  'S16.1': 'neck strain (cervical strain)', // strain of muscle, fascia and tendon at neck level
  'M22.2': 'patellofemoral pain syndrome', // patellofemoral disorders
  M17: 'degenerative arthritis (osteoarthritis) in knee', // osteoarthritis of knee
  M16: 'degenerative arthritis (osteoarthritis) in hip', // osteoarthritis of hip
  'M19.01': 'degenerative arthritis (osteoarthritis) in shoulder', // primary osteoarthritis, shoulder
  'M19.02': 'degenerative arthritis (osteoarthritis) in elbow', // primary osteoarthritis, elbow
  'M19.03': 'degenerative arthritis (osteoarthritis) in wrist', // primary osteoarthritis, wrist
  'M19.04': 'degenerative arthritis (osteoarthritis) in hand or fingers', // primary osteoarthritis, hand
  'M47.812': 'spinal arthritis, neck', // spondylosis, cervical region
  'M47.816': 'spinal arthritis, back', // spondylosis, lumbar region
  'M47.817': 'spinal arthritis, back', // spondylosis, lumbosacral region
  M50: 'intervertebral disc syndrome (IVDS), neck', // cervical disc disorders
  M51: 'intervertebral disc syndrome (IVDS), back', // thoracic, thoracolumbar and lumbosacral disc disorders
  'M48.02': 'cervical spinal stenosis (narrowing of spinal canal in neck)', // spinal stenosis, cervical region
  'M48.06': 'lumbar spinal stenosis (narrowing of spinal canal in lower back)', // spinal stenosis, lumbar region
  'M43.12': 'spondylolisthesis, neck', // spondylolisthesis, cervical region
  'M43.16': 'spondylolisthesis, back', // spondylolisthesis, lumbar region
  'M43.17': 'spondylolisthesis, back', // spondylolisthesis, lumbosacral region
  'M79.7': 'fibromyalgia', // fibromyalgia
  'M21.4': 'flatfoot (pes planus)', // flat foot
  'M20.1': 'bunions (hallux valgus)', // hallux valgus (acquired)
  'M75.1': 'rotator cuff tear', // rotator cuff tear or rupture, not specified as traumatic
  'M75.4': 'shoulder impingement syndrome', // impingement syndrome of shoulder
  'M77.0': "golfer's elbow (medial epicondylitis)", // medial epicondylitis
  'M77.1': 'tennis elbow (lateral epicondylitis)', // lateral epicondylitis
  'M25.56': 'knee pain or stiffness, diagnosis unknown', // pain in knee
  'M25.51': 'shoulder pain or stiffness, diagnosis unknown', // pain in shoulder
  'M25.55': 'hip pain or limited motion, diagnosis unknown', // pain in hip
  M32: 'lupus', // systemic lupus erythematosus
  M05: 'rheumatoid arthritis', // rheumatoid arthritis with rheumatoid factor
  M06: 'rheumatoid arthritis', // other rheumatoid arthritis
  // Infections, blood, neoplasms
  B20: 'HIV-related illness', // human immunodeficiency virus disease
  Z21: 'HIV-related illness', // asymptomatic HIV infection status
  'D57.0': 'sickle cell anemia', // Hb-SS disease with crisis
  'D57.1': 'sickle cell anemia', // sickle-cell disease without crisis
  'D57.2': 'sickle cell anemia', // sickle-cell/Hb-C disease
  'D57.3': null, // sickle-cell trait: a carrier state, not the disease
  'D57.4': 'sickle cell anemia', // sickle-cell thalassemia
  'D57.8': 'sickle cell anemia', // other sickle-cell disorders
  D86: 'sarcoidosis', // sarcoidosis
  C61: 'prostate cancer', // malignant neoplasm of prostate
  C34: 'lung cancer', // malignant neoplasm of bronchus and lung
  C67: 'bladder cancer', // malignant neoplasm of bladder
  C43: 'melanoma of the skin', // malignant melanoma of skin
  C81: 'Hodgkin lymphoma', // Hodgkin lymphoma
  C82: 'non-Hodgkin lymphoma', // follicular lymphoma
  C83: 'non-Hodgkin lymphoma', // non-follicular lymphoma
  C84: 'non-Hodgkin lymphoma', // mature T/NK-cell lymphomas
  C85: 'non-Hodgkin lymphoma', // other and unspecified non-Hodgkin lymphoma
  'C90.0': 'multiple myeloma', // multiple myeloma
};
