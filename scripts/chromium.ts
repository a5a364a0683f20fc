/**
 * The browser suite drives Debian's Chromium (Playwright never downloads a browser here). When it
 * is missing, `npm test` installs it itself if it can (running as root on a system with apt-get),
 * and otherwise fails with the one command to run. `.ci/run` calls this file too, so CI and
 * `npm test` install the browser the same way.
 *
 * Run directly (`node --import tsx scripts/chromium.ts`) it ensures the browser and exits 0 or 1.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian's package puts the browser; the e2e config reads the same default. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** What the decision looks at, injected so tests never install anything. */
export type ChromiumProbes = {
  /** The browser the suite will launch (CHROMIUM_PATH, else Debian's). */
  chromiumPath: string;
  exists: (file: string) => boolean;
  isRoot: () => boolean;
  hasAptGet: () => boolean;
};

/** apt-get invocations that install Debian's Chromium without questions. */
export const APT_INSTALL_COMMANDS: readonly (readonly string[])[] = [
  ['apt-get', 'update', '-qq'],
  ['apt-get', 'install', '-y', '-qq', 'chromium'],
];

export type ChromiumPlan =
  | { action: 'use' }
  | { action: 'install'; commands: readonly (readonly string[])[] }
  | { action: 'fail'; message: string };

/** The one line to print when the browser is missing and cannot be installed from here. */
export function missingChromiumMessage(chromiumPath: string): string {
  if (chromiumPath !== DEBIAN_CHROMIUM) {
    return `Chromium not found at CHROMIUM_PATH=${chromiumPath}: point CHROMIUM_PATH at a Chromium binary, or unset it and run \`sudo apt-get install -y chromium\`.`;
  }
  return `Chromium not found at ${DEBIAN_CHROMIUM}: run \`sudo apt-get install -y chromium\`, then \`npm test\` again.`;
}

/**
 * Present: use it. Missing at Debian's path, as root with apt-get: install it. Otherwise (not
 * root, no apt-get, or a CHROMIUM_PATH that apt-get would not fill): fail with the command to run.
 */
export function planChromium(probes: ChromiumProbes): ChromiumPlan {
  if (probes.exists(probes.chromiumPath)) return { action: 'use' };
  if (probes.chromiumPath === DEBIAN_CHROMIUM && probes.isRoot() && probes.hasAptGet()) {
    return { action: 'install', commands: APT_INSTALL_COMMANDS };
  }
  return { action: 'fail', message: missingChromiumMessage(probes.chromiumPath) };
}

/** Runs one command with the output shown; answers whether it succeeded. */
export type CommandRunner = (command: readonly string[]) => boolean;

export type ChromiumResult = { ok: true; installed: boolean } | { ok: false; message: string };

/** Follows the plan: installs when it should, then checks that the browser is really there. */
export function ensureChromium(
  probes: ChromiumProbes,
  runCommand: CommandRunner,
  log: (line: string) => void = () => {},
): ChromiumResult {
  const plan = planChromium(probes);
  if (plan.action === 'use') return { ok: true, installed: false };
  if (plan.action === 'fail') return { ok: false, message: plan.message };
  log(`Chromium not found at ${probes.chromiumPath}: installing it with apt-get…`);
  for (const command of plan.commands) {
    if (!runCommand(command)) {
      return {
        ok: false,
        message: `\`${command.join(' ')}\` failed: install Chromium with \`apt-get install -y chromium\`, then run \`npm test\` again.`,
      };
    }
  }
  if (!probes.exists(probes.chromiumPath)) {
    return {
      ok: false,
      message: `apt-get installed chromium but ${probes.chromiumPath} is still missing: install it with \`apt-get install -y chromium\`.`,
    };
  }
  return { ok: true, installed: true };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The real probes: this process's user, the PATH, the file system. */
export function systemProbes(env: NodeJS.ProcessEnv = process.env): ChromiumProbes {
  return {
    chromiumPath: env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM,
    exists: (file) => existsSync(file) && isExecutable(file),
    isRoot: () => process.getuid?.() === 0,
    hasAptGet: () =>
      (env.PATH ?? '')
        .split(path.delimiter)
        .some((dir) => dir !== '' && isExecutable(path.join(dir, 'apt-get'))),
  };
}

/** Runs a command with its output on this terminal, never asking questions. */
export const runSystemCommand: CommandRunner = ([command, ...args]) => {
  if (!command) return false;
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = ensureChromium(systemProbes(), runSystemCommand, (line) => console.log(line));
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
  console.log(`Chromium: ${systemProbes().chromiumPath}`);
}
