/**
 * Scores findMedications on generated C-file pages (fixtures/medication-pages.ts) and prints
 * precision and recall over (page, medication) pairs, dose and date accuracy, and speed. A script,
 * run by hand; it is not imported by anything:
 *
 *   node --import tsx packages/domain/src/cfile/score-medications.ts
 */
import {
  generateMedicationFile,
  generateMedicationPages,
  scoreMedications,
  type GeneratedPage,
} from './fixtures/medication-pages.ts';
import { timed } from '../processor-time.ts';
import { findMedications, type FoundMedication } from './medications.ts';

// The domain package is compiled without Node's types (it does no I/O); this script runs in Node.
const { console } = globalThis as unknown as { console: { log: (line: string) => void } };

const ROUNDS = 3;

function run(label: string, pages: GeneratedPage[], withDoseAndDate: boolean): void {
  // The best of a few rounds: on a shared machine one round also counts other processes' turns.
  let seconds = Infinity;
  let cpuSeconds = Infinity;
  let found: FoundMedication[] = [];
  for (let index = 0; index < ROUNDS; index += 1) {
    const round = timed(() => findMedications(pages));
    found = round.result;
    seconds = Math.min(seconds, round.seconds);
    cpuSeconds = Math.min(cpuSeconds, round.cpuSeconds);
  }
  const score = scoreMedications(pages, { withDoseAndDate });
  const chars = pages.reduce((sum, page) => sum + page.text.length, 0);
  const accuracy = withDoseAndDate
    ? `, dose ${score.doseAccuracy.toFixed(4)}, date ${score.dateAccuracy.toFixed(4)}`
    : '';
  console.log(
    `${label}: ${pages.length} pages, ${Math.round(chars / pages.length)} chars/page, ` +
      `${found.length} medications — precision ${score.precision.toFixed(4)}, ` +
      `recall ${score.recall.toFixed(4)}${accuracy}; ${seconds.toFixed(3)} s ` +
      `(${cpuSeconds.toFixed(3)} s CPU, best of ${ROUNDS}), ${Math.round(pages.length / seconds)} pages/s`,
  );
  for (const pair of score.falsePositives.slice(0, 10)) console.log(`  extra:  ${pair}`);
  for (const pair of score.falseNegatives.slice(0, 10)) console.log(`  missed: ${pair}`);
}

// A small first run builds the lexicon's prefix tree and warms the JIT, as a long-lived worker
// would be.
findMedications(generateMedicationPages(20, 1));
run('scored set', generateMedicationPages(240), true);
run('2,000-page file', generateMedicationFile(2000), false);
