/**
 * Scores the offline assistant against the fixed evaluation set: answers every question of
 * packages/domain/src/knowledge/question-set.json with answerOffline (no records), scores each
 * answer with scoreAnswer, prints a line per failing question (its id, the facts the answer
 * missed, whether it gave an expected citation) and the pass count per topic, then
 * `assistant score: NN.N % (P of N), threshold 90 %`. Exits 1 below the threshold.
 *
 *   node --import tsx scripts/score-assistant.ts
 */
import { answerOffline } from '../packages/domain/src/knowledge/offline-engine.ts';
import {
  loadQuestionSet,
  normalizeText,
  scoreAnswer,
  scoreSet,
} from '../packages/domain/src/knowledge/question-set.ts';

const THRESHOLD = 90;

const set = loadQuestionSet();
// The first answer builds the search index; it is not part of the timing.
answerOffline('warm up');
const started = performance.now();
const results = set.questions.map((question) => {
  const answer = answerOffline(question.question);
  const score = scoreAnswer(question, {
    text: answer.text,
    citations: answer.citations.map((citation) => citation.citation),
  });
  const text = normalizeText(answer.text);
  const missing = question.expectedFacts.filter((fact) => !text.includes(normalizeText(fact)));
  return { question, answer, score, missing };
});
const seconds = (performance.now() - started) / 1000;

for (const { question, answer, score, missing } of results) {
  if (score.pass) continue;
  const given = answer.citations.map((citation) => citation.citation).join('; ') || 'none';
  console.log(
    `FAIL ${question.id} [${question.topic}] facts missing: ${missing.length ? missing.map((f) => `"${f}"`).join(', ') : 'none'}; ` +
      `citation ${score.citationFound ? 'found' : `not found (expected ${question.expectedCitations.join(' or ')}; given ${given})`}`,
  );
}

const topics = new Map<string, { passed: number; total: number }>();
for (const { question, score } of results) {
  const entry = topics.get(question.topic) ?? { passed: 0, total: 0 };
  entry.total += 1;
  if (score.pass) entry.passed += 1;
  topics.set(question.topic, entry);
}
console.log('\nBy topic:');
for (const [topic, { passed, total }] of topics) console.log(`  ${topic}: ${passed} of ${total}`);

const percent = scoreSet(results.map((result) => result.score));
const passed = results.filter((result) => result.score.pass).length;
console.log(
  `\n${results.length} answers in ${(seconds * 1000).toFixed(0)} ms (${(results.length / seconds).toFixed(0)} answers per second)`,
);
console.log(
  `assistant score: ${percent.toFixed(1)} % (${passed} of ${results.length}), threshold ${THRESHOLD} %`,
);
process.exit(percent >= THRESHOLD ? 0 : 1);
