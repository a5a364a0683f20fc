import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APT_INSTALL_COMMANDS,
  DEBIAN_CHROMIUM,
  ensureChromium,
  planChromium,
  systemProbes,
  type ChromiumProbes,
} from './chromium.ts';

/** A machine described by facts, with a file system that apt-get can fill. */
function machine(facts: {
  present?: boolean;
  root?: boolean;
  apt?: boolean;
  chromiumPath?: string;
  installWorks?: boolean;
  installPutsBrowser?: boolean;
}) {
  const files = new Set(facts.present ? [facts.chromiumPath ?? DEBIAN_CHROMIUM] : []);
  const ran: string[] = [];
  const probes: ChromiumProbes = {
    chromiumPath: facts.chromiumPath ?? DEBIAN_CHROMIUM,
    exists: (file) => files.has(file),
    isRoot: () => facts.root ?? false,
    hasAptGet: () => facts.apt ?? false,
  };
  const runCommand = (command: readonly string[]) => {
    ran.push(command.join(' '));
    if (facts.installWorks === false) return false;
    if (command.includes('install') && facts.installPutsBrowser !== false) {
      files.add(DEBIAN_CHROMIUM);
    }
    return true;
  };
  return { probes, runCommand, ran };
}

describe('planChromium', () => {
  it('uses a browser that is already there, whoever runs the tests', () => {
    for (const root of [true, false]) {
      for (const apt of [true, false]) {
        expect(planChromium(machine({ present: true, root, apt }).probes)).toEqual({
          action: 'use',
        });
      }
    }
  });

  it('installs with apt-get when missing, as root, with apt-get on the PATH', () => {
    expect(planChromium(machine({ root: true, apt: true }).probes)).toEqual({
      action: 'install',
      commands: APT_INSTALL_COMMANDS,
    });
    expect(APT_INSTALL_COMMANDS.at(-1)).toEqual(['apt-get', 'install', '-y', '-qq', 'chromium']);
  });

  it('names the command to run when not root', () => {
    const plan = planChromium(machine({ root: false, apt: true }).probes);
    expect(plan).toEqual({
      action: 'fail',
      message:
        'Chromium not found at /usr/bin/chromium: run `sudo apt-get install -y chromium`, then `npm test` again.',
    });
  });

  it('names the command to run when there is no apt-get', () => {
    const plan = planChromium(machine({ root: true, apt: false }).probes);
    expect(plan.action).toBe('fail');
    expect(plan.action === 'fail' && plan.message).toContain('apt-get install -y chromium');
  });

  it('never installs for a CHROMIUM_PATH that apt-get would not fill', () => {
    const plan = planChromium(
      machine({ root: true, apt: true, chromiumPath: '/opt/chrome/chrome' }).probes,
    );
    expect(plan.action).toBe('fail');
    expect(plan.action === 'fail' && plan.message).toMatch(
      /^Chromium not found at CHROMIUM_PATH=\/opt\/chrome\/chrome: /,
    );
  });
});

describe('ensureChromium', () => {
  it('runs nothing when the browser is there', () => {
    const { probes, runCommand, ran } = machine({ present: true, root: true, apt: true });
    expect(ensureChromium(probes, runCommand)).toEqual({ ok: true, installed: false });
    expect(ran).toEqual([]);
  });

  it('installs (update, then install) and checks the browser arrived', () => {
    const { probes, runCommand, ran } = machine({ root: true, apt: true });
    const lines: string[] = [];
    expect(ensureChromium(probes, runCommand, (line) => lines.push(line))).toEqual({
      ok: true,
      installed: true,
    });
    expect(ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(lines).toEqual(['Chromium not found at /usr/bin/chromium: installing it with apt-get…']);
  });

  it('fails with the command when apt-get fails, and stops at the first failure', () => {
    const { probes, runCommand, ran } = machine({ root: true, apt: true, installWorks: false });
    const result = ensureChromium(probes, runCommand);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(
      '`apt-get update -qq` failed: install Chromium with `apt-get install -y chromium`, then run `npm test` again.',
    );
    expect(ran).toEqual(['apt-get update -qq']);
  });

  it('fails when apt-get succeeded but the browser is still missing', () => {
    const { probes, runCommand } = machine({ root: true, apt: true, installPutsBrowser: false });
    const result = ensureChromium(probes, runCommand);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('/usr/bin/chromium is still missing');
  });

  it('runs nothing and fails with the command when it cannot install', () => {
    const { probes, runCommand, ran } = machine({ root: false, apt: false });
    const result = ensureChromium(probes, runCommand);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('sudo apt-get install -y chromium');
    expect(ran).toEqual([]);
  });
});

describe('systemProbes', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  function folderWith(name: string, mode: number): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'muster-chromium-probe-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, name), '#!/bin/sh\n');
    chmodSync(path.join(dir, name), mode);
    return dir;
  }

  it('finds apt-get only as an executable on the PATH', () => {
    const withApt = folderWith('apt-get', 0o755);
    const withPlainFile = folderWith('apt-get', 0o644);
    expect(systemProbes({ PATH: `/nonexistent${path.delimiter}${withApt}` }).hasAptGet()).toBe(
      true,
    );
    expect(systemProbes({ PATH: withPlainFile }).hasAptGet()).toBe(false);
    expect(systemProbes({ PATH: '' }).hasAptGet()).toBe(false);
  });

  it('reads CHROMIUM_PATH, else Debian’s path, and counts only an executable as present', () => {
    expect(systemProbes({}).chromiumPath).toBe(DEBIAN_CHROMIUM);
    const browser = folderWith('chrome', 0o755);
    const probes = systemProbes({ CHROMIUM_PATH: path.join(browser, 'chrome') });
    expect(probes.exists(probes.chromiumPath)).toBe(true);
    chmodSync(probes.chromiumPath, 0o644);
    expect(probes.exists(probes.chromiumPath)).toBe(false);
  });
});
