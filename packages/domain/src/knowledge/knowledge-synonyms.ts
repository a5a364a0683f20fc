/**
 * Everyday words veterans use, and the regulation's words for the same thing, so a question in
 * plain language finds the passage written in VA's language ("ringing in my ears" finds
 * "tinnitus", "burn pits" finds "fine particulate matter", "HLR" finds "higher-level review").
 * Written here; the condition catalogue's own everyday words (condition-synonyms.ts) are used as
 * well, through the names of each diagnostic code.
 *
 * When any phrase of `words` appears in a question (word by word, after the same stemming as the
 * index), the words of `means` are searched too, at a lower weight than the question's own words;
 * "a | b" gives two ways the regulation may word it.
 * List each phrase in its plainest form; plurals and verb endings are matched by the stemming.
 * `sections` name the sections a topic lives in ("hearing loss": §§ 3.385, 4.85, 4.86), so a
 * question on the topic looks there first.
 */
export type KnowledgeSynonym = {
  words: readonly string[];
  means: string;
  /** The sections that govern the topic, lifted in the ranking when the phrase is used. */
  sections?: readonly string[];
};

export const KNOWLEDGE_SYNONYMS: readonly KnowledgeSynonym[] = [
  // Hearing and ears
  {
    words: ['ringing', 'ringing ears', 'ears ring', 'buzzing ears', 'ear noise', 'whistling ears'],
    means: 'tinnitus',
  },
  {
    words: ['hearing loss', 'hard of hearing', 'deaf', 'lost my hearing', 'hearing aid'],
    means: 'hearing impairment',
    sections: ['3.385', '4.85', '4.86'],
  },
  {
    words: ['hearing test', 'hearing exam', 'audiogram', 'hearing examination'],
    means: 'audiologist examination puretone audiometry speech discrimination',
  },
  { words: ['hz', 'hertz'], means: 'hertz puretone threshold' },
  {
    words: ['every frequency', 'all frequencies'],
    means: 'each of the four specified frequencies',
  },
  {
    words: ['people can hear', 'others can hear'],
    means: 'objective tinnitus audible to other people',
  },

  // Knees and legs
  { words: ['bend', 'bends', 'bending'], means: 'flexion' },
  { words: ['straighten', 'straight'], means: 'extension' },
  {
    words: ['gives out', 'gives way', 'unstable', 'instability', 'wobbly'],
    means: 'recurrent subluxation lateral instability',
  },
  { words: ['meniscus', 'torn cartilage', 'knee cartilage'], means: 'cartilage semilunar' },
  {
    words: ['meniscus removed', 'meniscectomy', 'removal of meniscus'],
    means: 'cartilage semilunar removal symptomatic',
  },
  { words: ['locks', 'locking', 'catches'], means: 'locking effusion' },
  { words: ['swells', 'swelling', 'fluid'], means: 'effusion' },
  { words: ['frozen', 'fused', 'stiff joint', 'does not move'], means: 'ankylosis' },
  { words: ['hyperextension', 'bends backward'], means: 'genu recurvatum' },
  { words: ['knee'], means: 'knee leg' },
  {
    words: ['hurts when i move', 'painful motion', 'pain on motion', 'pain when i move'],
    means: 'painful motion minimum compensable rating joint',
    sections: ['4.59'],
  },

  {
    words: ['lift my arm', 'raise my arm', 'above shoulder level', 'above my shoulder'],
    means: 'arm limitation of motion shoulder level',
  },
  {
    words: ['joint pain', 'painful joint', 'pain in a joint', 'pain considered', 'functional loss'],
    means: 'functional loss | painful motion',
    sections: ['4.40', '4.45', '4.59'],
  },

  // Back, neck, spine
  { words: ['back', 'lower back', 'low back', 'lumbar'], means: 'thoracolumbar spine lumbosacral' },
  { words: ['neck'], means: 'cervical spine' },
  { words: ['bend forward', 'bending forward', 'bend over'], means: 'forward flexion' },
  {
    words: ['sciatica', 'nerve pain down my leg', 'pinched nerve'],
    means: 'neurologic abnormalities radiculopathy',
  },
  {
    words: ['bladder problems', 'bowel problems', 'incontinence'],
    means: 'bowel or bladder impairment',
  },
  { words: ['walk abnormally', 'limp', 'walk funny', 'abnormal walk'], means: 'abnormal gait' },
  { words: ['spasm', 'spasms'], means: 'muscle spasm guarding' },
  {
    words: ['slipped disc', 'herniated disc', 'bulging disc', 'disc', 'ivds'],
    means: 'intervertebral disc syndrome',
  },
  {
    words: ['flare up', 'bed rest', 'laid up'],
    means: 'incapacitating episode bed rest prescribed by a physician',
  },
  { words: ['normal range of motion', 'normal motion'], means: 'normal range of motion combined' },

  // Mental health
  { words: ['ptsd', 'post traumatic stress'], means: 'posttraumatic stress disorder' },
  {
    words: ['military sexual trauma', 'mst', 'sexual assault', 'assaulted', 'raped'],
    means: 'personal assault',
    sections: ['3.304'],
  },
  {
    words: ['mental health', 'psychiatric', 'mental condition', 'mental illness'],
    means: 'mental disorders general rating formula',
  },
  { words: ['depression', 'depressed'], means: 'major depressive disorder' },
  { words: ['anxiety'], means: 'generalized anxiety disorder' },
  { words: ['medication', 'meds', 'pills'], means: 'continuous medication' },
  {
    words: ['not affect work', 'do not affect work', 'no effect on work'],
    means: 'interfere with occupational and social functioning',
  },
  { words: ['cant sleep', 'trouble sleeping', 'insomnia'], means: 'chronic sleep impairment' },

  // Headaches and sleep
  { words: ['migraine', 'headache', 'headaches'], means: 'migraine prostrating attacks' },
  { words: ['every month', 'once a month', 'monthly'], means: 'once a month' },
  { words: ['every two months', 'every 2 months'], means: 'one in 2 months' },
  {
    words: ['cpap', 'bipap', 'breathing machine'],
    means: 'continuous airway pressure cpap breathing assistance device',
  },
  {
    words: ['sleepy', 'tired all day', 'drowsy', 'daytime sleepiness'],
    means: 'day-time hypersomnolence',
  },
  { words: ['no symptoms', 'without symptoms'], means: 'asymptomatic' },
  { words: ['sleep apnea', 'apnea'], means: 'sleep apnea syndromes' },

  // VA's word for a rating
  { words: ['rate', 'rated', 'rating', 'ratings'], means: 'evaluation' },

  // Claims, evidence and effective dates
  { words: ['intent to file', 'itf'], means: 'intent to file a claim', sections: ['3.155'] },
  { words: ['526', '526ez', 'file a claim', 'apply'], means: 'claim application' },
  { words: ['c&p exam', 'c and p exam', 'compensation exam', 'va exam'], means: 'examination' },
  {
    words: [
      'back pay',
      'retro pay',
      'effective date',
      'from what date',
      'va pay',
      'start paying',
      'get paid',
      'payments start',
      'compensation start',
      'pay start',
      'payments begin',
      'be paid',
      'paid from',
      'before i filed',
      'earlier date',
    ],
    means: 'effective date date of receipt of the claim entitlement arose',
    sections: ['3.400'],
  },
  {
    words: ['got worse', 'gets worse', 'worsened', 'increase', 'go up', 'higher rating'],
    means: 'increase in disability',
  },
  {
    words: [
      'leaving the military',
      'left the military',
      'got out',
      'discharged',
      'separation',
      'leaving service',
    ],
    means: 'separation from service discharge',
  },
  {
    words: ['list my conditions', 'list conditions', 'name my conditions'],
    means: 'identify the specific benefit medical condition',
  },
  {
    words: ['never file', 'never filed', 'do not file', 'miss the deadline'],
    means: 'not received within 1 year no further action',
  },

  // Decision reviews
  {
    words: ['disagree', 'appeal', 'challenge the decision', 'decision review', 'denied'],
    means: 'review of decisions higher-level review supplemental claim notice of disagreement',
  },
  {
    words: ['hlr', 'higher level review', 'higher-level review', 'senior reviewer'],
    means: 'higher-level review',
    sections: ['3.2601'],
  },
  { words: ['supplemental claim'], means: 'supplemental claim', sections: ['3.2501'] },
  {
    words: ['new evidence', 'more evidence', 'additional evidence'],
    means: 'new and relevant evidence additional evidence',
  },
  {
    words: ['board', 'bva', 'board appeal', 'appeal to the board', 'notice of disagreement'],
    means: 'board of veterans appeals notice of disagreement',
    sections: ['20.202', '20.203', '20.800'],
  },
  { words: ['docket', 'dockets'], means: 'docket', sections: ['20.800', '20.202'] },
  { words: ['switch', 'change my', 'modify'], means: 'modify notice of disagreement docket' },
  {
    words: ['choice', 'choices', 'choose', 'options', 'pick'],
    means: 'review options | elect | select',
  },
  {
    words: ['moved up', 'faster', 'expedite', 'speed up', 'my age', 'old age'],
    means: 'advancement on the docket age',
  },
  {
    words: ['more than a year', 'over a year', 'after a year', 'a year later', 'after the year'],
    means: 'more than one year | expiration of the one-year period',
    sections: ['3.2500'],
  },
  {
    words: ['at the same time', 'both lanes', 'two lanes', 'same time'],
    means: 'concurrent election | pending final adjudication | different available option',
    sections: ['3.2500'],
  },
  {
    words: ['deadline', 'how long do i have', 'time limit', 'how long'],
    means: 'within one year | filing period | time limit | any time',
  },

  // Service connection and evidence
  {
    words: ['before service', 'preexisting', 'pre-existing', 'existed before', 'before i joined'],
    means: 'preservice disability aggravation',
    sections: ['3.306'],
  },
  {
    words: ['benefit of the doubt', 'tie goes to', 'evenly balanced'],
    means: 'reasonable doubt',
    sections: ['3.102'],
  },

  // Presumptions
  { words: ['als', 'lou gehrig'], means: 'amyotrophic lateral sclerosis', sections: ['3.318'] },
  {
    words: ['agent orange', 'herbicide', 'herbicides'],
    means: 'herbicide agent exposure',
    sections: ['3.307', '3.309'],
  },
  { words: ['vietnam'], means: 'republic of vietnam herbicide agent' },
  { words: ['korea', 'korean', 'dmz'], means: 'korean dmz demilitarized zone' },
  { words: ['c-123', 'c123'], means: 'c-123 aircraft' },
  {
    words: ['camp lejeune', 'lejeune', 'contaminated water', 'water contamination'],
    means: 'camp lejeune contaminants water supply',
    sections: ['3.307', '3.309'],
  },
  {
    words: ['gulf war', 'desert storm', 'persian gulf', 'southwest asia'],
    means: 'persian gulf veteran southwest asia theater of operations',
    sections: ['3.317'],
  },
  {
    words: ['lasted', 'lasting', 'how long must', 'last long enough'],
    means: 'chronic | existed for',
  },
  {
    words: ['no doctor can diagnose', 'cant diagnose', 'undiagnosed', 'unexplained'],
    means: 'undiagnosed illness',
  },
  {
    words: ['ibs', 'irritable bowel'],
    means: 'irritable bowel syndrome functional gastrointestinal disorders',
  },
  {
    words: ['chronic fatigue', 'fibromyalgia'],
    means: 'medically unexplained chronic multisymptom illness',
  },
  {
    words: ['burn pit', 'burn pits', 'airborne hazards', 'particulate', 'pact act'],
    means: 'fine particulate matter',
    sections: ['3.320'],
  },
  {
    words: ['bladder cancer', 'ureter cancer', 'urinary bladder', 'genitourinary cancer'],
    means: 'urinary bladder ureter cancer',
    sections: ['3.320a'],
  },
  {
    words: ['leukemia', 'leukemias', 'multiple myeloma', 'myeloma', 'mgus', 'myelofibrosis'],
    means: 'leukemias multiple myelomas',
    sections: ['3.320b'],
  },
  { words: ['post 9/11', 'post-9/11', '9/11', 'september 11'], means: 'september 11 2001' },
  { words: ['rare cancers', 'rare cancer'], means: 'rare cancers carcinoma' },
  { words: ['lung cancer', 'lung cancers'], means: 'respiratory cancers cancer of the lung' },
  {
    words: ['duty stations', 'where i served', 'stationed'],
    means: 'covered veteran service location',
  },

  // Unemployability, SMC, secondary, combined ratings
  {
    words: [
      'tdiu',
      'individual unemployability',
      'unemployability',
      'cant work',
      'unable to work',
      'unemployable',
    ],
    means: 'total disability unemployability substantially gainful occupation',
    sections: ['4.16'],
  },
  { words: ['part time', 'part-time', 'poverty'], means: 'marginal employment poverty threshold' },
  {
    words: ['several disabilities', 'count as one'],
    means: 'one disability common etiology single accident',
  },
  {
    words: ['smc', 'special monthly compensation'],
    means: 'special monthly compensation',
    sections: ['3.350'],
  },
  { words: ['smc k', 'smc-k'], means: 'special monthly compensation 1114(k)' },
  {
    words: ['smc s', 'smc-s', 'housebound'],
    means: 'special monthly compensation 1114(s) housebound',
  },
  { words: ['testicle', 'testicles'], means: 'creative organ testicle' },
  { words: ['deafness', 'deaf in both ears'], means: 'deafness of both ears' },
  {
    words: [
      'secondary',
      'caused by my',
      'because of my',
      'due to my',
      'result of my',
      'from my service-connected',
      'caused by',
    ],
    means: 'proximately due to or the result of a service-connected disease or injury',
    sections: ['3.310'],
  },
  { words: ['made worse', 'made my', 'worse'], means: 'aggravation' },
  {
    words: ['combined rating', 'combined value', 'combine', 'va math', 'add up'],
    means: 'combined ratings table',
    sections: ['4.25'],
  },
  {
    words: ['bilateral factor', 'both legs', 'both arms'],
    means: 'bilateral factor paired extremities',
    sections: ['4.26'],
  },

  // Discharge and records
  {
    words: [
      'other than honorable',
      'oth',
      'bad paper',
      'dishonorable',
      'bad conduct',
      'kind of discharge',
      'type of discharge',
      'character of discharge',
      'discharge status',
      'discharge bar',
      'discharge upgrade',
      'upgrade my discharge',
      'discharged for',
    ],
    means: 'character of discharge conditions other than dishonorable',
    sections: ['3.12'],
  },
  { words: ['statutory bar', 'statutory bars'], means: 'statutory bars to benefits' },
  { words: ['mental illness', 'insane', 'insanity'], means: 'insane insanity exception' },
  { words: ['hiv', 'aids virus'], means: 'human immunodeficiency virus' },
  { words: ['alcohol', 'drinking'], means: 'alcohol abuse alcoholism' },
  { words: ['drug', 'drugs', 'substance abuse', 'addiction'], means: 'drug abuse' },
  { words: ['sickle cell'], means: 'sickle cell anemia' },
  {
    words: [
      'confidential',
      'confidentiality',
      'privacy',
      'protected',
      'extra protection',
      'specially protected',
      '7332',
    ],
    means: 'patient information 7332',
    sections: ['20.1202-20.1299'],
  },

  // Representation
  {
    words: ['vso', 'representative', 'lawyer', 'attorney', 'claims agent'],
    means: 'representation representative',
  },
];

