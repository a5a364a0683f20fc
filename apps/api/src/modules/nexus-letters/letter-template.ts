import {
  OPINION_LINKS,
  STANDARD_OF_PROOF,
  type NegativeCondition,
  type NexusDetails,
  type OpinionBasis,
} from '@muster/contract/nexus-letters';
import { inSentence } from '@muster/domain/format';

/**
 * The letter's text, drafted from its details alone: the same input always gives the same text,
 * and no fact about the veteran is added that was not recorded. It reads as the physician's own letter
 * (first person), so the physician can edit and sign it; paragraphs are separated by a blank
 * line, as the documents expect. The opinion uses VA's standard of proof word for word.
 */

export type LetterTemplateInput = {
  basis: OpinionBasis;
  /** The disability's title, used when no diagnosis is recorded. */
  disabilityTitle: string;
  details: NexusDetails;
  negativeConditions: NegativeCondition[];
  /** The veteran's name when a veteran record exists; null reads "the veteran". */
  veteranName: string | null;
  /** e.g. "November 26, 2026". */
  dateLabel: string;
};

const BLANK = '______________________';
/** Marks what only the physician can say: the draft leaves it to them, in brackets. */
const TO_CONFIRM = '[For the physician to write or confirm:]';

/** The opinion sentence in VA's words, e.g. "… is at least as likely as not (…) caused by …". */
export function opinionSentence(input: LetterTemplateInput): string {
  const condition = conditionOf(input);
  const cause = causeOf(input);
  return `It is my medical opinion that the veteran’s ${condition} is ${STANDARD_OF_PROOF} ${OPINION_LINKS[input.basis]} ${cause}.`;
}

/** The diagnosis (or else the disability's title) as it reads inside a sentence. */
function conditionOf(input: LetterTemplateInput): string {
  return inSentence(input.details.diagnosis?.trim() || input.disabilityTitle);
}

/** The service-connected condition a secondary one rests on, as it reads inside a sentence. */
function primaryOf(input: LetterTemplateInput): string | null {
  const primary = input.details.primary_condition?.trim();
  return primary ? inSentence(primary) : null;
}

/** What the condition is tied to, by basis (the event itself is quoted in the facts). */
function causeOf(input: LetterTemplateInput): string {
  const { details } = input;
  if (input.basis === 'secondary') {
    return `the veteran’s service-connected ${primaryOf(input) ?? 'primary condition'}`;
  }
  return details.in_service_event?.trim()
    ? 'the veteran’s military service, in particular the in-service event described above'
    : 'the veteran’s military service';
}

