/**
 * Exit codes as docs/cli.md documents them, through the real CLI in child processes: a damaged
 * database and a missing entry are input errors (3), Ctrl-C is 130 after run_failed is signed,
 * keygen's refusal to overwrite is 3, an empty TRUSS_SIGNING_KEY is an error like a blank one, and
 * another application's SQLite file is refused instead of being given truss tables.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CliHome, cliHome, runCli, startCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

const QUICK = contractToml(
  { id: 'quick', intent: 'A check that passes' },
  { kind: 'check', desc: 'prints numbers', run: 'seq 1 3000' },
);

const WAITING = contractToml(
  { id: 'waiting', intent: 'A check that waits until it is interrupted' },
  { kind: 'check', desc: 'waits', run: 'touch started; sleep 30', timeout_sec: 60 },
);

describe('exit codes', () => {
  let cli: CliHome;
  let home: string;
  let workdir: string;
  let db: string;
  let keyFile: string;
  let env: Record<string, string>;
  beforeEach(() => {
    cli = cliHome('exit');
    ({ home, workdir, db, keyFile, env } = cli);
    cli.write('quick.toml', QUICK);
    cli.write('waiting.toml', WAITING);
  });

  it('a mistyped --isolation value is a usage error (64) naming the modes; the same value in [sandbox] is a configuration error (3)', () => {
    const flag = runCli(['run', join(home, 'quick.toml'), ...cli.runFlags, '--isolation', 'frob'], { env });
    expect(flag.code, flag.stderr).toBe(64);
    expect(flag.stderr).toContain('run: --isolation must be one of auto, uid, bwrap, none (got "frob")');
    const typo = runCli(['run', join(home, 'quick.toml'), ...cli.runFlags, '--isolation', 'bwarp'], { env });
    expect(typo.code, typo.stderr).toBe(64);
    expect(typo.stderr).toContain('(got "bwarp") (did you mean "bwrap"?)');
    const configured = cli.write('configured.toml', `${QUICK}\n[sandbox]\nisolation = "frob"\n`);
    const config = runCli(['run', configured, ...cli.runFlags], { env });
    expect(config.code, config.stderr).toBe(3);
  });

  function quickRun(): string {
    const run = runCli(['run', join(home, 'quick.toml'), ...cli.runFlags, '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout).session_id as string;
  }

  it('a corrupted database page is an input error (3) that says what to do, not "unexpected error"', () => {
    const session = quickRun();
    const bytes = readFileSync(db);
    // Break the b-tree page type byte of every page after the first.
    for (let page = 4096; page < bytes.length; page += 4096) bytes[page] = 0x07;
    writeFileSync(db, bytes);
    // verify runs SQLite's integrity check before reading anything; list and show meet the damage
    // as they read.
    for (const [args, what] of [
      [['ledger', 'verify', session], "fails SQLite's integrity check"],
      [['ledger', 'list'], 'SQLITE_CORRUPT'],
      [['ledger', 'show', session], 'SQLITE_CORRUPT'],
    ] as const) {
      const result = runCli([...args, '--db', db], { env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(what);
      expect(result.stderr).toMatch(/restore it from a backup/i);
      expect(result.stderr).not.toContain('unexpected error');
    }
  });

  it('ledger verify runs SQLite’s integrity check first: an index that disagrees with its table is an input error (3)', () => {
    const session = quickRun();
    const raw = new Database(db);
    const pageSize = raw.pragma('page_size', { simple: true }) as number;
    const root = raw
      .prepare<[], { rootpage: number }>(
        "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_journal_1'",
      )
      .get()?.rootpage as number;
    raw.pragma('wal_checkpoint(TRUNCATE)');
    raw.close();
    // Flip a byte of the index's last cell (a key: session id, seq, rowid); the table is untouched.
    // Read through that index, the chain still verifies: `ledger export` once wrote it as a bundle
    // `truss verify` passed, `ledger verdict` called it intact and `truss attest` attested it, for a
    // file `ledger verify` refuses.
    const bytes = readFileSync(db);
    bytes[root * pageSize - 2] = (bytes[root * pageSize - 2] as number) ^ 0x01;
    writeFileSync(db, bytes);
    const out = join(home, 'exported.json');
    for (const args of [
      ['ledger', 'verify', session],
      ['ledger', 'export', session, '-o', out],
      ['ledger', 'verdict', session],
      ['attest', session, '-o', join(home, 'verdict.intoto.json'), '--key', keyFile],
    ]) {
      const result = runCli([...args, '--db', db], { env });
      expect(result.code, `${args[1]}: ${result.stderr}`).toBe(3);
      expect(result.stderr).toContain("fails SQLite's integrity check");
    }
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(home, 'verdict.intoto.json'))).toBe(false);
  });

  it('ledger get of a seq the session does not have exits 3, naming the range', () => {
    const session = quickRun();
    const result = runCli(['ledger', 'get', session, '99999', '--db', db], { env });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain('has no entry 99999 (its entries are 0..');
  });

  it('Ctrl-C (SIGINT) exits 130 after signing run_failed, not 1 like a FAIL verdict', async () => {
    const run = startCli(['run', join(home, 'waiting.toml'), ...cli.runFlags], { env });
    try {
      const until = Date.now() + 30_000;
      while (!existsInWorkdir('started')) {
        if (Date.now() > until) throw new Error('the check never started');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      run.child.kill('SIGINT');
      const result = await run.done;
      expect(result.code, result.stderr).toBe(130);
      expect(result.stderr).toContain('the ledger records run_failed');
      const raw = new Database(db, { readonly: true });
      const last = raw.prepare('SELECT kind, payload FROM journal ORDER BY seq DESC LIMIT 1').get() as {
        kind: string;
        payload: string;
      };
      raw.close();
      expect(last.kind).toBe('run_failed');
      expect(JSON.parse(last.payload).error).toBe('cancelled');
    } finally {
      run.child.kill('SIGKILL');
    }
  });

  it('under --json, Ctrl-C and SIGTERM print the error document on stdout (130 / 143), naming the session', async () => {
    for (const [signal, exit] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      rmSync(join(workdir, 'started'), { force: true });
      const run = startCli(['run', join(home, 'waiting.toml'), ...cli.runFlags, '--json'], { env });
      try {
        const until = Date.now() + 30_000;
        while (!existsInWorkdir('started')) {
          if (Date.now() > until) throw new Error('the check never started');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        run.child.kill(signal);
        const result = await run.done;
        expect(result.code, result.stderr).toBe(exit);
        const { error } = JSON.parse(result.stdout) as {
          error: { exit: number; message: string; session_id: string };
        };
        expect(error.exit).toBe(exit);
        expect(error.message).toContain('the ledger records run_failed');
        expect(error.message).toContain('cannot be resumed');
        expect(result.stderr).toContain(error.session_id);
      } finally {
        run.child.kill('SIGKILL');
      }
    }
  });

  function existsInWorkdir(name: string): boolean {
    try {
      readFileSync(join(workdir, name));
      return true;
    } catch {
      return false;
    }
  }

  it("keygen's refusal to overwrite a key is an input error (3), not a usage error", () => {
    const out = join(home, 'k.key');
    expect(runCli(['keygen', '--out', out], { env }).code).toBe(0);
    const again = runCli(['keygen', '--out', out], { env });
    expect(again.code, again.stderr).toBe(3);
    expect(again.stderr).toContain('already exists; pass --force');
  });

  it('an empty TRUSS_SIGNING_KEY is an error (3) like a whitespace-only one, never the per-install key', () => {
    for (const value of ['', '   ']) {
      const run = runCli(['run', join(home, 'quick.toml'), '--workdir', workdir, '--db', db], {
        env: { ...env, TRUSS_SIGNING_KEY: value },
      });
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toContain('TRUSS_SIGNING_KEY is empty');
      expect(run.stderr).not.toContain('created a signing key');
    }
  });

  it("another application's SQLite file is refused (3) and left untouched", () => {
    const foreign = join(home, 'app.sqlite');
    const raw = new Database(foreign);
    raw.exec(
      "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT); INSERT INTO users (email) VALUES ('a@b.c');",
    );
    raw.close();
    const before = readFileSync(foreign);
    const run = runCli(
      ['run', join(home, 'quick.toml'), '--workdir', workdir, '--db', foreign, '--key', keyFile],
      {
        env,
      },
    );
    expect(run.code, run.stderr).toBe(3);
    expect(run.stderr).toContain('is not a truss ledger database');
    expect(run.stderr).toContain('users');
    expect(readFileSync(foreign).equals(before)).toBe(true);
  });
});
