import type { LaymanAnswers, LaymanPromptKey } from '@muster/contract/layman-statements';

/**
 * What a witness is asked, and the draft made from their answers. A lay statement helps most
 * where the veteran's own account is thin: when the condition began, what others saw of it, how
 * often, and what it costs them at work and at home. The draft is deterministic: the witness's
 * own answers, in the first person and in that order, with no words put in their mouth.
 */

export type LaymanPrompt = { key: LaymanPromptKey; question: string; hint: string };

export function laymanPrompts(options: { veteranFirstName: string; condition: string }) {
  const name = options.veteranFirstName;
  const condition = options.condition;
  const prompts: LaymanPrompt[] = [
    {
      key: 'onset',
      question: `When did you first notice ${name}'s ${condition}, and what was ${name} like before?`,
      hint: 'A month and year, or an event (a deployment, an injury), is enough. Say how you know.',
    },
    {
      key: 'observed',
      question: `What have you seen or heard yourself of ${name}'s ${condition}?`,
      hint: 'Describe specific moments you witnessed, in your own words. Only what you saw or heard.',
    },
    {
      key: 'frequency',
      question: 'How often does it happen, and how long does it last?',
      hint: 'For example: every night, several times a week, flare-ups lasting two days.',
    },
    {
      key: 'work',
      question: `How does it affect ${name}'s work?`,
      hint: 'Missed days, tasks they can no longer do, jobs lost or changed, help they need.',
    },
    {
      key: 'life',
      question: `How does it affect ${name}'s daily life, family and social life?`,
      hint: 'Chores, sleep, driving, time with family and friends, things they stopped doing.',
    },
  ];
  return prompts;
}

const LEADS: Record<LaymanPromptKey, string> = {
  onset: 'When it began',
  observed: 'What I have seen',
  frequency: 'How often',
  work: 'Effect on work',
  life: 'Effect on daily life',
};

/** A sentence ends with a full stop unless it already ends with punctuation. */
function asSentences(text: string): string {
  const trimmed = text.trim().replace(/\s*\n\s*\n\s*/g, '\n\n');
  return /[.!?"')\]]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The draft statement: an opening naming the writer, how they know the veteran and the condition,
 * then each answered question as its own paragraph, in a fixed order.
 */
export function draftStatement(options: {
  answers: LaymanAnswers;
  writerName: string;
  relationship: string;
  veteranFirstName: string;
  condition: string;
}): string {
  const { answers } = options;
  const opening = `My name is ${options.writerName}. I am writing this statement in support of ${options.veteranFirstName}'s claim for ${options.condition}. My relationship to ${options.veteranFirstName}: ${asSentences(options.relationship)}`;
  const paragraphs = (Object.keys(LEADS) as LaymanPromptKey[])
    .map((key) => {
      const answer = answers[key]?.trim();
      return answer ? `${LEADS[key]}: ${asSentences(answer)}` : null;
    })
    .filter((paragraph): paragraph is string => paragraph !== null);
  return [opening, ...paragraphs].join('\n\n');
}
