/**
 * Finds text about the health records that federal law (38 U.S.C. 7332) shields more tightly
 * than the rest of a veteran's file: drug or alcohol abuse (its diagnosis and its treatment),
 * HIV infection, and sickle cell anemia. Such text must never reach an outside language model
 * provider, so the chat and the C-file processor run every piece of text through this first and
 * withhold the sentences it flags.
 *
 * A missed sentence is a leak, and a sentence withheld for nothing only costs the model some
 * context. So wherever the text is ambiguous, the detector protects. The choices:
 *
 * - Negation. "Denies alcohol use", "no history of substance abuse", "negative for HIV", "HIV
 *   test: negative" and "screened negative" are not matched: VA itself stopped treating negative
 *   HIV and sickle cell results as protected in 2017. A negation counts only when it plainly
 *   governs the term: a denial word ("denies", "no", "never", "negative for"…), then history words
 *   ("history of", "prior", "known"…), then a list of substances or tests, then the term; or a
 *   result word right after a test ("HIV Ag/Ab: non-reactive"). Anything else in between ("no
 *   change in his alcohol use disorder", "denies cravings, history of alcohol use disorder")
 *   keeps the match. Only diagnoses, use and test results can be negated. A medication, a
 *   program, a clinic or a lab value (CD4, viral load) is protected however it is phrased,
 *   because naming it already says what the patient is treated for.
 * - Whose record. A family member's or friend's alcoholism or HIV is protected too: text cannot
 *   reliably tell whose record a sentence describes.
 * - Naloxone (Narcan) alone is not protected. VA hands out overdose-reversal kits to everyone on
 *   long-term opioids for pain, so it says nothing of abuse. Buprenorphine/naloxone (Suboxone) is
 *   caught by buprenorphine.
 * - Methadone alone is protected, even though it is also prescribed for pain: the text rarely
 *   says which.
 * - Long-term opioid therapy for pain ("opioid use", "on chronic opioids") is not abuse and is not
 *   matched; "opioid use disorder", "opioid dependence" and the like are.
 * - Tobacco, nicotine and caffeine are not covered by the law ("tobacco use disorder" is not
 *   matched); neither are gambling or gaming addictions.
 * - A DUI or DWI by itself is a legal event, not a diagnosis or treatment, and is not matched
 *   (it often matters to a character-of-discharge question). A DUI with treatment, classes,
 *   counseling, an evaluation or a program in the same sentence is protected, as is any alcohol
 *   or drug class, program or counseling ("court-ordered alcohol classes").
 * - Acronyms that mean something else in ordinary writing need their context. "ASAP" (the Army
 *   Substance Abuse Program) counts only as "referred/enrolled/sent to ASAP" or "ASAP counselor,
 *   program, clinic, classes…", never as "as soon as possible". "ADAPT" (Air Force) counts only
 *   in capitals inside a sentence that is not all capitals, or with alcohol/drug/program words.
 *   "AA"/"NA" count only in capitals with meetings, sponsors, chips or attending, never as
 *   batteries, degrees or "N/A". "AIDS" counts only in capitals and not after "hearing", "visual"
 *   and the like. "AUD" counts unless audiology words follow it. "SCD" (often sequential
 *   compression devices or sudden cardiac death) and "VOC" (volatile organic compounds) are not
 *   matched; their spelled-out sickle cell forms are. "PrEP" counts with its own capitals, not as
 *   "bowel prep" or "meal prep". SARRTP, SATP, SARP, SACC, DAPA, SUD and OUD count alone.
 * - "Rehab" counts only with a substance word in the same sentence, or as a stay ("checked into
 *   rehab") not followed by a body part: physical, cardiac and vocational rehabilitation are far
 *   more common in a claim file. "Detox" counts unless it is a juice, digital or sugar detox.
 * - PrEP (and Truvada, Descovy, Apretude) is protected. It is prevention, not treatment, but it
 *   comes with HIV testing every few months, and the same pills treat HIV, so the text cannot
 *   tell the two apart.
 * - Sickle cell trait is not protected when the text says "trait" or "carrier": the law names
 *   sickle cell anemia, and the trait is a carrier state that often matters to a claim (exertional
 *   collapse in training). "Sickle cell" without "trait", sickle cell disease, crises,
 *   vaso-occlusive pain and the disease's own drugs are protected. Hydroxyurea is not matched: it
 *   is mostly prescribed for blood cancers.
 * - "Viral load" counts unless the sentence names another virus (hepatitis, CMV, COVID…).
 * - Bare "alcohol" is not a term (alcohol swabs, hand sanitizer, rubbing alcohol); "alcohol use",
 *   "alcohol abuse", "alcoholism", heavy or binge drinking, withdrawal and the like are.
 *
 * Offsets index the original text. Redaction replaces each sentence holding a match (sentences end
 * at . ! ? or a line break, not after common abbreviations such as "Dr.").
 */

