import { describe, expect, it } from 'vitest';
import { GUIDES } from './guides.ts';
import {
  PASSAGES,
  analyzeQuery,
  citationKey,
  getPassage,
  resolveCitation,
  searchPassages,
  stemWord,
  statutesNamed,
} from './knowledge-base.ts';
import { loadQuestionSet, normalizeCitation } from './question-set.ts';

function ids(query: string, limit = 5): string[] {
  return searchPassages(query, { limit }).map((result) => result.passage.id);
}

describe('[DOMAIN][KNOWLEDGE BASE]: passages and citations', () => {
  it('[DOMAIN]: getPassage opens a passage by id, and nothing for an unknown id', () => {
    expect(getPassage('4.87-dc6260')?.citation).toBe('38 CFR 4.87, DC 6260');
    expect(getPassage('guide-intent-to-file')?.citation).toBe('Muster guide: Intent to File');
    expect(getPassage('no-such-passage')).toBeUndefined();
  });

  it('[DOMAIN]: resolveCitation reads a citation however it is written', () => {
    expect(resolveCitation('38 CFR 4.87, DC 6260')?.id).toBe('4.87-dc6260');
    expect(resolveCitation('38 C.F.R. § 4.87, dc 6260')?.id).toBe('4.87-dc6260');
    expect(resolveCitation('38 cfr 3.400')?.section).toBe('3.400');
    // A paragraph, and the nearest paragraph held when a deeper one is cited.
    expect(resolveCitation('38 CFR 3.155(b)(1)')?.id).toBe('3.155-b-1');
    expect(resolveCitation('38 CFR § 3.155(b)(1)(i)')?.id).toBe('3.155-b-1');
    expect(resolveCitation('Muster guide: Intent to File')?.id).toBe('guide-intent-to-file');
  });

  it('[DOMAIN]: the statute a Part 20 cross reference names resolves to that passage', () => {
    const passage = resolveCitation('38 U.S.C. 7332');
    expect(passage?.id).toBe('20.1202-20.1299-cross-reference');
    expect(passage && statutesNamed(passage)).toEqual(['38 U.S.C. 7332']);
    expect(resolveCitation('38 USC 7332')?.id).toBe('20.1202-20.1299-cross-reference');
  });

  it('[DOMAIN]: a citation with nothing behind it resolves to nothing (a model invented it)', () => {
    expect(resolveCitation('38 CFR 4.87, DC 6299')).toBeUndefined();
    expect(resolveCitation('38 CFR 9.999')).toBeUndefined();
    expect(resolveCitation('38 U.S.C. 1110')).toBeUndefined();
    expect(resolveCitation('')).toBeUndefined();
  });

  it('[DOMAIN]: every citation of the question set resolves to a passage', () => {
    for (const citation of loadQuestionSet().questions.flatMap((q) => q.expectedCitations)) {
      const passage = resolveCitation(citation);
      expect(passage, citation).toBeDefined();
      if (citation.startsWith('38 CFR'))
        expect(normalizeCitation(passage?.citation ?? ''), citation).toBe(
          normalizeCitation(citation),
        );
    }
  });

  it('[DOMAIN]: citationKey agrees with the scorer on what counts as the same citation', () => {
    for (const citation of ['38 CFR 4.87, DC 6260', '38 CFR 3.2500', '38 CFR 20.202'])
      expect(citationKey(citation.toUpperCase().replace('CFR', 'C F R'))).not.toBe('');
    expect(citationKey('38 CFR § 4.71a, DC 5260')).toBe(citationKey('38 cfr 4.71a,dc 5260'));
  });
});

describe('[DOMAIN][KNOWLEDGE BASE]: guides', () => {
  it('[DOMAIN]: every guide rests on regulation passages that exist', () => {
    for (const guide of GUIDES) {
      expect(guide.sources.length, guide.id).toBeGreaterThan(0);
      for (const source of guide.sources) {
        const passage = resolveCitation(source);
        expect(passage, `${guide.id}: ${source}`).toBeDefined();
        expect(passage?.section, `${guide.id}: ${source}`).not.toBe('guide');
      }
    }
  });

  it('[DOMAIN]: guides are written in our own words (no run of eight words from the text)', () => {
    const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    const regulation = PASSAGES.filter((p) => p.section !== 'guide')
      .map((p) => ` ${words(p.text).join(' ')} `)
      .join('\n');
    for (const guide of GUIDES) {
      const own = words(guide.text);
      for (let i = 0; i + 8 <= own.length; i++) {
        const run = ` ${own.slice(i, i + 8).join(' ')} `;
        expect(regulation.includes(run), `${guide.id}: "${run.trim()}"`).toBe(false);
      }
    }
  });
});

describe('[DOMAIN][KNOWLEDGE BASE]: search', () => {
  it('[DOMAIN]: finds a code by its name and by everyday words for it', () => {
    expect(ids('tinnitus', 1)).toEqual(['4.87-dc6260']);
    expect(ids('ringing in my ears', 3)).toContain('4.87-dc6260');
    expect(ids('sleep apnea CPAP', 1)).toEqual(['4.97-dc6847']);
    expect(ids('migraine prostrating attacks', 1)).toEqual(['4.124a-dc8100']);
  });

  it('[DOMAIN]: finds a code by its number, and a section by its number', () => {
    expect(ids('DC 5260', 1)).toEqual(['4.71a-dc5260']);
    expect(ids('what does 38 CFR 3.2501 say', 3).every((id) => id.startsWith('3.2501'))).toBe(true);
  });

  it('[DOMAIN]: translates everyday words into the regulation’s (burn pits, intent to file)', () => {
    expect(ids('burn pit asthma', 3).some((id) => id.startsWith('3.320-'))).toBe(true);
    expect(ids('HLR deadline', 3).some((id) => id.startsWith('3.2601-'))).toBe(true);
    expect(ids('intent to file', 5)).toContain('3.155-b');
  });

  it('[DOMAIN]: ranks best first, respects the limit, and finds nothing in nothing', () => {
    const results = searchPassages('knee instability', { limit: 4 });
    expect(results).toHaveLength(4);
    expect(results[0]?.passage.id).toBe('4.71a-dc5257');
    for (let i = 1; i < results.length; i++)
      expect(results[i - 1]?.score ?? 0).toBeGreaterThanOrEqual(results[i]?.score ?? 0);
    expect(searchPassages('')).toEqual([]);
    expect(searchPassages('the and of')).toEqual([]);
  });

  it('[DOMAIN]: stems the same way for passages and questions', () => {
    expect(stemWord('ratings')).toBe(stemWord('rating'));
    expect(stemWord('rated')).toBe(stemWord('rate'));
    expect(stemWord('limitation')).toBe(stemWord('limited'));
    expect(stemWord('migraines')).toBe(stemWord('migraine'));
    expect(stemWord('6260')).toBe('6260');
  });

  it('[DOMAIN]: recognises codes, sections and named conditions in a question', () => {
    const analysis = analyzeQuery('Is DC 5260 in 38 CFR 4.71a, and how is my PTSD rated?');
    expect(analysis.codes).toEqual(['5260']);
    expect(analysis.sections).toEqual(['4.71a']);
    expect(analysis.conditionCodes).toContain('9411');
    expect(analysis.isAboutRating).toBe(true);
    // 7332 after "U.S.C." is the statute, not the code of § 4.114.
    expect(analyzeQuery('What does 38 U.S.C. 7332 protect?').codes).toEqual([]);
  });
});
