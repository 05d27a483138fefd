/**
 * Scripted fixture paths stay under the directories fixtures may come from (the workdir, where truss
 * started, the contract's directory): `script = "../../../../etc/passwd"` is refused with exit 3
 * before anything is journaled, and no error ever quotes a fixture's content. Real CLI processes.
 */
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { FixturePathError, resolveFixturePath } from '../../src/core/providers/fixture-path.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { tempDir } from '../helpers/temp-dir.js';

const PANEL = (script: string) =>
  contractToml(
    { id: 'panel-fixture', intent: 'A review clause answered by a scripted panel' },
    { kind: 'review', desc: 'looks right' },
    { provider: { kind: 'scripted', script } },
  );

const AGENT = (script: string) =>
  contractToml({ id: 'agent-fixture', intent: 'An in-loop agent answered by a script' }, TRUE_CHECK, {
    executor: { kind: 'in-loop' },
    provider: { kind: 'scripted', script },
  });

describe('scripted fixture paths', () => {
  let home: string;
  let workdir: string;
  let db: string;
  let common: string[];
  beforeEach(() => {
    ({ home, workdir, db, runFlags: common } = cliHome('fixture'));
  });

  it('a path escaping to /etc/passwd is refused (3) before anything is journaled; its content is never quoted', () => {
    for (const [name, text] of [
      ['panel.toml', PANEL('../../../../../../../../etc/passwd')],
      ['agent.toml', AGENT('../../../../../../../../etc/passwd')],
      ['absolute.toml', PANEL('/etc/passwd')],
    ] as const) {
      writeFileSync(join(home, name), text);
      const run = runCli(['run', join(home, name), ...common], { env: { HOME: home }, cwd: home });
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toContain('refusing fixture script =');
      expect(run.stderr).toContain('outside');
      expect(run.stderr + run.stdout).not.toContain('root:');
      expect(existsSync(db)).toBe(false);
    }
  });

  it('a symlink inside the workdir that points outside is refused too', () => {
    symlinkSync('/etc/passwd', join(workdir, 'fixture.json'));
    writeFileSync(join(home, 'panel.toml'), PANEL('fixture.json'));
    const run = runCli(['run', join(home, 'panel.toml'), ...common], { env: { HOME: home }, cwd: home });
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr + run.stdout).not.toContain('root:');
  });

  it('a fixture beside the contract is found; an invalid one is reported without quoting its content', () => {
    const contracts = join(home, 'contracts');
    mkdirSync(contracts);
    writeFileSync(join(contracts, 'panel.json'), 'SECRET-CONTENT-1234 is not json');
    writeFileSync(join(contracts, 'panel.toml'), PANEL('panel.json'));
    const run = runCli(['run', join(contracts, 'panel.toml'), ...common], {
      env: { HOME: home },
      cwd: workdir,
    });
    expect(run.stderr).toContain('is not valid JSON');
    expect(run.stderr + run.stdout).not.toContain('SECRET-CONTENT');
  });

  it('resolveFixturePath: first root that has it wins; escapes are FixturePathError', () => {
    const a = tempDir('fixture-a').dir;
    const b = tempDir('fixture-b').dir;
    writeFileSync(join(b, 'f.json'), '[]');
    expect(resolveFixturePath('f.json', [a, b])).toBe(join(b, 'f.json'));
    expect(() => resolveFixturePath('../x.json', [a])).toThrow(FixturePathError);
    expect(() => resolveFixturePath('/etc/passwd', [a, b])).toThrow(FixturePathError);
  });
});
