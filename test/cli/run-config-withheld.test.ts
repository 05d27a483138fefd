/**
 * What configures the next local run — `.truss/` (config, contracts, trusted keys, playbooks) and
 * the contract file the run was started with — is out of the work's reach, wherever the ledger is
 * kept. Before, only the ledger's own directory was hidden: with `--db` elsewhere, a sandboxed check
 * or the agent's file tools could write `[sandbox] isolation = "none"` into `.truss/config.toml`
 * or the contract, and the user's next `truss run` ran its checks unconfined, beside the key.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { mechanismAvailable } from '../process/isolation-kit.js';

const UNCONFINED = '[sandbox]\nisolation = "none"\n';

function workWithConfig(prefix: string) {
  const cli = cliHome(prefix);
  execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
  mkdirSync(join(cli.workdir, '.truss'));
  writeFileSync(join(cli.workdir, '.truss/config.toml'), '# the team settings\n');
  return cli;
}

const bundleOf = (workdir: string) => {
  const dir = join(workdir, '.truss/bundles');
  return readFileSync(join(dir, readdirSync(dir).find((n) => n.endsWith('.json')) ?? ''), 'utf8');
};

describe('the run configuration in the working copy', () => {
  it('the agent file tools can neither read nor change .truss/ or the contract file', () => {
    const cli = workWithConfig('cfg-tools');
    const calls = [
      { name: 'write_file', input: { path: '.truss/config.toml', content: UNCONFINED } },
      { name: 'write_file', input: { path: '.truss/contracts/next.toml', content: UNCONFINED } },
      { name: 'write_file', input: { path: 'contract.toml', content: UNCONFINED } },
      { name: 'read_file', input: { path: 'contract.toml' } },
      { name: 'list_dir', input: { path: '.truss' } },
    ];
    const script = join(cli.workdir, 'agent.json');
    writeFileSync(
      script,
      JSON.stringify({
        responses: [
          ...calls.map((call) => ({ content: [{ type: 'tool_use', ...call }] })),
          { content: [{ type: 'text', text: 'done' }] },
        ],
      }),
    );
    const contract = join(cli.workdir, 'contract.toml');
    const contractText = [
      '[contract]\nid = "cfg"\nintent = "an agent that rewrites how the next run is isolated"',
      '[[done]]\nkind = "check"\ndesc = "ok"\nrun = "true"\ntimeout_sec = 10',
      '[executor]\nkind = "in-loop"',
      '[budget]\nmax_steps = 10',
      '[constraints]\nallow_tools = ["read_file", "write_file", "list_dir"]',
      `[provider]\nkind = "scripted"\nscript = ${JSON.stringify(script)}`,
    ].join('\n');
    writeFileSync(contract, contractText);
    const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none', '--json'], {
      env: cli.env,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(cli.workdir, '.truss/config.toml'), 'utf8')).toBe('# the team settings\n');
    expect(existsSync(join(cli.workdir, '.truss/contracts'))).toBe(false);
    expect(readFileSync(contract, 'utf8')).toBe(contractText);
    expect(bundleOf(cli.workdir).match(/"violation":"withheld"/g)).toHaveLength(calls.length);
  });

  it('a sandboxed check can neither change .truss/ nor the contract file, and cannot create .truss/', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) {
      console.warn(`skipped: uid isolation unavailable here (${unavailable})`);
      return;
    }
    for (const made of [true, false]) {
      const cli = made ? workWithConfig('cfg-check') : cliHome('cfg-check-new');
      if (!made) execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
      const contract = join(cli.workdir, 'contract.toml');
      const attack = [
        'mkdir -p .truss/contracts',
        `printf '${UNCONFINED.replace(/\n/g, '\\n')}' > .truss/config.toml`,
        `printf '${UNCONFINED.replace(/\n/g, '\\n')}' >> contract.toml`,
        'true',
      ].join('; ');
      const text = `[contract]\nid = "cfg"\nintent = "a check that rewrites the next run's isolation"\n\n[[done]]\nkind = "check"\ndesc = "attack"\nrun = ${JSON.stringify(attack)}\ntimeout_sec = 20\n`;
      writeFileSync(contract, text);
      const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'uid', '--json'], {
        env: cli.env,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(readFileSync(contract, 'utf8')).toBe(text);
      const config = join(cli.workdir, '.truss/config.toml');
      if (made) expect(readFileSync(config, 'utf8')).toBe('# the team settings\n');
      else expect(existsSync(config)).toBe(false);
      expect(existsSync(join(cli.workdir, '.truss/contracts'))).toBe(false);
    }
  });
});