export type ProtectedHealthCategory = 'substance_use' | 'hiv' | 'sickle_cell';

export type ProtectedHealthMatch = {
  category: ProtectedHealthCategory;
  /** The matched text, as written. */
  term: string;
  /** Index of the first character in the original text. */
  start: number;
  /** Index after the last character. */
  end: number;
};

export const PROTECTED_HEALTH_PLACEHOLDER = '[withheld: protected health information]';

/**
 * Diagnostic codes whose very presence tells a protected condition: HIV-related illness (38 CFR
 * 4.88b, DC 6351) and sickle cell anemia (38 CFR 4.117, DC 7714). A record with one of these codes
 * is protected whatever its title says.
 */
export const PROTECTED_DIAGNOSTIC_CODES: ReadonlySet<string> = new Set(['6351', '7714']);

/**
 * Whether a condition record (title, diagnosis, code) is protected. A code may name two codes
 * ("6399-6351": rated by analogy under the second), so every four-digit code in it counts.
 */
export function isProtectedCondition(condition: {
  title: string;
  diagnosis?: string | null;
  diagnosticCode?: string | null;
}): boolean {
  const codes = condition.diagnosticCode?.match(/\d{4}/g) ?? [];
  return (
    codes.some((code) => PROTECTED_DIAGNOSTIC_CODES.has(code)) ||
    isProtectedHealth(`${condition.title}. ${condition.diagnosis ?? ''}`)
  );
}

type Rule = {
  category: ProtectedHealthCategory;
  pattern: RegExp;
  /** Diagnoses, use and test results: a plain negation before or a negative result after voids it. */
  isNegatable?: boolean;
  /** Void when the text of the clause before the match ends like this. */
  notAfter?: RegExp;
  /** Void when the text after the match, to the end of its sentence, starts like this. */
  notBefore?: RegExp;
  /** The matched text must also pass this (for acronyms whose capitals matter). */
  termCheck?: RegExp;
  /** The sentence holding the match must pass this. */
  when?: (sentence: string) => boolean;
};

const SUBSTANCE_CONTEXT =
  /\b(?:alcohol\w*|drink\w*|drank|drunk|booze|drugs?|substance|addict\w*|opioids?|opiates?|heroin|cocaine|crack|meth|methamphetamine|methadone|fentanyl|pills|sober\w*|relaps\w*|etoh|dui|dwi|narcotics?|marijuana|cannabis|suboxone|detox\w*)\b/i;
const OTHER_VIRUS = /\b(?:hep(?:atitis)?|HCV|HBV|CMV|EBV|COVID(?:-19)?|SARS|influenza|flu|HPV)\b/i;
const hasLowercase = (sentence: string): boolean => /[a-z]/.test(sentence);

