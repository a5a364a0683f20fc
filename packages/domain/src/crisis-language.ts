/**
 * Spots suicidal or crisis language in a chat message, so the app can show the Veterans Crisis
 * Line card before anything else. Missing a veteran in crisis is far worse than showing the card
 * to someone who did not need it, so the detector leans towards showing it. The choices:
 *
 * - First-person ideation always counts: "kill myself", "end my life", "want to die", "better off
 *   dead", "no reason to live", "can't go on", "thinking about ending it", a gun to hand, an
 *   overdose on purpose, self-harm, a method, a goodbye, becoming "one of the 22". Common
 *   misspellings and missing apostrophes ("suicde", "cant", "kil myself", "kms") count too.
 * - A suicide word ("suicide", "suicidal", "self-harm") counts unless it is plainly about something
 *   else: a program or statistic ("suicide prevention coordinator", "suicide rate"), another
 *   person ("my buddy died by suicide in 2009", "he was suicidal"), a clinic note's denial
 *   ("denies suicidal ideation", "no SI/HI" style), or a rating question with no "I", "me" or "my"
 *   in it ("does suicidal ideation count toward 70%?"). Another person's suicide is not a crisis
 *   by itself, but anything the veteran says of their own feelings in the same message still
 *   counts ("...and I feel like I'm next").
 * - The veteran's own past counts: "I attempted suicide in 2012", "I was hospitalized for suicidal
 *   thoughts" show the card even when asked about a claim, and so does "I'm not suicidal, but...".
 * - Asking for the crisis line itself ("suicide hotline", "988") shows the card, which answers it.
 * - Idioms of effort or pain do not count ("my back is killing me", "this form will kill me",
 *   "I'm dying to know my rating"), nor past injuries ("I hurt myself lifting in 2004", "I shot
 *   myself in the foot by accident in training").
 *
 * The reasons are fixed codes, never the veteran's words, so they are safe to log.
 */

export const VETERANS_CRISIS_LINE = {
  phone: '988',
  press: 1,
  text: '838255',
  url: 'https://www.veteranscrisisline.net/',
} as const;

export type CrisisReason =
  | 'suicide'
  | 'kill-myself'
  | 'end-my-life'
  | 'want-to-die'
  | 'better-off-dead'
  | 'no-reason-to-live'
  | 'cannot-go-on'
  | 'firearm'
  | 'overdose'
  | 'self-harm'
  | 'method'
  | 'goodbye'
  | 'after-a-loss'
  | 'asks-for-crisis-line';

export type CrisisCheck = { crisis: boolean; reasons: CrisisReason[] };

type CrisisRule = {
  reason: CrisisReason;
  pattern: RegExp;
  /** The occurrence does not count when this says so (given the clause and the whole message). */
  unless?: (occurrence: Occurrence) => boolean;
};

type Occurrence = {
  /** Up to 80 characters before the match, and after it. */
  before: string;
  after: string;
  /** The clause holding the match, and its part before the match. */
  clause: string;
  clauseBefore: string;
};

const SUICIDE_WORD =
  '(?:suicide|suicides|suicidal|suicidality|sucide|sucidal|suicde|suicdal|suiside|suisidal|suicid|suicidle|suicidel|suecide|suiced|sewer ?slide|unalive)';
const SELF_HARM_WORD = '(?:self ?harm(?:ing)?|self ?injur(?:y|ious|ing)|self ?mutilat\\w*)';
const MYSELF = '(?:my ?self|myself|myslef|mysefl|myslf|mysef|meself|my ?selfe)';
const CANT = '(?:cant|cannot|can not|couldnt|could not)';
const GUN = '(?:gun|pistol|rifle|shotgun|revolver|handgun|weapon|firearm|glock|45|9mm|ar|ar15)';

const SPEAKER = /\b(?:i|im|ive|id|ill|me|myself)\b/;
const FIRST_PERSON = /\b(?:i|im|ive|id|ill|me|my|myself|mine)\b/;
// Another person as the subject just before the word: "my friend was suicidal", "he attempted suicide".
const THIRD_PERSON_BEFORE =
  /\b(?:he|she|they|his|her|their|him|them|buddy|buddies|friend|friends|brother|brothers|sister|son|daughter|father|dad|mother|mom|husband|wife|spouse|uncle|cousin|soldier|soldiers|marine|marines|sailor|airman|veteran|veterans|guy|guys|someone|squadmate|roommate|nephew|niece|grandfather|grandpa|partner|fiance|coworker|neighbor|sergeant|sgt|lieutenant|lt|captain|platoon|unit)\b(?:\s+\w+){0,3}\s*$/;
