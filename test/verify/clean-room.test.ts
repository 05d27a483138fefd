import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import { CleanRoomError, materializeCleanRoom } from '../../src/core/verify/clean-room.js';
import {
  type AgentRun,
  contractFrom,
  git,
  kindsOf,
  makeWorkdir,
  openRunStore,
  runAgent,
  say,
  scripted,
  use,
} from '../helpers/agent-kit.js';
import { trussArgv } from '../helpers/built-dist.js';
import { commitFiles } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

/** A repository whose base ignores .env and node_modules, like most real ones. */
function repo(): string {
  const dir = makeWorkdir({ git: true });
  commitFiles(dir, { '.gitignore': '.truss/\n.env\nnode_modules/\n' }, 'ignore rules');
  return dir;
}

function contract(extra = '') {
  return contractFrom(`
[contract]
id = "clean-room-test"
intent = "Create greeting.txt containing exactly: hello from the harness"

[[done]]
kind = "check"
desc = "greeting.txt has the exact line (with the repo's node_modules/.bin first on PATH, as npm scripts do)"
run = "sleep 1.5; PATH=\\"$PWD/node_modules/.bin:$PATH\\"; printf 'hello from the harness\\\\n' | cmp - greeting.txt"
timeout_sec = 20

[[done]]
kind = "check"
desc = "nothing the agent left behind outside its diff"
run = "test ! -e .env && test ! -e node_modules && test -z \\"$(ls .git/hooks)\\" && test -z \\"$(git config --get alias.st)\\""
timeout_sec = 20

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["write_file", "bash"]
${extra}
`);
}

/**
 * An agent that does the work right and then sabotages its own working directory: a git hook and
 * config alias, an ignored .env, an ignored `node_modules/.bin/cmp` shim that fails every
 * comparison, and a process that escaped its group (setsid) and overwrites the file a second later.
 */
function saboteur() {
  const sabotage = [
    "printf '#!/bin/sh\\necho PWNED > greeting.txt\\n' > .git/hooks/post-checkout",
    'chmod +x .git/hooks/post-checkout',
    'cp .git/hooks/post-checkout .git/hooks/pre-commit',
    'git config alias.st status',
    "printf 'GREETING_OK=1\\n' > .env",
    "mkdir -p node_modules/.bin && printf '#!/bin/sh\\nexit 1\\n' > node_modules/.bin/cmp && chmod +x node_modules/.bin/cmp",
    "setsid sh -c 'sleep 1; echo PWNED > greeting.txt' </dev/null >/dev/null 2>&1 &",
    'sleep 0.3', // let setsid leave the group before the shell exits and its group is killed
  ].join('\n');
  return scripted([
    use('write_file', { path: 'greeting.txt', content: 'hello from the harness\n' }),
    use('bash', { command: sabotage }),
    say('Done.'),
  ]);
}