function stripEnd(text: string): string {
  return text.replace(/[\s.]+$/, '');
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join('; ')}; and ${items.at(-1)}`;
}

function providerIntro(details: NexusDetails): string {
  const { provider } = details;
  const who = [provider.name?.trim(), provider.credentials?.trim()].filter(Boolean).join(', ');
  const parts = [who ? `I am ${who}` : 'I am a licensed health care provider'];
  if (provider.specialty?.trim()) parts.push(`practising in ${inSentence(provider.specialty)}`);
  let intro = `${parts.join(', ')}.`;
  if (provider.license_number?.trim()) {
    intro += ` My license number is ${provider.license_number.trim()}.`;
  }
  return intro;
}

function factsParagraph(input: LetterTemplateInput): string {
  const condition = conditionOf(input);
  const facts = [`The veteran has a current diagnosis of ${condition}.`];
  const event = input.details.in_service_event?.trim();
  if (input.basis === 'secondary') {
    const primary = primaryOf(input);
    facts.push(
      primary
        ? `The veteran is service connected for ${primary}.`
        : 'The veteran is service connected for the primary condition named below.',
    );
    if (event) facts.push(`The records also describe the following: ${sentence(event)}`);
  } else if (input.basis === 'aggravated') {
    facts.push(
      event
        ? `The records describe the following during service: ${sentence(event)}`
        : 'The records describe a worsening of the condition during service.',
    );
  } else {
    facts.push(
      event
        ? `The records describe the following in-service event, injury or exposure: ${sentence(event)}`
        : 'The records describe the condition’s onset during military service.',
    );
  }
  return facts.join(' ');
}

function recordsParagraph(input: LetterTemplateInput): string {
  const records = input.details.records_reviewed.map((record) => stripEnd(record.trim()));
  if (records.length === 0) {
    return 'In preparing this opinion I reviewed the veteran’s service and medical records.';
  }
  return [
    'In preparing this opinion I reviewed the following records:',
    ...records.map((record) => `- ${record}`),
  ].join('\n');
}

function rationaleParagraphs(input: LetterTemplateInput): string[] {
  const condition = conditionOf(input);
  const records = input.details.records_reviewed.map((record) => stripEnd(record.trim()));
  const specialty = input.details.provider.specialty?.trim();
  const first = `My opinion rests on my review of the records listed above, on the history the veteran gave me, and on my training and experience${specialty ? ` in ${inSentence(specialty)}` : ''}.`;
  const hasEvent = Boolean(input.details.in_service_event?.trim());
  let second: string;
  // The medical reasoning is the physician's to give: the draft names what VA looks for and marks
  // it for them to confirm, rewrite or strike, rather than stating it as fact.
  if (input.basis === 'secondary') {
    const primary = primaryOf(input) ?? 'the primary condition';
    second = `${TO_CONFIRM} How the ${primary}, or its treatment, causes or contributes to the ${condition}; that the ${primary} came first; and why no other cause is more likely.`;
  } else if (input.basis === 'aggravated') {
    second = `${TO_CONFIRM} The condition’s severity before ${hasEvent ? 'the in-service event described above' : 'its worsening in service'}, how it lastingly worsened afterwards beyond its natural progression, and what shows it did not return to its earlier baseline.`;
  } else {
    second = `${TO_CONFIRM} How ${hasEvent ? 'the in-service event described above' : 'what happened in service'} caused ${condition}: when the symptoms began and whether they have continued since, why the mechanism fits the diagnosis, and why no later cause is more likely.`;
  }
  if (records.length) {
    second += ` This history is documented in ${listOf(records)}.`;
  }
  return [first, second];
}

function negativeParagraphs(conditions: NegativeCondition[]): string[] {
  if (conditions.length === 0) return [];
  return [
    'I have considered the following facts that could weigh against this opinion:',
    ...conditions.map((condition, index) => {
      const response = condition.response?.trim();
      return `${index + 1}. ${sentence(condition.description)} ${
        response
          ? sentence(response)
          : `${TO_CONFIRM} Why this fact does, or does not, change the opinion.`
      }`;
    }),
  ];
}

function signatureBlock(details: NexusDetails): string {
  const { provider } = details;
  const nameLine = [provider.name?.trim(), provider.credentials?.trim()].filter(Boolean).join(', ');
  const lines = [`${BLANK}${BLANK}`, nameLine || 'Name and credentials: ' + BLANK];
  if (provider.specialty?.trim()) lines.push(provider.specialty.trim());
  lines.push(`License number: ${provider.license_number?.trim() || BLANK}`);
  if (provider.address?.trim()) lines.push(...provider.address.trim().split(/\r?\n/));
  if (provider.phone?.trim()) lines.push(`Phone: ${provider.phone.trim()}`);
  lines.push(`Date: ${BLANK}`);
  return lines.join('\n');
}

/** The whole letter, paragraphs separated by a blank line. */
export function draftLetter(input: LetterTemplateInput): string {
  const veteran = input.veteranName?.trim() || 'the veteran';
  const condition = conditionOf(input);
  const paragraphs = [
    input.dateLabel,
    `RE: Medical opinion for ${veteran}: ${input.disabilityTitle}`,
    'To the Department of Veterans Affairs:',
    `${providerIntro(input.details)} I am writing at the request of my patient, ${veteran}, to give my medical opinion on whether the veteran’s ${condition} is connected to military service.`,
    recordsParagraph(input),
    factsParagraph(input),
    opinionSentence(input),
    ...rationaleParagraphs(input),
    ...negativeParagraphs(input.negativeConditions),
    `In summary, ${opinionSentence(input).replace(/^It is my medical opinion that /, 'it is my medical opinion that ')} I hold this opinion to a reasonable degree of medical certainty, and I am willing to answer any question VA may have about it.`,
    'Sincerely,',
    signatureBlock(input.details),
  ];
  return paragraphs.join('\n\n');
}