const RULES: readonly Rule[] = [
  // Drug and alcohol abuse: diagnoses and use.
  {
    category: 'substance_use',
    pattern:
      /\b(?!(?:tobacco|nicotine|caffeine|gambling|gaming|internet)\b)[a-z]+[- ]use[- ]disorders?\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:alcohol|etoh|drug|substance|polysubstance|opioid|opiate|narcotic|cannabis|marijuana|cocaine|heroin|stimulant|amphetamine|methamphetamine|sedative|benzodiazepine|hallucinogen|inhalant|chemical)(?:[- ]related)?[- ](?:abuse|abuser|dependence|dependency|misuse|addiction|disorders?)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:alcohol|etoh|drug|substance|illicit|polysubstance|cannabis|marijuana|thc|cocaine|heroin|methamphetamine|meth)\s+use\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:use|abuse|misuse)\s+of\s+(?:alcohol|illicit\s+drugs|street\s+drugs|drugs|heroin|cocaine|marijuana|cannabis|methamphetamine)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern: /\b(?:alcohol|etoh)[- ](?:related|induced)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern: /\balcoholi(?:sm|cs?)\b/i,
    notBefore: /^\s+(?:beverages?|drinks?|content|products?)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:drinking\s+problem|problem\s+drink(?:ing|er)|binge\s+drink(?:ing|er)|heavy\s+drink(?:ing|er)|(?:drink(?:ing)?|drank)\s+too\s+much|drinking\s+(?:heavily|a\s+lot|every\s+(?:day|night)|daily|all\s+day|to\s+(?:cope|sleep|forget))|drank\s+(?:heavily|a\s+lot|every\s+(?:day|night)|daily)|drink\s+myself\s+to\s+sleep|drinking\s+again|self[- ]medicat(?:e|ed|ing)\s+with\s+(?:alcohol|booze|drugs|weed|pills))\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:(?:got|get|getting|was|were|being|stayed|staying|blackout|falling[- ]down)\s+drunk|drunk\s+driving|intoxicat(?:ed|ion))\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:heroin|cocaine|crack\s+cocaine|smok(?:e|ed|ing)\s+crack|methamphetamine|crystal\s+meth|meth)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern: /\b(?:smok(?:e|es|ed|ing)|us(?:e|es|ed|ing))\s+(?:marijuana|weed|pot|cannabis)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern: /\b(?:IVDU|IVDA|PWID)\b/,
  },
  {
    category: 'substance_use',
    pattern: /\bdrug\s+(?:users?|addicts?|habit)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern: /\baddict(?:ion|ions|ed|s)?\b/i,
    notAfter:
      /\b(?:gambling|gaming|video\s+game|internet|porn|pornography|sex|shopping|social\s+media|phone|work|caffeine|nicotine|tobacco|sugar|food)[\s-]*$/i,
    notBefore:
      /^\s+to\s+(?:gambling|gaming|video\s+games?|the\s+internet|porn|sex|shopping|social\s+media|my\s+phone|work|caffeine|coffee|nicotine|tobacco|cigarettes|sugar|food)\b/i,
    isNegatable: true,
  },
  {
    category: 'substance_use',
    pattern:
      /\bhooked\s+on\s+(?:pills|pain\s*pills|painkillers|opioids|opiates|heroin|meth|alcohol|booze|oxy\w*|percocet|vicodin|cocaine|drugs)\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:(?:alcohol|etoh)\s+withdrawal|delirium\s+tremens|wernicke\w*|korsakoff\w*|CIWA(?:-Ar)?|COWS\s+(?:score|scale|protocol)|clinical\s+opiate\s+withdrawal\s+scale)\b/i,
  },
  { category: 'substance_use', pattern: /\bDTs\b/ },
  {
    category: 'substance_use',
    pattern:
      /\b(?:(?:drug|heroin|opioid|opiate|fentanyl|alcohol|cocaine)\s+(?:overdose|poisoning|intoxication)|overdos(?:e|ed|ing)\s+on\s+(?:heroin|fentanyl|opioids?|opiates?|cocaine|meth|drugs|pills|alcohol|painkillers|pain\s+pills))\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:sober|sobriety|in\s+recovery\s+from\s+(?:alcohol\w*|addiction|drugs|substance\w*|drinking)|relaps(?:e|ed|es|ing)\s+(?:on|into|with|to)\s+(?:alcohol|drinking|drugs|heroin|meth|opioids|opiates|pills|cocaine|crack|using))\b/i,
  },
  // Screens and tests that came back positive, and military drug-test language.
  { category: 'substance_use', pattern: /\bAUDIT-?C\b/i, isNegatable: true },
  {
    category: 'substance_use',
    pattern:
      /\b(?:UDS|UTOX|urine\s+(?:drug|tox(?:icology)?)\s+screen|drug\s+screen|tox(?:icology)?\s+screen)\b[^.;!?\n]{0,40}?(?:\bpositive\b|\+)/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:popped\s+(?:hot|positive)|came\s+(?:up|back)\s+hot|tested\s+hot|positive\s+(?:urinalysis|drug\s+test|UA|piss\s+test|drug\s+screen|UDS)|failed\s+(?:a|my|the|his|her)\s+(?:drug\s+test|urinalysis|UA|piss\s+test|drug\s+screen|UDS)|positive\s+for\s+(?:cocaine|opiates?|THC|cannabinoids|amphetamines?|methamphetamine|benzodiazepines|fentanyl|ethanol|marijuana|heroin))\b/i,
  },
  // Programs, clinics and meetings.
  { category: 'substance_use', pattern: /\b(?:SARRTP|SA-?RRTP|SATP|SARP|SUDCC)\b/i },
  { category: 'substance_use', pattern: /\b(?:SUD|OUD|SACC|DAPA)\b/ },
  {
    category: 'substance_use',
    pattern: /\bAUD\b/,
    notBefore: /^\s*(?:consult|clinic|exam|eval\w*|test\w*|booth|hearing|gram)\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:(?:referred|referral|enrolled|sent|ordered|mandated|command[- ]referred|self[- ]referred|reported)\s+(?:to|in|into|for)\s+(?:the\s+)?ASAP|(?:attended|graduated\s+from|kicked\s+out\s+of|dropped\s+from)\s+(?:the\s+)?ASAP|ASAP\s+(?:program|counsel(?:l)?or|counsel(?:l)?ing|clinic|referral|enrollment|intake|treatment|class(?:es)?|course|rehab|track|office|screening|evaluation|eval))\b/i,
  },
  {
    category: 'substance_use',
    pattern: /\bADAPT\b/,
    when: (sentence) =>
      hasLowercase(sentence) ||
      /\b(?:program|referr\w*|counsel\w*|clinic|command|air\s+force|treatment|class\w*|evaluation|assessment)\b/i.test(
        sentence,
      ) ||
      SUBSTANCE_CONTEXT.test(sentence),
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:(?:AA|NA)\s+(?:meetings?|sponsors?|chips?|groups?|programs?|coins?|steps?)|(?:attend(?:s|ed|ing)?|go(?:es|ing)?\s+to|went\s+to|started|joined|back\s+in|back\s+to)\s+(?:AA|NA))\b/i,
    termCheck: /\b(?:AA|NA)\b/,
  },
  {
    category: 'substance_use',
    pattern: /\b(?:(?:alcoholics|narcotics|cocaine)\s+anonymous|al-?anon|(?:12|twelve)[- ]step)\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:alcohol|drugs?|substance|chemical\s+dependency|addiction|etoh)\s+(?:(?:and|&|\/)\s*(?:alcohol|drugs?)\s+)?(?:treatment|program|counsel(?:l)?ing|counsel(?:l)?ors?|rehab(?:ilitation)?|education|class(?:es)?|course|clinic|evaluation|assessment|detox|recovery|groups?|support\s+groups?|IOP|inpatient|residential)\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:opioid|opiate)\s+(?:treatment|replacement|substitution|agonist)\s+(?:program|therapy|treatment|clinic)\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:DUI|DWI|OWI|OUI)\b[^.;!?\n]{0,80}?\b(?:treatment|program|class(?:es)?|course|counsel(?:l)?(?:ing|or)|rehab\w*|evaluation|eval|assessment|education|school)\b/i,
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:treatment|program|class(?:es)?|course|counsel(?:l)?ing|rehab\w*|evaluation|assessment|education|school)\b[^.;!?\n]{0,40}?\b(?:after|for|from|due\s+to|because\s+of|following)\s+(?:(?:my|a|an|the|his|her|two|2)\s+)?(?:DUI|DWI|OWI|OUI)s?\b/i,
  },
  {
    category: 'substance_use',
    pattern: /\bdetox(?:ification|ed|ing)?\b/i,
    notAfter:
      /\b(?:juice|digital|dopamine|sugar|social\s+media|screen|phone|body|foot|skin|hair|water)[\s-]*$/i,
    notBefore: /^\s*(?:tea|diet|cleanse|drinks?|smoothies?|juices?|bath|water|pads?|foot)\b/i,
  },
  {
    category: 'substance_use',
    pattern: /\brehab(?:ilitation)?\b/i,
    when: (sentence) => SUBSTANCE_CONTEXT.test(sentence),
  },
  {
    category: 'substance_use',
    pattern:
      /\b(?:(?:checked|check|checking|went|go|going|sent|admitted)\s+(?:myself\s+|him\s+|her\s+|me\s+)?(?:in)?to\s+rehab|(?:\d+|thirty|twenty-eight|ninety)[- ]day\s+(?:inpatient\s+)?rehab)\b/i,
    notBefore:
      /^\s+for\s+(?:(?:my|his|her|the|a)\s+)?(?:\w+\s+)?(?:knee|back|shoulder|hip|ankle|leg|arm|neck|spine|injury|surgery|stroke|heart|foot|wrist|hand|tbi|brain)\b/i,
  },
  // Medications for alcohol and opioid use disorders.
  {
    category: 'substance_use',
    pattern:
      /\b(?:naltrexone|vivitrol|revia|buprenorphine|bupe|suboxone|subutex|zubsolv|sublocade|brixadi|bunavail|methadone|disulfiram|antabuse|acamprosate|campral|lofexidine|lucemyra)\b/i,
  },

  // HIV.
  { category: 'hiv', pattern: /\bHIV\b/i, isNegatable: true },
  { category: 'hiv', pattern: /\bhuman\s+immunodeficiency\s+virus\b/i, isNegatable: true },
  {
    category: 'hiv',
    pattern: /\bAIDS\b/,
    notAfter:
      /\b(?:hearing|mobility|walking|visual|vision|learning|study|teaching|memory|sleep|cognitive|communication|dietary|navigation|navigational|training|audio|band|first|prosthetic|assistive|living|orthopedic|speech|low[- ]vision|sensory)[\s-]*$/i,
    isNegatable: true,
  },
  {
    category: 'hiv',
    pattern: /\bacquired\s+immune?\s*deficiency\s+syndrome\b/i,
    isNegatable: true,
  },
  { category: 'hiv', pattern: /\b(?:anti-?retrovirals?|HAART|ARVs?|AZT)\b/i },
  {
    category: 'hiv',
    pattern:
      /\b(?:biktarvy|genvoya|stribild|triumeq|dovato|juluca|odefsey|complera|atripla|symtuza|descovy|truvada|cabenuva|apretude|sunlenca|rukobia|trogarzo|tivicay|isentress|prezista|prezcobix|evotaz|reyataz|edurant|pifeltro|delstrigo|symfi|cimduo|temixys|combivir|trizivir|epzicom|selzentry|fuzeon|sustiva|intelence|viramune|retrovir|kaletra|bictegravir|dolutegravir|raltegravir|elvitegravir|cabotegravir|emtricitabine|tenofovir|abacavir|zidovudine|efavirenz|rilpivirine|doravirine|etravirine|nevirapine|darunavir|atazanavir|lopinavir|lenacapavir|fostemsavir|ibalizumab|maraviroc|enfuvirtide)\b/i,
  },
  { category: 'hiv', pattern: /\bPrEP\b/ },
  { category: 'hiv', pattern: /\bpre-?exposure\s+prophylaxis\b/i },
  {
    category: 'hiv',
    pattern: /\bviral\s+loads?\b/i,
    when: (sentence) => !OTHER_VIRUS.test(sentence),
  },
  {
    category: 'hiv',
    pattern: /\b(?:CD4|seroconver(?:sion|ted|t)|ryan\s+white|PCP\s+prophylaxis)\b/i,
  },

  // Sickle cell anemia.
  {
    category: 'sickle_cell',
    pattern:
      /\bsickle[- ]?cells?(?:\s+(?:anemia|anaemia|disease|crisis|crises|pain|disorder|patient|clinic))?\b/i,
    notBefore: /^[\s-]*(?:trait|carrier)\b/i,
    isNegatable: true,
  },
  { category: 'sickle_cell', pattern: /\b(?:sickledex|sickl(?:ed|ing))\b/i, isNegatable: true },
  {
    category: 'sickle_cell',
    pattern:
      /\b(?:(?:hemoglobin|hgb|hb)\s*(?:SS|SC|S[-/ ]?beta)|sickle[- ]beta|S[- ]beta[- ]thal\w*|drepanocyt\w*|vaso-?occlusive\s+(?:crisis|crises|pain|episodes?|events?)|acute\s+chest\s+syndrome)\b/i,
  },
  {
    category: 'sickle_cell',
    pattern:
      /\b(?:voxelotor|oxbryta|crizanlizumab|adakveo|endari|casgevy|lyfgenia|exagamglogene|lovotibeglogene)\b/i,
  },
];