describe('clean-room checks after an executor', () => {
  let run: AgentRun;
  // A private TMPDIR for the run under test: other test files, in other workers, make and remove
  // their own clean copies in the shared one, which this file's "the copy is removed" would see.
  const sharedTmp = process.env.TMPDIR;
  let privateTmp: string;
  beforeEach(() => {
    privateTmp = mkdtempSync(join(tmpdir(), 'truss-test-cleanroom-tmp-'));
    process.env.TMPDIR = privateTmp;
    run = openRunStore();
  });
  afterEach(() => {
    run.close();
    if (sharedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = sharedTmp;
    rmSync(privateTmp, { recursive: true, force: true });
  });

  it('checks run on base + the recorded diff: hooks, config, ignored files, shims and escaped processes do not reach them', async () => {
    const workdir = repo();
    const base = git(workdir, 'rev-parse', 'HEAD').trim();
    const copiesBefore = cleanCopies();
    const outcome = (await runAgent({
      store: run.store,
      contract: contract(),
      workdir,
      provider: saboteur(),
    })) as CompletedOutcome;
    expect(outcome.verdict.clauses.map((c) => [c.status, c.reason])).toEqual([
      ['met', 'exit 0, expectations met'],
      ['met', 'exit 0, expectations met'],
    ]);
    expect(outcome.verdict.overall).toBe('pass');
    // The sabotage was real: the agent's own directory is broken.
    await sleep(300);
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe('PWNED\n');
    expect(existsSync(join(workdir, '.git/hooks/post-checkout'))).toBe(true);

    const entries = [...run.store.entries(outcome.sessionId)];
    const result = entries.find((e) => e.kind === 'executor_result');
    const workspace = entries.find((e) => e.kind === 'checks_workspace');
    expect(workspace?.payload).toMatchObject({
      checkout: 'clean-room',
      base_sha: base,
      head_sha: base,
      diff_sha256: result?.payload.diff_sha256,
      error: null,
    });
    expect(workspace?.payload.base_tree).toBe(git(workdir, 'rev-parse', `${base}^{tree}`).trim());
    for (const check of entries.filter((e) => e.kind === 'check_result'))
      expect(check.payload.checkout).toBe('clean-room');
    // The copy is removed after the run.
    expect(cleanCopies().filter((name) => !copiesBefore.includes(name))).toEqual([]);
  });

  it('[sandbox] checkout = "in-place" opts out, is recorded, and the same sabotage then decides the verdict', async () => {
    const workdir = repo();
    const outcome = (await runAgent({
      store: run.store,
      contract: contract('[sandbox]\ncheckout = "in-place"'),
      workdir,
      provider: saboteur(),
    })) as CompletedOutcome;
    expect(outcome.verdict.overall).toBe('fail');
    const entries = [...run.store.entries(outcome.sessionId)];
    expect(entries.find((e) => e.kind === 'checks_workspace')?.payload).toMatchObject({
      checkout: 'in-place',
      reason: expect.stringContaining('opted out'),
    });
    expect(entries.filter((e) => e.kind === 'check_result').map((e) => e.payload.checkout)).toEqual([
      'in-place',
      'in-place',
    ]);
  });

  it('[checks] setup runs in the clean copy first and is journaled; its failure makes the verdict UNVERIFIABLE', async () => {
    const simple = (setup: string) =>
      contractFrom(`
[contract]
id = "setup-test"
intent = "Create greeting.txt"

[[done]]
kind = "check"
desc = "setup ran here"
run = "test -f .setup-done && test -f greeting.txt"

[checks]
setup = "${setup}"

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["write_file"]
`);
    const agent = () =>
      scripted([use('write_file', { path: 'greeting.txt', content: 'hi\n' }), say('Done.')]);

    const okDir = repo();
    const ok = (await runAgent({
      store: run.store,
      contract: simple('touch .setup-done; echo set up'),
      workdir: okDir,
      provider: agent(),
    })) as CompletedOutcome;
    expect(ok.verdict.overall).toBe('pass');
    expect(existsSync(join(okDir, '.setup-done'))).toBe(false);
    const kinds = kindsOf(run.store, ok.sessionId);
    expect(kinds.slice(kinds.indexOf('executor_result'))).toEqual([
      'executor_result',
      'checks_workspace',
      'checks_setup',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    const setup = [...run.store.entries(ok.sessionId)].find((e) => e.kind === 'checks_setup');
    expect(setup?.payload).toMatchObject({
      run: 'touch .setup-done; echo set up',
      checkout: 'clean-room',
      met: true,
    });

    const bad = (await runAgent({
      store: run.store,
      contract: simple('echo cannot install >&2; exit 3'),
      workdir: repo(),
      provider: agent(),
    })) as CompletedOutcome;
    expect(bad.verdict.overall).toBe('unverifiable');
    expect(bad.verdict.clauses[0]?.reason).toMatch(/\[checks\] setup .* failed \(exit code 3, expected 0\)/);
    expect(kindsOf(run.store, bad.sessionId)).not.toContain('check_result');
  });

  it('a diff that does not apply to the base (the workdir was dirty) is UNVERIFIABLE with what to do, never a PASS', async () => {
    const workdir = repo();
    writeFileSync(join(workdir, 'README.md'), '# dirty before the run\n');
    const outcome = (await runAgent({
      store: run.store,
      contract: contractFrom(`
[contract]
id = "dirty"
intent = "edit the readme"
[[done]]
kind = "check"
desc = "always true"
run = "true"
[executor]
kind = "in-loop"
[constraints]
allow_tools = ["write_file"]
`),
      workdir,
      provider: scripted([use('write_file', { path: 'README.md', content: '# edited\n' }), say('Done.')]),
    })) as CompletedOutcome;
    expect(outcome.verdict.overall).toBe('unverifiable');
    expect(outcome.verdict.clauses[0]?.reason).toMatch(/does not apply to base commit .* commit them first/);
  });

  it('work the secret scan changed in the recorded diff (a line holding only a seed-shaped value) is UNVERIFIABLE, saying so', async () => {
    const workdir = repo();
    // An Ed25519 public key in base64 is the shape of a signing seed: the scan replaces its line.
    const publicKey = Buffer.alloc(32, 7).toString('base64');
    const outcome = (await runAgent({
      store: run.store,
      contract: contractFrom(`
[contract]
id = "seed-shaped"
intent = "add the deploy key"
[[done]]
kind = "check"
desc = "the key file is there"
run = "grep -c . deploy.pub"
[executor]
kind = "in-loop"
[constraints]
allow_tools = ["bash"]
`),
      workdir,
      provider: scripted([
        use('bash', { command: `printf '# deploy key\\n%s\\n' '${publicKey}' > deploy.pub` }),
        say('Done.'),
      ]),
    })) as CompletedOutcome;
    expect(outcome.verdict.overall, JSON.stringify(outcome.verdict.clauses)).toBe('unverifiable');
    const reason = outcome.verdict.clauses[0]?.reason ?? '';
    // The executor said so when it recorded the diff: the file, the kind, and what to do.
    expect(reason).toMatch(/shaped like a credential in deploy\.pub \(truss_seed\)/);
    expect(reason).toContain('[sandbox] checkout = "in-place"');
    expect(reason).not.toContain('commit them first');
    expect(reason).not.toContain(publicKey);
  });
});

describe('materializeCleanRoom', () => {
  /** What a clean room of `base` with no change, in `dir`, is refused with (or, wrongly, built as). */
  const refusal = (dir: string, base: string) =>
    materializeCleanRoom({ repoRoot: dir, baseSha: base, diff: Buffer.alloc(0), env: ENV }).catch(
      (caught: unknown) => caught,
    );

  it('refuses a repository whose objects were rewritten on disk (the checkout must re-hash to the base tree)', async () => {
    const dir = repo();
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    const readmeBlob = git(dir, 'rev-parse', 'HEAD:README.md').trim();
    const forged = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, input: '# forged\n' })
      .toString()
      .trim();
    const object = (sha: string) => join(dir, '.git/objects', sha.slice(0, 2), sha.slice(2));
    execFileSync('chmod', ['u+w', object(readmeBlob)]);
    copyFileSync(object(forged), object(readmeBlob));
    await expect(
      materializeCleanRoom({ repoRoot: dir, baseSha: base, diff: Buffer.alloc(0), env: ENV }),
    ).rejects.toThrow(CleanRoomError);
  });

  it('refuses a base commit the repository does not have, saying to fetch it, and leaves no copy', async () => {
    const dir = repo();
    const parentDir = mkdtempSync(join(tmpdir(), 'truss-cleanroom-parent-'));
    try {
      await expect(
        materializeCleanRoom({
          repoRoot: dir,
          baseSha: 'deadbeef'.repeat(5),
          diff: Buffer.alloc(0),
          env: ENV,
          parentDir,
        }),
      ).rejects.toThrow(/base commit deadbeef\w+ is not in .*; fetch it/);
      expect(readdirSync(parentDir)).toEqual([]);
    } finally {
      rmSync(parentDir, { recursive: true, force: true });
    }
  });

  // The object store is the work's to write: a base commit whose loose object was replaced (another
  // commit's, so git finds a hash mismatch) or garbled is there, and fetching would not replace it.
  for (const [how, damage] of [
    ["replaced by another commit's object", (object: string, other: string) => copyFileSync(other, object)],
    ['overwritten with garbage', (object: string) => writeFileSync(object, 'garbage')],
  ] as const) {
    it(`refuses a base commit whose object was ${how}, saying it is damaged (not missing) and what to do`, async () => {
      const dir = repo();
      const base = git(dir, 'rev-parse', 'HEAD').trim();
      const other = commitFiles(dir, { 'other.txt': 'other\n' }, 'another commit');
      const object = (sha: string) => join(dir, '.git/objects', sha.slice(0, 2), sha.slice(2));
      execFileSync('chmod', ['u+w', object(base)]);
      damage(object(base), object(other));
      const error = await refusal(dir, base);
      expect(error).toBeInstanceOf(CleanRoomError);
      const message = (error as Error).message;
      expect(message).toMatch(
        new RegExp(
          `the base commit ${base} in .* is damaged: what is stored under its id is not what the id names`,
        ),
      );
      expect(message).toMatch(/run again from a fresh checkout/);
      expect(message).not.toMatch(/fetch it|fetch-depth/);
    });
  }

  it("refuses a base commit whose file's object was garbled, saying which object is damaged and what to do", async () => {
    const dir = repo();
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    const blob = git(dir, 'rev-parse', 'HEAD:.gitignore').trim();
    const object = join(dir, '.git/objects', blob.slice(0, 2), blob.slice(2));
    execFileSync('chmod', ['u+w', object]);
    writeFileSync(object, 'garbage');
    const error = await refusal(dir, base);
    expect(error).toBeInstanceOf(CleanRoomError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `an object of the base commit ${base} in .* is damaged: .*\\(git: [^)]*${blob}.*run again from a fresh checkout`,
      ),
    );
  });

  it('builds HEAD + diff with no hooks, calls the prepare hook before returning, and disposes', async () => {
    const dir = repo();
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(dir, 'new.txt'), 'new\n');
    git(dir, 'add', '-N', 'new.txt');
    const diff = execFileSync('git', ['diff', '--binary', 'HEAD'], { cwd: dir });
    const prepared: string[] = [];
    const room = await materializeCleanRoom({
      repoRoot: dir,
      baseSha: base,
      diff,
      env: ENV,
      prepare: async (path) => {
        prepared.push(path);
      },
    });
    expect(prepared).toEqual([room.dir]);
    expect(readFileSync(join(room.dir, 'new.txt'), 'utf8')).toBe('new\n');
    expect(existsSync(join(room.dir, '.git/hooks'))).toBe(false);
    expect(git(room.dir, 'rev-parse', 'HEAD').trim()).toBe(base);
    await room.dispose();
    expect(existsSync(room.dir)).toBe(false);
  });

  it("points HEAD and the index at the executor's commit when it descends from the base, and at the base otherwise", async () => {
    const dir = repo();
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    commitFiles(dir, { 'committed.txt': 'by the executor\n' }, 'executor commit');
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(dir, 'uncommitted.txt'), 'after the commit\n');
    git(dir, 'add', '-N', 'uncommitted.txt');
    const diff = execFileSync('git', ['diff', '--binary', base], { cwd: dir });
    const room = await materializeCleanRoom({ repoRoot: dir, baseSha: base, headSha: head, diff, env: ENV });
    try {
      expect(room.headSha).toBe(head);
      expect(git(room.dir, 'rev-parse', 'HEAD').trim()).toBe(head);
      // The index is the executor's commit: only what it left uncommitted shows, the files as the diff made them.
      expect(git(room.dir, 'status', '--porcelain').trim()).toBe('?? uncommitted.txt');
      expect(readFileSync(join(room.dir, 'committed.txt'), 'utf8')).toBe('by the executor\n');
      expect(git(room.dir, 'diff', '--stat', 'HEAD').trim()).toBe('');
    } finally {
      await room.dispose();
    }
    // A head that does not descend from the base (history rewritten under it) is not taken.
    git(dir, 'checkout', '-q', '--orphan', 'elsewhere');
    commitFiles(dir, { 'other.txt': 'unrelated\n' }, 'unrelated root');
    const unrelated = git(dir, 'rev-parse', 'HEAD').trim();
    const plain = await materializeCleanRoom({
      repoRoot: dir,
      baseSha: base,
      headSha: unrelated,
      diff: Buffer.alloc(0),
      env: ENV,
    });
    try {
      expect(plain.headSha).toBe(base);
      expect(git(plain.dir, 'rev-parse', 'HEAD').trim()).toBe(base);
      expect(git(plain.dir, 'status', '--porcelain').trim()).toBe('');
    } finally {
      await plain.dispose();
    }
  });
});