// The other person's suicide, said outright.
const ABOUT_ANOTHER = new RegExp(
  `(?:\\blost\\s+(?:\\w+\\s+){0,4}(?:to|from)\\s+${SUICIDE_WORD}|\\b(?:buddys|friends|brothers|sisters|sons|daughters|fathers|dads|mothers|moms|husbands|wifes|spouses|uncles|cousins|his|her|their|roommates|partners)\\s+${SUICIDE_WORD}|${SUICIDE_WORD}\\s+of\\s+(?:my|a|his|her|our|their)\\b|(?<!\\b(?:i|almost|nearly)\\s)\\b(?:died|dies|death|deaths|passed|passed away)\\s+(?:by|from|of|to|due to)\\s+${SUICIDE_WORD}|(?<!\\b(?:i|almost|nearly)\\s)\\bcommitted\\s+${SUICIDE_WORD}|\\bkilled\\s+(?:himself|herself|themselves))`,
);
// Words that make a suicide word name a program, a statistic or a record type.
const PROGRAM_AFTER =
  /^\s*(?:prevention(?!\s+(?:hot ?line|line|lifeline|chat))|awareness|rates?|statistics|stats|risk assessment|risk screening|screening|screen|assessment|coordinator|training|research|month|walk|ribbon|survivors?|bereavement|postvention|policy|report|numbers)\b/;
// "denies suicidal ideation", "no SI", "negative for self-harm", as a clinic note writes them.
const CLINICAL_DENIAL =
  /\b(?:denies|denied|denying|negative for|no|nor|without)\s+(?:any\s+)?(?:(?:current|recent|active|passive|prior|past|history of|hx of|h\/o)\s+)*(?:(?:homicidal|hi)\s*(?:or|and|\/)?\s*)?$/;
// Rating and claim words: a question about VA's criteria, not about the asker.
const CLAIM_WORDS =
  /\b(?:rating|rated|ratings|percent|criteria|criterion|diagnostic code|dc|9411|9434|cfr|rating schedule|schedule|c ?p|c and p|nexus|service connect\w*|claim|claims|dbq|va form|form|examiner|exam|evidence|lay statement|buddy statement|m21|70|100|50|30)\b/;
// The veteran's own risk after someone else's suicide.
const OWN_RISK_AFTER_LOSS =
  /\b(?:(?:im|i am|ill be|i will be|i could be|i might be|maybe im|i feel like im)\s+next|(?:do|doing)\s+the\s+same(?:\s+thing)?|join(?:ing)?\s+(?:him|her|them)|follow(?:ing)?\s+(?:him|her|them)|(?:wish|wished)\s+i\s+(?:had|would have|wouldve)\s+(?:gone|died)\s+with)\b/;

/** A suicide or self-harm word that plainly names something else than the veteran's own state. */
function isAboutSomethingElse({ before, after, clause, clauseBefore }: Occurrence): boolean {
  if (PROGRAM_AFTER.test(after)) return true;
  if (CLINICAL_DENIAL.test(before)) return true;
  if (ABOUT_ANOTHER.test(clause)) return true;
  if (!SPEAKER.test(clause) && THIRD_PERSON_BEFORE.test(clauseBefore)) return true;
  return !FIRST_PERSON.test(clause) && CLAIM_WORDS.test(clause);
}

/** A past injury in service or at work: "I hurt myself lifting in 2004", "shot myself by accident". */
const INJURY_WORDS =
  /\b(?:accident\w*|accidentally|crash|wreck|motorcycle|ladder|forklift|parachute|jump|fell|fall|lifting|lifted|training|range|basic|deployment|humvee|on duty|at work|in the foot|in the leg|in the hand|\d{4})\b/;
const isPastInjury = ({ clause }: Occurrence): boolean => INJURY_WORDS.test(clause);

