import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { TRUSS_CLI } from '../../src/core/truss-cli.js';
import { runCli } from '../helpers/cli.js';
import { GREETING_CONTRACT } from '../helpers/contract-toml.js';
import { commitFiles, git, makeRepo, README } from '../helpers/git.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

const SECRET_OPENAI = 'sk-test-planted-secret-0123456789abcdef';
const SECRET_GITHUB = 'ghp_plantedGithubToken0123456789ABCDEFGH';

/** A real repository: main with a README, a feature branch that adds greeting.txt. */
function makeFeatureRepo(): string {
  const repo = makeRepo(README, 'run');
  git(repo, 'checkout', '-qb', 'feature');
  commitFiles(repo, { 'greeting.txt': 'hello from the harness\n' }, 'add greeting');
  return repo;
}

function writeContract(repo: string, name: string, body: string): string {
  mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
  const path = join(repo, '.truss/contracts', `${name}.toml`);
  writeFileSync(path, body);
  return path;
}

describe('truss run', () => {
  let repo: string;
  let home: string;
  let keyFile: string;
  let key: SigningKey;

  beforeEach(() => {
    repo = makeFeatureRepo();
    home = tempDir('home').dir;
    const generated = SigningKey.generate();
    key = generated.key;
    keyFile = writeKeyFile(join(home, 'ci.key'), generated.seedBase64);
  });

  it('PASS on a checks-only contract; the bundle verifies with `truss verify` and the printed key', () => {
    writeContract(repo, 'greeting', GREETING_CONTRACT);
    const result = runCli(['run', 'greeting', '--key', keyFile, '--json'], {
      cwd: repo,
      env: { HOME: home },
    });
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ verdict: 'pass', key_id: key.keyId, public_key: key.publicKeyHex });
    expect(outcome.git.head_sha).toBe(git(repo, 'rev-parse', 'HEAD').trim());
    expect(outcome.git.base_sha).toBe(git(repo, 'rev-parse', 'main').trim());
    expect(result.stderr).toContain('✔ check  [1] greeting.txt has the exact line');
    const verify = runCli(['verify', outcome.bundle, '--key', key.publicKeyHex, '--json']);
    expect(verify.code, verify.stdout).toBe(0);
    const report = JSON.parse(verify.stdout);
    expect(report.status).toBe('verified');
    const bundle = JSON.parse(readFileSync(outcome.bundle, 'utf8'));
    expect(bundle.ledger.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'run_started',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    expect(bundle.verdict).toMatchObject({ overall: 'pass', contract_id: 'greeting-0001' });
    expect(bundle.ledger.entries[0].payload.contract_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('prints a readable verdict with the exact verify command', () => {
    writeContract(repo, 'greeting', GREETING_CONTRACT);
    const result = runCli(['run', 'greeting', '--key', keyFile], { cwd: repo, env: { HOME: home } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('VERDICT: PASS');
    expect(result.stdout).toMatch(
      new RegExp(
        `verify: ${TRUSS_CLI.replaceAll(/[.#/]/g, '\\$&')} verify \\S+\\.json --key ${key.publicKeyHex}`,
      ),
    );
  });

  it('FAIL names the failing clause and its output tail (exit 1)', () => {
    writeFileSync(join(repo, 'greeting.txt'), 'hello from somewhere else\n');
    writeContract(repo, 'greeting', GREETING_CONTRACT);
    const result = runCli(['run', 'greeting', '--key', keyFile], { cwd: repo, env: { HOME: home } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✘ NOT MET  greeting.txt has the exact line');
    expect(result.stdout).toContain('exit code 1, expected 0');
    expect(result.stdout).toContain('differ');
    expect(result.stdout).toContain('VERDICT: FAIL');
  });

  it('review clauses without a provider are unverifiable with an explanation (exit 2), not an error', () => {
    writeContract(
      repo,
      'review',
      `${GREETING_CONTRACT}\n[[done]]\nkind = "review"\ndesc = "reads naturally"\n`,
    );
    const result = runCli(['run', 'review', '--key', keyFile], { cwd: repo, env: { HOME: home } });
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('? unverifiable  reads naturally');
    expect(result.stdout).toContain('no provider configured');
    expect(result.stdout).toContain('VERDICT: UNVERIFIABLE');
  });

  it('a scripted panel votes per seat; a 1–2 split fails the clause and every vote is signed', () => {
    const script = join(repo, 'panel.json');
    writeFileSync(
      script,
      JSON.stringify({
        responses: [
          { text: '{"vote":"met","reasoning":"file present"}' },
          { text: '{"vote":"not_met","reasoning":"no trailing newline check"}' },
          { text: 'I cannot answer in JSON' },
        ],
      }),
    );
    writeContract(
      repo,
      'review',
      `${GREETING_CONTRACT}\n[[done]]\nkind = "review"\ndesc = "reads naturally"\nreviewer_context = ["greeting.txt"]\n\n[provider]\nkind = "scripted"\nscript = "panel.json"\n`,
    );
    const result = runCli(['run', 'review', '--key', keyFile, '--json'], { cwd: repo, env: { HOME: home } });
    expect(result.code, result.stderr).toBe(1);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.clauses[1]).toMatchObject({
      status: 'not_met',
      votes: { met: 1, not_met: 1, unverifiable: 1 },
    });
    const bundle = JSON.parse(readFileSync(outcome.bundle, 'utf8'));
    const votes = bundle.evidence.panel;
    expect(votes.map((v: { lens: string }) => v.lens)).toEqual(['intent', 'completeness', 'correctness']);
    expect(votes.map((v: { vote: string }) => v.vote)).toEqual(['met', 'not_met', 'unverifiable']);
    expect(votes[0]).toMatchObject({ provider: 'scripted', model: 'scripted:panel.json', seat: 0 });
    const evidence = bundle.ledger.entries.find((e: { kind: string }) => e.kind === 'review_evidence');
    expect(evidence.payload).toMatchObject({
      clause: 1,
      files: [{ path: 'greeting.txt', truncated: false, problem: null }],
    });
    expect(runCli(['verify', outcome.bundle, '--key', key.publicKeyHex]).code).toBe(0);
  });

  it('free text after -- replaces the intent of the default contract', () => {
    writeContract(repo, 'default', GREETING_CONTRACT);
    const result = runCli(['run', 'default', '--key', keyFile, '--json', '--', 'say', 'hello', 'politely'], {
      cwd: repo,
      env: { HOME: home },
    });
    expect(result.code, result.stderr).toBe(0);
    const bundle = JSON.parse(readFileSync(JSON.parse(result.stdout).bundle, 'utf8'));
    expect(bundle.contract.contract.intent).toBe('say hello politely');
  });

  it('a malformed contract fails before anything runs: file:line:col, exit 3, nothing journaled', () => {
    const path = writeContract(
      repo,
      'bad',
      `[contract]\nid = "x"\nintent = "y"\n\n[[done]]\nkind = "check"\ndesc = "d"\nrun = "true"\nexpect_exit = "zero"\n`,
    );
    const result = runCli(['run', 'bad', '--key', keyFile], { cwd: repo, env: { HOME: home } });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(`${path}:9:`);
    expect(result.stderr).toContain('expect_exit');
    expect(existsSync(join(repo, '.truss/ledger.db'))).toBe(false);
  });

  it('creates a per-install key on first use and says where', () => {
    writeContract(repo, 'greeting', GREETING_CONTRACT);
    const result = runCli(['run', 'greeting'], { cwd: repo, env: { HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    const keyPath = join(home, '.config/truss/signing.key');
    expect(result.stderr).toContain(`created a signing key for this machine at ${keyPath}`);
    expect(existsSync(keyPath)).toBe(true);
    const again = runCli(['run', 'greeting'], { cwd: repo, env: { HOME: home } });
    expect(again.stderr).not.toContain('created a signing key');
  });

  it('secrets planted in the environment never reach the DB, the bundle or the output', () => {
    writeContract(
      repo,
      'env',
      `[contract]\nid = "env"\nintent = "print the environment"\n\n[[done]]\nkind = "check"\ndesc = "env is printed"\nrun = "env; echo \${OPENAI_API_KEY:-unset} \${GITHUB_TOKEN:-unset}"\nexpect_contains = ["PATH="]\n`,
    );
    const seed = readFileSync(keyFile, 'utf8').trim();
    const result = runCli(['run', 'env', '--json'], {
      cwd: repo,
      env: {
        HOME: home,
        OPENAI_API_KEY: SECRET_OPENAI,
        GITHUB_TOKEN: SECRET_GITHUB,
        TRUSS_SIGNING_KEY: seed,
      },
    });
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout);
    const haystacks = [result.stdout, result.stderr, readFileSync(outcome.bundle, 'latin1')];
    for (const file of readdirSync(join(repo, '.truss')).filter((f) => f.startsWith('ledger.db'))) {
      haystacks.push(readFileSync(join(repo, '.truss', file), 'latin1'));
    }
    const db = new Database(join(repo, '.truss/ledger.db'), { readonly: true });
    const blobs = db.prepare('select bytes from blobs').all() as { bytes: Buffer | null }[];
    db.close();
    for (const blob of blobs) if (blob.bytes) haystacks.push(blob.bytes.toString('latin1'));
    expect(blobs.some((b) => b.bytes?.toString().includes('PATH='))).toBe(true);
    for (const text of haystacks) {
      for (const secret of [SECRET_OPENAI, SECRET_GITHUB, seed]) expect(text).not.toContain(secret);
    }
    expect(outcome.public_key).toBe(key.publicKeyHex);
  });

  it('a check that forks a background sleeper does not hang the run', () => {
    writeContract(
      repo,
      'fork',
      `[contract]\nid = "fork"\nintent = "x"\n\n[[done]]\nkind = "check"\ndesc = "forks"\nrun = "sleep 600 & echo started"\nexpect_contains = ["started"]\n`,
    );
    const started = Date.now();
    const result = runCli(['run', 'fork', '--key', keyFile], { cwd: repo, env: { HOME: home } });
    expect(result.code, result.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('--verify-only judges the tree as it is: the contract executor does not run', () => {
    writeContract(
      repo,
      'delegated',
      `${GREETING_CONTRACT}\n[executor]\nkind = "delegated-cli"\ncommand = "sh"\nargs = ["-c", "cat >/dev/null; echo changed > agent-was-here.txt"]\n`,
    );
    const result = runCli(['run', 'delegated', '--key', keyFile, '--verify-only', '--json'], {
      cwd: repo,
      env: { HOME: home },
    });
    expect(result.code, result.stderr).toBe(0);
    const bundle = JSON.parse(readFileSync(JSON.parse(result.stdout).bundle, 'utf8'));
    expect(bundle.ledger.entries.map((e: { kind: string }) => e.kind)).not.toContain('delegated_result');
    expect(bundle.contract.executor.kind).toBe('none');
    expect(existsSync(join(repo, 'agent-was-here.txt'))).toBe(false);
  });
});