function cleanCopies(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('truss-cleanroom-'));
}

describe('clean room with a delegated CLI, across a crash', () => {
  it('a delegated CLI that leaves a hook, an ignored shim and an escaped process does not reach the checks; a run killed during a check resumes in a rebuilt clean room', async () => {
    const workdir = repo();
    // Inside the work tree's .git: the one place outside the clean copy that a sandboxed check may write.
    const marker = join(workdir, '.git', 'first-check-started');
    const agent = [
      "printf 'hello from the harness\\n' > greeting.txt",
      "printf '#!/bin/sh\\nexit 1\\n' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit",
      "mkdir -p node_modules/.bin && printf '#!/bin/sh\\nexit 1\\n' > node_modules/.bin/cmp && chmod +x node_modules/.bin/cmp",
      "setsid sh -c 'sleep 1; echo PWNED > greeting.txt' </dev/null >/dev/null 2>&1 &",
      'sleep 0.3',
    ].join('\n');
    mkdirSync(join(workdir, '.truss/contracts'), { recursive: true });
    writeFileSync(
      join(workdir, '.truss/contracts/delegated.toml'),
      `[contract]
id = "delegated-clean-room"
intent = "Create greeting.txt"

[[done]]
kind = "check"
desc = "the first run of this check hangs (the run is killed there), later runs check the greeting"
run = "if [ ! -e '${marker}' ]; then touch '${marker}'; sleep 60; fi; sleep 1.5; PATH=\\"$PWD/node_modules/.bin:$PATH\\"; printf 'hello from the harness\\\\n' | cmp - greeting.txt"
timeout_sec = 120

[executor]
kind = "delegated-cli"
command = "/bin/sh"
args = ["-c", ${JSON.stringify(agent)}]
timeout_sec = 30
`,
    );
    const env = {
      ...process.env,
      XDG_CONFIG_HOME: tempDir('xdg').dir,
    };
    const db = join(tempDir('crash-db').dir, 'ledger.db');
    const child = spawn(
      trussArgv()[0],
      [...trussArgv().slice(1), 'run', 'delegated', '--db', db, '--json', '--isolation', 'none'],
      {
        cwd: workdir,
        env,
        stdio: 'ignore',
      },
    );
    // --isolation none: this test is about the clean room alone, so the escaped process must really
    // survive (under uid or bwrap it dies with the sandbox; test/process covers that).
    const deadline = Date.now() + 30_000;
    while (!existsSync(marker) && Date.now() < deadline) await sleep(50);
    expect(existsSync(marker)).toBe(true);
    await sleep(200);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await sleep(1200); // the escaped process has overwritten the agent's greeting by now
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe('PWNED\n');

    const store = LedgerStore.open(db);
    const sessionId = store.sessions()[0]?.id as string;
    const kinds = [...store.entries(sessionId)].map((e) => e.kind);
    expect(kinds).toEqual(['run_started', 'delegated_result', 'checks_workspace']);
    store.close();

    const resumed = spawnSync(
      trussArgv()[0],
      [...trussArgv().slice(1), 'resume', sessionId, '--db', db, '--json', '--isolation', 'none'],
      {
        cwd: workdir,
        env,
        encoding: 'utf8',
      },
    );
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      verdict: 'pass',
      checkout: { mode: 'clean-room', error: null },
    });
    const after = LedgerStore.open(db);
    const entries = [...after.entries(sessionId)];
    expect(entries.map((e) => e.kind)).toEqual([
      'run_started',
      'delegated_result',
      'checks_workspace',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    expect(entries[2]?.payload.diff_sha256).toBe(entries[1]?.payload.diff_sha256);
    expect(entries[3]?.payload).toMatchObject({ checkout: 'clean-room', met: true });
    after.close();
  }, 60_000);
});
