import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockPatternMatcher } from './safe-pattern.ts';
import { VA_SCHEMAS_DIR, validate526Attributes } from './va-526-schema.ts';
import { timed } from '@muster/domain/processor-time';

/** Every `pattern` of VA's 526 schema. */
function patternsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((entry) => patternsOf(entry, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      else patternsOf(value, found);
    }
  }
  return found;
}

const schema: unknown = JSON.parse(readFileSync(`${VA_SCHEMAS_DIR}v2_526.json`, 'utf8'));
const blockPatterns = [...patternsOf(schema)].filter((p) => blockPatternMatcher(p) !== null);

describe('the linear matcher of VA’s block-shaped patterns', () => {
  it('covers the schema’s backtracking patterns', () => {
    // Names, address lines, cities, places and treatment centres.
    expect(blockPatterns.length).toBeGreaterThanOrEqual(6);
  });

  it('accepts exactly what the RegExp accepts (on strings short enough for the RegExp)', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'aZ09 -\'.,#&/()[]"!;:é\u{1F600}'.split('')),
      maxLength: 14,
    });
    for (const pattern of blockPatterns) {
      const native = new RegExp(pattern);
      const linear = blockPatternMatcher(pattern)!;
      fc.assert(
        fc.property(text, (value) => {
          expect(linear.test(value), `${pattern} on ${JSON.stringify(value)}`).toBe(
            native.test(value),
          );
        }),
        { numRuns: 300 },
      );
    }
  });

  it('refuses a long name ending in a refused character at once (no runaway backtracking)', () => {
    // Processor time, not the clock: a busy test machine cannot fail it, backtracking would.
    const { result: issues, cpuSeconds } = timed(() =>
      validate526Attributes({
        disabilities: [
          { name: `${'knee pain after a fall '.repeat(8)}!`, disabilityActionType: 'NEW' },
        ],
      }),
    );
    expect(cpuSeconds).toBeLessThan(1);
    expect(issues).toContainEqual(
      expect.objectContaining({ instancePath: '/disabilities/0/name', keyword: 'pattern' }),
    );
  });
});