const COMPILED = RULES.map((rule) => ({
  rule,
  global: new RegExp(rule.pattern.source, `${rule.pattern.flags}g`),
}));

// Negation: a denial word, then history words, then a list of substances or tests, then the term.
const DENIAL =
  'negative|neg|denies|denied|denying|deny|negative\\s+(?:for|on)|neg\\s+for|non-?reactive\\s+for|tested\\s+negative\\s+for|screened\\s+negative\\s+(?:for|on)|free\\s+of|without|never|no|not|nor';
const HISTORY_WORDS =
  'any|history\\s+of|hx\\s+of|h/o|prior|past|previous|known|personal|family|evidence\\s+of|signs?\\s+of|symptoms?\\s+of|significant|recent|current|other|ever|or|and|have|has|had|a|an|the|reported|(?:ever\\s+)?(?:been\\s+)?(?:diagnosed|treated|tested\\s+positive)\\s+(?:with|for)';
const LIST_WORDS =
  'tobacco|nicotine|smoking|cigarettes|vaping|caffeine|marijuana|cannabis|thc|cocaine|heroin|meth|methamphetamine|opioids?|opiates?|alcohol|etoh|drugs?|substances?|illicit|recreational|street|iv|intravenous|injection|prescription|excessive|heavy|regular|daily|binge|use|abuse|misuse|dependence|hiv|hep(?:atitis)?|a|b|c|hcv|hbv|std|stds|sti|stis|syphilis|gonorrhea|chlamydia|tb|tuberculosis|sickle|cell|anemia|disease|trait|aids|infection|exposure|risk|factors?|other|any|or|and|nor|&';
