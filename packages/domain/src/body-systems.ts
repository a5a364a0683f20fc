/**
 * The body systems of VA's rating schedule (38 CFR Part 4, Subpart B): each rates its conditions
 * by its own measures (motion for joints, test scores for hearing, symptoms and their effect on
 * work and social life for mental disorders), so what the wizard explains to the veteran depends
 * on the system a condition belongs to.
 */
export const BODY_SYSTEMS = [
  'musculoskeletal',
  'eye',
  'ear',
  'infectious',
  'respiratory',
  'cardiovascular',
  'digestive',
  'genitourinary',
  'gynecological',
  'hemic',
  'skin',
  'endocrine',
  'neurological',
  'mental',
  'dental',
  /** Not known: a free-text condition without a code. */
  'general',
] as const;
export type BodySystem = (typeof BODY_SYSTEMS)[number];

/** Diagnostic code ranges of each system's schedule, lowest first (inclusive). */
const CODE_RANGES: readonly [from: number, to: number, system: BodySystem][] = [
  [5000, 5399, 'musculoskeletal'],
  [6000, 6099, 'eye'],
  [6100, 6299, 'ear'],
  [6300, 6399, 'infectious'],
  [6500, 6899, 'respiratory'],
  [7000, 7199, 'cardiovascular'],
  [7200, 7399, 'digestive'],
  [7500, 7599, 'genitourinary'],
  [7600, 7699, 'gynecological'],
  [7700, 7799, 'hemic'],
  [7800, 7899, 'skin'],
  [7900, 7999, 'endocrine'],
  [8000, 8999, 'neurological'],
  [9200, 9599, 'mental'],
  [9900, 9999, 'dental'],
];

/** VA's contention classifications (as the condition catalogue carries them) by system. */
const CLASSIFICATIONS: Readonly<Record<string, BodySystem>> = {
  '1230': 'respiratory',
  '1250': 'skin',
  '3140': 'ear',
  '8921': 'gynecological',
  '8931': 'dental',
  '8932': 'digestive',
  '8933': 'endocrine',
  '8934': 'eye',
  '8935': 'genitourinary',
  '8937': 'gynecological',
  '8938': 'cardiovascular',
  '8939': 'hemic',
  '8940': 'musculoskeletal',
  '8941': 'musculoskeletal',
  '8942': 'neurological',
  // Cold injury residuals are rated with the arteries and veins.
  '8943': 'cardiovascular',
  '8951': 'gynecological',
  '8955': 'musculoskeletal',
  '8962': 'musculoskeletal',
  '8965': 'respiratory',
  '8967': 'dental',
  '8968': 'digestive',
  '8969': 'ear',
  // Eating disorders are rated on the mental disorders' schedule.
  '8970': 'mental',
  '8971': 'cardiovascular',
  '8973': 'endocrine',
  '8974': 'eye',
  '8975': 'genitourinary',
  '8978': 'gynecological',
  '8979': 'cardiovascular',
  '8981': 'hemic',
  '8986': 'infectious',
  '8987': 'cardiovascular',
  '8989': 'mental',
  '8991': 'musculoskeletal',
  '8992': 'musculoskeletal',
  '8993': 'musculoskeletal',
  '8994': 'musculoskeletal',
  '8995': 'musculoskeletal',
  '8996': 'musculoskeletal',
  '8997': 'musculoskeletal',
  '8998': 'musculoskeletal',
  '8999': 'musculoskeletal',
  '9000': 'musculoskeletal',
  '9002': 'musculoskeletal',
  '9004': 'musculoskeletal',
  '9005': 'musculoskeletal',
  '9006': 'neurological',
  '9007': 'neurological',
  '9012': 'respiratory',
  '9013': 'skin',
  '9014': 'skin',
  '9016': 'skin',
  '9020': 'neurological',
  '249468': 'ear',
  '249481': 'dental',
  '249482': 'musculoskeletal',
};

/**
 * Words that name a mental-health condition in a title the veteran typed. Only this system is
 * guessed from free text: it decides whether the trauma pages are offered, which a veteran with
 * PTSD must not miss because they typed the name instead of picking it.
 */
const MENTAL_HEALTH_WORDS =
  /\b(ptsd|post[- ]?traumatic|depress\w*|anxiety|panic|bipolar|schizo\w*|psychos[ie]s|mental|mst|military sexual trauma|adjustment disorder|ocd|obsessive|insomnia|eating disorder|anorexia|bulimia|mood disorder)\b/i;

export type BodySystemInput = {
  diagnostic_code?: string | null | undefined;
  classification_code?: string | null | undefined;
  title?: string | null | undefined;
};

/** The body system a condition is rated under: by its code, its classification, or its title. */
export function bodySystemOf(condition: BodySystemInput): BodySystem {
  const code = Number(condition.diagnostic_code ?? Number.NaN);
  if (Number.isInteger(code)) {
    const range = CODE_RANGES.find(([from, to]) => code >= from && code <= to);
    if (range) return range[2];
  }
  const byClassification = condition.classification_code
    ? CLASSIFICATIONS[condition.classification_code]
    : undefined;
  if (byClassification) return byClassification;
  if (condition.title && MENTAL_HEALTH_WORDS.test(condition.title)) return 'mental';
  return 'general';
}
