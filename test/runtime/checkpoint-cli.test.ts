import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeWorkdir } from '../helpers/agent-kit.js';
import { cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';
import { flipByte } from '../helpers/ledger-kit.js';

/** examples/contracts/gated.toml run by the real CLI until it suspends at its gate (exit 6). */
function suspendedGatedRun(prefix: string) {
  const home = cliHome(prefix, { workdir: makeWorkdir() });
  const first = runCli(
    ['run', join(REPO_ROOT, 'examples/contracts/gated.toml'), ...home.runFlags, '--json'],
    {
      env: home.env,
    },
  );
  expect(first.code, first.stderr).toBe(6);
  return { ...home, common: home.runFlags, session: JSON.parse(first.stdout).session_id as string };
}

type Suspended = ReturnType<typeof suspendedGatedRun>;

/**
 * A copy of `run`'s ledger database in a home of its own, for a test that tampers with it. The copy
 * keeps the session's workdir, which a resume must use: the run suspended before its agent wrote
 * anything there, and a resume refused at verification never reaches it.
 */
function copyOf(run: Suspended, prefix: string): Suspended {
  const home = cliHome(prefix, { workdir: run.workdir });
  copyFileSync(run.db, home.db);
  // A write-ahead log left beside it holds entries too.
  if (existsSync(`${run.db}-wal`)) copyFileSync(`${run.db}-wal`, `${home.db}-wal`);
  return { ...home, common: home.runFlags, session: run.session };
}

describe('truss resume and the verified_through checkpoint (real CLI processes)', () => {
  // One suspended run; each test tampers with a copy of its database.
  let suspended: Suspended;
  beforeAll(() => {
    suspended = suspendedGatedRun('checkpoint-cli');
  });
  it('a suspended run is checkpointed; a flipped signature under the checkpoint is refused with and without --verify-all', () => {
    const { db, env, common, session } = copyOf(suspended, 'checkpoint-sig');

    const raw = new Database(db);
    try {
      const checkpoint = raw
        .prepare('SELECT seq FROM verified_through WHERE session_id = ?')
        .get(session) as {
        seq: number;
      };
      const entries = raw.prepare('SELECT count(*) AS n FROM journal WHERE session_id = ?').get(session) as {
        n: number;
      };
      expect(checkpoint.seq).toBe(entries.n - 1);
      const { signature } = raw
        .prepare('SELECT signature FROM journal WHERE session_id = ? AND seq = 1')
        .get(session) as { signature: Buffer };
      const setSignature = (bytes: Buffer) =>
        raw.prepare('UPDATE journal SET signature = ? WHERE session_id = ? AND seq = 1').run(bytes, session);

      setSignature(flipByte(signature, 9));
      for (const extra of [[], ['--verify-all']]) {
        const resumed = runCli(['resume', session, ...common, ...extra], { env });
        expect(resumed.code, resumed.stderr).toBe(1);
        expect(resumed.stderr).toContain('chain does not verify at seq 1 (seq 1: signature is not valid');
        expect(resumed.stderr).toContain('nothing was appended to the ledger');
      }

      setSignature(signature);
      for (const extra of [[], ['--verify-all']]) {
        const resumed = runCli(['resume', session, ...common, ...extra, '--json'], { env });
        expect(resumed.code, resumed.stderr).toBe(6);
        expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'suspended' });
      }
    } finally {
      raw.close();
    }
  });

  it('a cut tail with the head moved back fails truss ledger verify as it fails resume: the signed checkpoint covers the cut entries', () => {
    const { db, env, common, session } = copyOf(suspended, 'checkpoint-cut-verify');

    const raw = new Database(db);
    try {
      const entries = (
        raw.prepare('SELECT count(*) AS n FROM journal WHERE session_id = ?').get(session) as { n: number }
      ).n;
      raw.prepare('DELETE FROM journal WHERE session_id = ? AND seq >= ?').run(session, entries - 2);
      const { entry_hash } = raw
        .prepare('SELECT entry_hash FROM journal WHERE session_id = ? AND seq = ?')
        .get(session, entries - 3) as { entry_hash: Buffer };
      raw
        .prepare("UPDATE sessions SET head_hash = ?, status = 'running' WHERE id = ?")
        .run(entry_hash, session);
    } finally {
      raw.close();
    }

    const verified = runCli(['ledger', 'verify', session, '--db', db, '--json'], { env });
    expect(verified.code, verified.stderr).toBe(1);
    const report = JSON.parse(verified.stdout);
    expect(report.status).toBe('failed');
    expect(report.failure.code).toBe('head_mismatch');
    expect(report.failure.message).toContain('entries were removed');

    const resumed = runCli(['resume', session, ...common], { env });
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(resumed.stderr).toContain('entries were removed');
  });

  it('an edited recorded contract is refused as the broken chain it is, naming the seq, not the contract hash', () => {
    const { db, env, common, session } = copyOf(suspended, 'checkpoint-contract-edit');
    const raw = new Database(db);
    try {
      const { payload } = raw
        .prepare('SELECT payload FROM journal WHERE session_id = ? AND seq = 0')
        .get(session) as { payload: string };
      const edited = payload.replace('"intent":"', '"intent":"EDITED ');
      expect(edited).not.toBe(payload);
      raw.prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 0').run(edited, session);
    } finally {
      raw.close();
    }
    const verified = runCli(['ledger', 'verify', session, '--db', db, '--json'], { env });
    const report = JSON.parse(verified.stdout);
    expect(report.status).toBe('failed');
    const resumed = runCli(['resume', session, ...common], { env });
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(resumed.stderr).toContain('the chain does not verify at seq 0');
    expect(resumed.stderr).toContain(report.failure.message);
    expect(resumed.stderr).not.toContain('contract_hash');
  });

  it('a cut tail with the checkpoint deleted is refused when the export shows the longer head', () => {
    const { db, env, common, session } = copyOf(suspended, 'checkpoint-cut');

    const raw = new Database(db);
    try {
      const count = () =>
        (raw.prepare('SELECT count(*) AS n FROM journal WHERE session_id = ?').get(session) as { n: number })
          .n;
      const entries = count();
      // Someone with write access cuts the last two entries, moves the head back and removes the
      // checkpoint that would reveal the cut: the shorter chain verifies on its own.
      raw.prepare('DELETE FROM journal WHERE session_id = ? AND seq >= ?').run(session, entries - 2);
      const { entry_hash } = raw
        .prepare('SELECT entry_hash FROM journal WHERE session_id = ? AND seq = ?')
        .get(session, entries - 3) as { entry_hash: Buffer };
      raw
        .prepare("UPDATE sessions SET head_hash = ?, status = 'running' WHERE id = ?")
        .run(entry_hash, session);
      raw.prepare('DELETE FROM verified_through WHERE session_id = ?').run(session);

      for (const extra of [[], ['--verify-all']]) {
        const resumed = runCli(['resume', session, ...common, ...extra], { env });
        expect(resumed.code, resumed.stderr).toBe(1);
        expect(resumed.stderr).toContain('does not extend the head recorded in');
        expect(resumed.stderr).toContain('entries were removed');
        expect(count()).toBe(entries - 2);
      }
    } finally {
      raw.close();
    }
  });
});
