import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, nodeVersionProblem } from './node-version.ts';

describe('nodeVersionProblem', () => {
  it('accepts every Node 24 release', () => {
    expect(SUPPORTED_NODE_MAJOR).toBe(24);
    for (const version of ['v24.0.0', 'v24.21.0', '24.99.1']) {
      expect(nodeVersionProblem(version)).toBeUndefined();
    }
  });

  it('refuses other majors in one line naming the running version and what to do', () => {
    for (const version of ['v20.20.2', 'v22.12.0', 'v25.1.0', 'v2.4.0', 'garbage']) {
      const problem = nodeVersionProblem(version);
      expect(problem).toBe(
        `Muster needs Node 24, but this is Node ${version}: run \`npm install\` (it installs Node 24 into node_modules) and start through npm (\`npm test\`, \`npm start\`), or install Node 24.`,
      );
      expect(problem).not.toContain('\n');
    }
  });

  it('is the Node these tests run on', () => {
    expect(nodeVersionProblem(process.version)).toBeUndefined();
  });
});