/**
 * Programs the knowledge base does not cover (it holds 38 CFR Parts 3, 4 and 20 on disability
 * compensation): a question about one gets a plain "not here" and a pointer, not a stretched
 * answer from a passage that happens to share a word ("home loan" in the Board's jurisdiction).
 */
export type OtherProgram = { words: readonly string[]; name: string; where: string };

export const OTHER_PROGRAMS: readonly OtherProgram[] = [
  {
    words: ['home loan', 'va loan', 'mortgage', 'loan guaranty', 'refinance'],
    name: 'VA home loans',
    where: 'VA.gov/housing-assistance (the rules are in 38 CFR Part 36)',
  },
  {
    words: [
      'gi bill',
      'education benefits',
      'tuition',
      'housing allowance',
      'vocational rehabilitation',
      'voc rehab',
      'vr&e',
    ],
    name: 'education and training benefits',
    where: 'VA.gov/education or VA.gov/careers-employment (38 CFR Part 21)',
  },
  {
    words: [
      'appointment',
      'prescription',
      'pharmacy',
      'refill',
      'hospital',
      'clinic',
      'copay',
      'health care enrollment',
    ],
    name: 'VA health care',
    where: 'VA.gov/health-care or your VA medical center (38 CFR Part 17)',
  },
  {
    words: ['life insurance', 'sgli', 'vgli'],
    name: 'VA life insurance',
    where: 'VA.gov/life-insurance',
  },
  {
    words: ['burial', 'cemetery', 'headstone', 'grave marker'],
    name: 'burial and memorial benefits',
    where: 'VA.gov/burials-memorials (38 CFR Part 38)',
  },
  {
    words: [
      'direct deposit',
      'bank account',
      'change my address',
      'password',
      'log in',
      'login',
      'id.me',
      'login.gov',
    ],
    name: 'your VA.gov account and payment details',
    where: 'VA.gov (profile), or VA at 1-800-827-1000',
  },
];