const NEGATED_BEFORE = new RegExp(
  `\\b(?:${DENIAL})(?:[\\s,/()-]+(?:${HISTORY_WORDS})\\b)*(?:[\\s,/()-]+(?:${LIST_WORDS})(?![\\w-]))*[\\s,/():-]*$`,
  'i',
);
// A result right after a test: "HIV: negative", "HIV Ag/Ab 4th gen non-reactive", "alcohol use: none".
const RESULT_WORDS =
  'screen(?:ing|ed)?|tests?|testing|status|results?|antibody|antibodies|ab|ag|ag/ab|antigen|1/2|1|2|4th|gen(?:eration)?|combo|rapid|serology|was|were|is|came|back|returned|reported|as|all|and|or|hep(?:atitis)?|b|c|hcv|hbv|rpr|syphilis|gc|ct|sti|std|panel|assay|elisa|use|history|hx|score|both|today|previously|in|(?:19|20)\\d\\d';
const NEGATED_AFTER = new RegExp(
  `^(?:[\\s,/():=-]+(?:${RESULT_WORDS})(?![\\w-]))*[\\s,/():=-]*(?:negative|neg\\b|non-?reactive|none|denies|denied|never|no(?=\\s*(?:$|[.,;)]))|\\(\\s*-\\s*\\))`,
  'i',
);
// A positive result right after the term overrides any negation before it.
const POSITIVE_AFTER = /^[\s:(=-]*(?:\+|pos(?:itive)?\b|reactive|detected|confirmed)/i;
const CLAUSE_BREAK = /;|\b(?:but|however|although|though|except|whereas)\b/gi;

const ABBREVIATIONS = new Set(
  (
    'dr mr mrs ms st vs etc e.g i.e approx sgt ssg sfc msg lt col capt cpt cpl pvt spc maj gen jr ' +
    'sr u.s a.m p.m no pt'
  ).split(' '),
);

type Span = { start: number; end: number };

/** Swaps curly quotes, odd spaces and dashes for plain ones, one character for one. */
function normalize(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u00A0\u2007\u202F]/g, ' ')
    .replace(/[\u2010-\u2014]/g, '-');
}