const CRISIS_RULES: readonly CrisisRule[] = [
  { reason: 'suicide', pattern: new RegExp(`\\b${SUICIDE_WORD}\\b`), unless: isAboutSomethingElse },
  {
    reason: 'kill-myself',
    pattern: new RegExp(
      `\\b(?:kill|kil|kll|killing|kiling|kilin|killin)\\s*${MYSELF}\\b|\\bkms\\b`,
    ),
  },
  {
    reason: 'kill-myself',
    pattern: new RegExp(`\\b(?:killed|kiled)\\s*${MYSELF}\\b`),
    unless: isPastInjury,
  },
  {
    reason: 'end-my-life',
    pattern:
      /\b(?:(?:end|ending|ended|take|taking|took)\s+my\s+(?:own\s+)?life|end(?:ing)?\s+it\s+all|end(?:ing)?\s+(?:it|things|everything)(?=\s*(?:$|[.!?,;]|\s+(?:all|now|tonight|today|soon|for good|forever|once and for all)\b))|(?:off|unalive)\s+myself|check(?:ing)?\s+out\s+(?:early|for good|permanently))/,
  },
  {
    reason: 'want-to-die',
    pattern:
      /\b(?<!(?:dont|do not|never)\s)(?:want|wanna|wanted|wish|wishing|ready|hoping|hope|plan|planning)\s+(?:to\s+)?die\b|\bwish\s+i\s+(?:was|were|had|would|could)\s+(?:be\s+)?(?:dead|died|die|never been born|not alive|gone)\b|\bwish\s+i\s+(?:wasnt|werent|was not|were not)\s+(?:alive|here|born|around)\b|\b(?:dont|do not|no longer)\s+want\s+to\s+(?:live|be alive|exist|wake up|be here|keep living|go on)\b|\bwant\s+to\s+be\s+dead\b|\bshould\s*(?:ve|have|of)\s+died\b|\bpray(?:ing)?\s+(?:i|to)\s+(?:dont|not)\s+wake\s+up\b/,
  },
  {
    reason: 'better-off-dead',
    pattern:
      /\bbetter\s+off\s+(?:dead|without\s+me|if\s+i\s+(?:was|were|wasnt|werent)\s+(?:dead|gone|here|around))\b|\b(?:no ?one|nobody)\s+(?:would|will|is going to|gonna)\s+(?:miss\s+me|care\s+if\s+i|notice\s+if\s+i)|\bim\s+(?:just\s+)?a\s+burden\s+(?:to|on)\s+(?:everyone|everybody|my family|them)\b/,
  },
  {
    reason: 'no-reason-to-live',
    pattern:
      /\bno\s+(?:reason|point|purpose)\s+(?:to|in|for)\s+(?:live|living|go on|going on|keep going|keep living|be alive|being alive|stay alive|staying alive|exist|existing|wake up|waking up)\b|\bnothing\s+(?:left\s+)?to\s+live\s+for\b|\b(?:isnt|is not|aint|not)\s+worth\s+living\b|\btired\s+of\s+(?:living|being alive|life)\b|\bdone\s+with\s+(?:life|living|it all)\b|\bwhats\s+the\s+point\s+(?:of|in)\s+(?:living|life|going on)\b|\bno\s+(?:will|desire)\s+to\s+live\b|\blife\s+is\s+(?:pointless|meaningless|not worth it)\b/,
  },
  {
    reason: 'cannot-go-on',
    pattern: new RegExp(
      `\\b${CANT}\\s+(?:(?:go on|keep going|carry on)(?=\\s*(?:$|[.!?,;]|\\s+(?:like this|anymore|any more|any longer|living|with (?:my )?life|much longer|this way)\\b))|(?:take|handle|do|bear|stand)\\s+(?:it|this|this life|life|the pain|any of this)\\s+(?:anymore|any more|any longer)|live\\s+like\\s+this)`,
    ),
  },
  {
    reason: 'firearm',
    pattern: new RegExp(
      `\\b(?:i|ive|im)\\s+(?:(?:have|got|am|just|been|sitting|bought|cleaning|holding|loaded|with|staring at|looking at)\\s+){1,3}(?:a|my|the)\\s+(?:loaded\\s+)?${GUN}\\s+(?:and\\b|in my (?:hand|lap|mouth)|to my head|next to me|right here|ready|loaded)|\\b(?:gun|pistol|barrel|muzzle|${GUN})\\s+(?:in|to|against|into)\\s+my\\s+(?:mouth|head|temple|chin)\\b|\\beat(?:ing)?\\s+(?:my|a)\\s+(?:gun|rifle|pistol|shotgun|bullet)\\b|\\b(?:bullet|round)\\s+(?:in|into|through)\\s+my\\s+(?:head|brain|skull)\\b|\\bblow(?:ing)?\\s+my\\s+(?:brains|head)\\s+out\\b|\\bshoot(?:ing)?\\s+${MYSELF}\\b`,
    ),
  },
  {
    reason: 'firearm',
    pattern: new RegExp(`\\bshot\\s+${MYSELF}\\b`),
    unless: isPastInjury,
  },
  {
    reason: 'overdose',
    pattern:
      /\b(?:overdose|overdosing|od|o d)\s+on\s+purpose\b|\b(?:overdose|overdosing|od)\s+(?:intentionally|deliberately)\b|\b(?:want|wanna|going|gonna|plan|planning|thinking|thought|think|tempted|about)\s+(?:to|about|of)\s+(?:overdose|overdosing|od|ods)\b|\b(?:take|taking|took|swallow|swallowing)\s+(?:all|every one|everything)\s+(?:of\s+)?my\s+(?:pills|meds|medication|medications|prescriptions|sleeping pills)\b|\b(?:swallow|take|down)\s+(?:the\s+)?(?:whole|entire)\s+bottle\b|\b(?:stockpil(?:e|ing|ed)|hoard(?:ing|ed)?|saving\s+up)\s+(?:my\s+)?(?:pills|meds)\b/,
  },
  {
    reason: 'self-harm',
    pattern: new RegExp(`\\b${SELF_HARM_WORD}\\b`),
    unless: isAboutSomethingElse,
  },
  {
    reason: 'self-harm',
    pattern: new RegExp(
      `\\b(?:want|wanna|going|gonna|urge|urges|thinking|thought|think|need|started|been|keep|kept|feel like|im|i am|ive been|tempted)\\s+(?:to\\s+|about\\s+|of\\s+|like\\s+)?(?:hurt|hurting|cut|cutting|harm|harming|burn|burning)\\s+${MYSELF}\\b`,
    ),
  },
  {
    reason: 'method',
    pattern:
      /\bhang(?:ing)?\s+myself\b|\b(?:tie|tied|tying|made|make|bought)\s+a\s+noose\b|\b(?:jump|jumping|leap|leaping)\s+(?:off|from)\s+(?:a|the|this)\s+(?:bridge|building|roof|overpass|cliff|parking garage)\b|\b(?:step|stepping|walk|walking|jump|jumping)\s+in\s+front\s+of\s+(?:a|the)\s+(?:train|bus|truck|car)\b|\b(?:drive|driving|crash|crashing|steer|steering)\s+(?:my\s+(?:car|truck)\s+)?(?:into|off)\s+(?:a\s+tree|traffic|a\s+wall|a\s+bridge|the\s+river|a\s+cliff|oncoming)\b|\bslit(?:ting)?\s+my\s+(?:wrists?|throat)\b|\bcarbon\s+monoxide\b.*\bgarage\b/,
  },
  {
    reason: 'goodbye',
    pattern:
      /\b(?:suicide|goodbye)\s+(?:note|letter)\b|\bthis\s+is\s+(?:my\s+)?(?:goodbye|last message|final message)\b|\b(?:giving|gave|give)\s+away\s+(?:all\s+)?my\s+(?:stuff|things|guns|belongings|dog)\b|\bwont\s+be\s+(?:around|here)\s+(?:much\s+longer|anymore|any more|tomorrow|for long|to see)\b|\bsay(?:ing)?\s+(?:my\s+)?goodbyes?\s+to\s+(?:everyone|my family|you all|yall)\b|\b(?:one of|part of|join|joining|add(?:ing)? to|become|becoming)\s+the\s+22\b/,
  },
  {
    reason: 'asks-for-crisis-line',
    pattern:
      /\b(?:crisis|suicide|suicide prevention)\s+(?:hot ?line|line|lifeline|chat|text line)\b|\b988\b/,
  },
];

