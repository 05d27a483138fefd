import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, type LedgerEntry, SigningKey } from '../../src/core/ledger/index.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';
import { git } from '../helpers/git.js';

/**
 * `truss run` of a contract with `[fanout]` (docs/fanout.md), as a user runs it: the real CLI in a
 * child process, a real repository, the scripted provider as the agent. It prints the attempts and
 * the winner, exports one bundle carrying every child, and `truss verify` checks them recursively.
 */

const RIGHT = 'hello from the harness\n';
const write = (content: string) => ({
  content: [{ type: 'tool_use', name: 'write_file', input: { path: 'greeting.txt', content } }],
  usage: { input_tokens: 40, output_tokens: 10 },
});
const done = { content: [{ type: 'text', text: 'done' }], usage: { input_tokens: 20, output_tokens: 5 } };

const CONTRACT = contractToml(
  { id: 'greeting-fanout', intent: 'Create greeting.txt containing exactly: hello from the harness' },
  GREETING_CHECK,
  {
    executor: { kind: 'in-loop' },
    provider: { kind: 'scripted', script: 'agent.json' },
    constraints: { allow_tools: ['write_file'] },
    fanout: { attempts: 3, reducer: 'best_score', concurrency: 1 },
  },
);

describe('truss run with [fanout]', () => {
  let repo: string;
  let keyFile: string;
  let key: SigningKey;
  let home: string;
  /** Clean rooms and attempts' copies go under a TMPDIR of this suite's own, not among others' in /tmp. */
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'truss-run-fanout-tmp-'));
    repo = mkdtempSync(join(tmpdir(), 'truss-run-fanout-'));
    home = mkdtempSync(join(tmpdir(), 'truss-run-fanout-home-'));
    git(repo, 'init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'README.md'), '# demo\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'base');
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    writeFileSync(join(repo, '.truss/contracts/greet.toml'), CONTRACT);
    writeFileSync(
      join(repo, '.truss/contracts/agent.json'),
      JSON.stringify([write('hello, world\n'), done, write(RIGHT), done, write(RIGHT), done]),
    );
    const generated = SigningKey.generate();
    key = generated.key;
    keyFile = join(home, 'truss.key');
    writeFileSync(keyFile, `${generated.seedBase64}\n`, { mode: 0o600 });
  });

  it("prints every attempt and the winner, leaves the winner's work, and the bundle verifies with its children", () => {
    const result = runCli(['run', 'greet', '--key', keyFile, '--isolation', 'none'], {
      cwd: repo,
      env: { HOME: home, TMPDIR: scratch },
    });
    expect(result.stderr).toContain('… attempt 1 (session ');
    expect(result.stderr).toMatch(/✘ attempt 1: FAIL/);
    expect(result.stderr).toMatch(/✔ attempt 2: PASS/);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('fan-out: 3 attempts, reducer best_score');
    expect(result.stdout).toMatch(/ {3}attempt 1 {2}FAIL +0\/1 checks met/);
    expect(result.stdout).toMatch(/★ attempt 2 {2}PASS +1\/1 checks met/);
    expect(result.stdout).toMatch(/winner: attempt 2 — best score/);
    expect(result.stdout).toContain("the winner's changes were applied to the workdir");
    expect(result.stdout).toContain('VERDICT: PASS');
    expect(result.stdout).toContain('note: the agent is SCRIPTED');
    expect(readFileSync(join(repo, 'greeting.txt'), 'utf8')).toBe(RIGHT);

    const bundlePath = /^bundle (.+)$/m.exec(result.stdout)?.[1] as string;
    const verify = runCli(['verify', bundlePath, '--key', key.publicKeyHex, '--json']);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    const report = JSON.parse(verify.stdout);
    expect(report.status).toBe('verified');
    expect(report.children).toHaveLength(3);

    // A child edited inside the exported bundle: `truss verify` fails and names it.
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as Bundle;
    const child = bundle.ledger.child_sessions[0] as Bundle['ledger'];
    (child.entries.find((e) => e.kind === 'verdict') as LedgerEntry).payload.overall = 'pass';
    const tamperedPath = join(home, 'tampered.json');
    writeFileSync(tamperedPath, JSON.stringify(bundle));
    const tampered = runCli(['verify', tamperedPath, '--key', key.publicKeyHex]);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout + tampered.stderr).toContain(
      `child session ${child.session_id} failed verification`,
    );
  });

  it('examples/contracts/fanout-scripted.toml runs as documented: best of 3, attempt 2 kept', () => {
    const workdir = mkdtempSync(join(tmpdir(), 'truss-fanout-example-'));
    git(workdir, 'init', '-q', '-b', 'main');
    git(workdir, 'commit', '-q', '--allow-empty', '-m', 'base');
    const result = runCli(
      [
        'run',
        join(REPO_ROOT, 'examples/contracts/fanout-scripted.toml'),
        '--workdir',
        workdir,
        '--db',
        `${workdir}.db`,
        '--key',
        keyFile,
        '--isolation',
        'none',
        '--json',
      ],
      { cwd: REPO_ROOT, env: { HOME: home, TMPDIR: scratch } },
    );
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.fanout.winner).toBe(2);
    expect(out.fanout.legs.map((leg: { verdict: string }) => leg.verdict)).toEqual(['fail', 'pass', 'pass']);
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe(RIGHT);
  });

  it('--json carries the legs and the winner', () => {
    git(repo, 'checkout', '-q', '--', '.');
    git(repo, 'clean', '-qfd', '--', 'greeting.txt');
    const result = runCli(['run', 'greet', '--key', keyFile, '--isolation', 'none', '--json'], {
      cwd: repo,
      env: { HOME: home, TMPDIR: scratch },
    });
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.verdict).toBe('pass');
    expect(out.fanout).toMatchObject({ reducer: 'best_score', attempts: 3, winner: 2 });
    expect(out.fanout.legs.map((leg: { verdict: string }) => leg.verdict)).toEqual(['fail', 'pass', 'pass']);
    // The tree's spend: every attempt's model calls count against the run (3 × (50 + 25) tokens).
    expect(out.total_tokens).toBe(225);
  });
});
