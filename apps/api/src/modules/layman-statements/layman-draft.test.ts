import { describe, expect, it } from 'vitest';
import { draftStatement, laymanPrompts } from './layman-draft.ts';

describe('lay statement drafts', () => {
  const base = {
    writerName: 'Dana Lee',
    relationship: 'his wife since 2005',
    veteranFirstName: 'Chris',
    condition: 'PTSD',
  };

  it('opens with the writer, then each answer in a fixed order, in their own words', () => {
    const draft = draftStatement({
      ...base,
      answers: { life: 'He stopped going to church!', onset: 'It began after 2004' },
    });
    expect(draft.split('\n\n')).toEqual([
      "My name is Dana Lee. I am writing this statement in support of Chris's claim for PTSD. My relationship to Chris: his wife since 2005.",
      'When it began: It began after 2004.',
      'Effect on daily life: He stopped going to church!',
    ]);
  });

  it('asks about onset, what was seen, how often, work and daily life, naming the veteran', () => {
    const prompts = laymanPrompts({ veteranFirstName: 'Chris', condition: 'PTSD' });
    expect(prompts.map((p) => p.key)).toEqual(['onset', 'observed', 'frequency', 'work', 'life']);
    expect(prompts[0]?.question).toContain("Chris's PTSD");
  });
});