/** Lower case, plain quotes, no apostrophes ("can't" → "cant"), one space between words. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02BC'`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9.!?,;\s/-]/g, ' ')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const CLAUSE_BREAK = /[.!?;,\n]|\b(?:and|but|so|because|although|though)\b/g;

/** Where the clause around a match starts and ends: at the nearest breaks either side. */
function clauseAround(text: string, start: number, end: number): { from: number; to: number } {
  let from = 0;
  let to = text.length;
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    const breakEnd = match.index + match[0].length;
    if (breakEnd <= start) from = breakEnd;
    else if (match.index >= end) {
      to = match.index;
      break;
    }
  }
  return { from, to };
}

/** Whether a chat message reads as a crisis, and the fixed reasons why (never the text itself). */
export function detectCrisis(text: string): CrisisCheck {
  const message = normalize(text);
  const reasons = new Set<CrisisReason>();
  for (const rule of CRISIS_RULES) {
    if (reasons.has(rule.reason)) continue;
    const global = new RegExp(rule.pattern.source, 'g');
    for (const match of message.matchAll(global)) {
      const start = match.index;
      const end = start + match[0].length;
      const { from, to } = clauseAround(message, start, end);
      const occurrence: Occurrence = {
        before: message.slice(Math.max(0, start - 80), start),
        after: message.slice(end, end + 80),
        clause: message.slice(from, to),
        clauseBefore: message.slice(from, start),
      };
      if (rule.unless?.(occurrence)) continue;
      reasons.add(rule.reason);
      break;
    }
  }
  // Someone else's suicide, then the veteran's own risk: "my buddy killed himself, I'm next".
  if (ABOUT_ANOTHER.test(message) && OWN_RISK_AFTER_LOSS.test(message)) reasons.add('after-a-loss');
  const ordered = CRISIS_RULES.map((rule) => rule.reason).filter(
    (reason, index, all) => all.indexOf(reason) === index && reasons.has(reason),
  );
  if (reasons.has('after-a-loss')) ordered.push('after-a-loss');
  return { crisis: ordered.length > 0, reasons: ordered };
}
