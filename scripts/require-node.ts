/**
 * Imported first by the npm scripts: stops with one line when the running Node is not the
 * supported major, before anything else loads.
 */
import { nodeVersionProblem } from './node-version.ts';

const problem = nodeVersionProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}
