/**
 * A ledger database the user cannot write is their setup, not a bug in truss: exit 3 with what to
 * change, never "unexpected error … Please report it". Real CLI processes and a real SQLite file;
 * the CLI runs as another user when the suite is root (root writes through any mode bits).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { trussArgv } from '../helpers/built-dist.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { seededKey } from '../helpers/keys.js';

const CONTRACT = contractToml(
  { id: 'read-only-ledger', intent: 'A check that passes' },
  { kind: 'check', desc: 'true passes', run: 'true' },
);

describe('a read-only ledger database', () => {
  it('truss run into it is refused (3) with what to change; the database is unchanged', () => {
    const cli = cliHome('ro-ledger');
    chmodSync(cli.home, 0o755);
    const contract = cli.write('c.toml', CONTRACT);
    chmodSync(contract, 0o644);
    // A ledger that exists and holds one session, made read-only in a directory anyone may write
    // (so the refusal is the file's own, not its directory's).
    const state = join(cli.home, 'state');
    mkdirSync(state);
    chmodSync(state, 0o777);
    const ledger = join(state, 'ledger.db');
    const first = runCli(
      ['run', contract, '--workdir', cli.workdir, '--key', cli.keyFile, '--db', ledger, '--json'],
      { env: cli.env },
    );
    expect(first.code, first.stderr).toBe(0);
    chmodSync(ledger, 0o444);
    const workdir = join(cli.home, 'repo');
    mkdirSync(workdir);
    chmodSync(workdir, 0o777);
    const asOther = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const [command, ...prefix] = trussArgv();
    const result = spawnSync(
      command,
      [...prefix, 'run', contract, '--workdir', workdir, '--db', ledger, '--isolation', 'none', '--json'],
      {
        cwd: workdir,
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: workdir,
          TMPDIR: workdir,
          GIT_CONFIG_GLOBAL: '/dev/null',
          XDG_CACHE_HOME: join(workdir, 'cache'),
          TRUSS_SIGNING_KEY: seededKey(0x63).seedBase64,
        },
        ...asOther,
      },
    );
    expect(result.status, result.stderr).toBe(3);
    expect(result.stderr, result.stderr).toContain('the ledger database is read-only (SQLITE_READONLY');
    expect(result.stderr).toContain('pass --db with another path');
    expect(result.stderr).not.toContain('unexpected error');
    expect(JSON.parse(result.stdout).error.exit).toBe(3);
    const db = new Database(ledger, { readonly: true });
    const sessions = db.prepare('SELECT COUNT(DISTINCT session_id) AS n FROM journal').get() as { n: number };
    db.close();
    expect(sessions.n).toBe(1);
  });
});