/** The sentences of a text, trimmed: ended by . ! ? (not after an abbreviation) or a line break. */
function findSentences(text: string): Span[] {
  const spans: Span[] = [];
  const push = (start: number, end: number): void => {
    let from = start;
    let to = end;
    while (from < to && /\s/.test(text.charAt(from))) from += 1;
    while (to > from && /\s/.test(text.charAt(to - 1))) to -= 1;
    if (to > from) spans.push({ start: from, end: to });
  };
  let start = 0;
  for (const match of text.matchAll(/([.!?]+)(["')\]]*)(?=\s)|\n/g)) {
    if (match[0] !== '\n') {
      const word = /([A-Za-z.]+)$/.exec(text.slice(Math.max(0, match.index - 12), match.index));
      const previous = (word?.[1] ?? '').toLowerCase().replace(/\.$/, '');
      if (match[1] === '.' && (ABBREVIATIONS.has(previous) || previous.length === 1)) continue;
    }
    const end = match[0] === '\n' ? match.index : match.index + match[0].length;
    push(start, end);
    start = match[0] === '\n' ? match.index + 1 : end;
  }
  push(start, text.length);
  return spans;
}

/** The text from the last clause break to the end (of what precedes a match). */
function lastClause(text: string): string {
  let from = 0;
  for (const match of text.matchAll(CLAUSE_BREAK)) from = match.index + match[0].length;
  return text.slice(Math.max(from, text.length - 160));
}

/** The text up to the first clause break (of what follows a match). */
function firstClause(text: string): string {
  const found = new RegExp(CLAUSE_BREAK.source, 'i').exec(text);
  return text.slice(0, Math.min(found?.index ?? text.length, 160));
}

function isNegated(before: string, after: string): boolean {
  if (POSITIVE_AFTER.test(after)) return false;
  return NEGATED_BEFORE.test(lastClause(before)) || NEGATED_AFTER.test(firstClause(after));
}

/**
 * Every protected term in a text, in order, none overlapping another (the longer of two that
 * start together wins).
 */
export function findProtectedHealth(text: string): ProtectedHealthMatch[] {
  const plain = normalize(text);
  const sentences = findSentences(plain);
  // The sentence holding an index, by binary search (a C-file holds many thousands).
  const sentenceAt = (index: number): Span => {
    let low = 0;
    let high = sentences.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const span = sentences[middle];
      if (!span) break;
      if (index < span.start) high = middle - 1;
      else if (index >= span.end) low = middle + 1;
      else return span;
    }
    return { start: index, end: index };
  };

  const found: ProtectedHealthMatch[] = [];
  for (const { rule, global } of COMPILED) {
    for (const match of plain.matchAll(global)) {
      const start = match.index;
      const end = start + match[0].length;
      const sentence = sentenceAt(start);
      const before = plain.slice(sentence.start, start);
      const after = plain.slice(end, Math.max(end, sentence.end));
      if (rule.termCheck && !rule.termCheck.test(match[0])) continue;
      if (rule.when && !rule.when(plain.slice(sentence.start, sentence.end))) continue;
      if (rule.notAfter?.test(before)) continue;
      if (rule.notBefore?.test(after)) continue;
      if (rule.isNegatable && isNegated(before, after)) continue;
      found.push({ category: rule.category, term: text.slice(start, end), start, end });
    }
  }

  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: ProtectedHealthMatch[] = [];
  for (const match of found) {
    const last = kept.at(-1);
    if (!last || match.start >= last.end) kept.push(match);
  }
  return kept;
}

export function isProtectedHealth(text: string): boolean {
  return findProtectedHealth(text).length > 0;
}

/** The text with every sentence that holds a protected term replaced by the placeholder. */
export function redactProtectedHealth(text: string): string {
  const matches = findProtectedHealth(text);
  if (matches.length === 0) return text;
  const withheld = findSentences(normalize(text)).filter((sentence) =>
    matches.some((match) => match.start < sentence.end && match.end > sentence.start),
  );
  let result = '';
  let cursor = 0;
  for (const sentence of withheld) {
    result += text.slice(cursor, sentence.start) + PROTECTED_HEALTH_PLACEHOLDER;
    cursor = sentence.end;
  }
  return result + text.slice(cursor);
}
