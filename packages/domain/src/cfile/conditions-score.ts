/**
 * Scores findConditions on generated C-files (conditions-fixtures.ts) and prints precision,
 * recall and speed. A script, run by hand:
 *
 *   node --import tsx packages/domain/src/cfile/conditions-score.ts
 */
import { timed } from '../processor-time.ts';
import { findConditions } from './conditions.ts';
import { generateCfile, scoreFindings, type GeneratedPage } from './conditions-fixtures.ts';

// The domain package compiles without Node's types (it does no I/O): the console a script
// prints with is typed here.
const { console } = globalThis as unknown as { console: { log: (line: string) => void } };

function run(label: string, pages: GeneratedPage[]): void {
  const {
    result: findings,
    seconds,
    cpuSeconds,
  } = timed(() => findConditions(pages, { claimed: [] }));
  const score = scoreFindings(pages, findings);
  const chars = pages.reduce((sum, page) => sum + page.text.length, 0);
  console.log(
    `${label}: ${pages.length} pages, ${Math.round(chars / pages.length)} chars/page — ` +
      `precision ${score.precision.toFixed(4)}, recall ${score.recall.toFixed(4)} ` +
      `(${score.truePositives} found, ${score.falsePositives.length} extra, ${score.falseNegatives.length} missed); ` +
      `${seconds.toFixed(2)} s (${cpuSeconds.toFixed(2)} s CPU), ${Math.round(pages.length / seconds)} pages/s`,
  );
  for (const pair of score.falsePositives.slice(0, 10)) console.log(`  extra:  ${pair}`);
  for (const pair of score.falseNegatives.slice(0, 10)) console.log(`  missed: ${pair}`);
}

// A first small run compiles the phrase trie and warms the JIT, as a long-lived worker would be.
findConditions(generateCfile({ pages: 20, seed: 1 }), { claimed: [] });
run('scored set', generateCfile({ pages: 300, seed: 7 }));
run('2,000-page file', generateCfile({ pages: 2000, seed: 11, chars: 3000 }));
