import { describe, expect, it } from 'vitest';
import { getPassage, searchPassages } from '@muster/domain/knowledge/knowledge-base';
import { resolveCitations } from './ai.engine.ts';

describe('[AI][CITATIONS]', () => {
  const tinnitus = searchPassages('tinnitus recurrent 6260').map((r) => r.passage)[0]!;

  it('[AI]: a citation of a retrieved passage stays; one of anything else is removed from the text', () => {
    const text = `Tinnitus is rated 10 percent [${tinnitus.citation}]. See also [38 CFR 3.999] and [a note].`;
    const resolved = resolveCitations(text, [tinnitus]);
    expect(resolved.content).toBe(
      `Tinnitus is rated 10 percent [${tinnitus.citation}]. See also and [a note].`,
    );
    expect(resolved.citations).toEqual([
      { passage_id: tinnitus.id, citation: tinnitus.citation, title: tinnitus.title },
    ]);
  });

  it('[AI]: a real regulation the model was not given is removed too', () => {
    const other = getPassage(searchPassages('intent to file one year')[0]!.passage.id)!;
    const resolved = resolveCitations(`Filing [${other.citation}] matters.`, [tinnitus]);
    expect(resolved.content).toBe('Filing matters.');
    expect(resolved.citations).toEqual([]);
  });
});
