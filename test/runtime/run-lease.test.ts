/**
 * `truss run` holds the session lease for as long as it runs: a `truss resume` of the same session
 * started meanwhile is refused (exit 3) instead of interleaving a second writer (a duplicate check,
 * two verdicts, two run_completed). Real processes, a real database.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli, startCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

const SLOW = contractToml(
  { id: 'slow', intent: 'A check that takes a while' },
  { kind: 'check', desc: 'waits for go', run: 'while [ ! -f go ]; do sleep 0.1; done', timeout_sec: 15 },
);

async function waitFor<T>(probe: () => T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('truss run holds the session lease', () => {
  it('a resume of a session whose run is still alive is refused with exit 3 and appends nothing', async () => {
    const { workdir, db, env, runFlags: common, write } = cliHome('run-lease');
    const run = startCli(['run', write('slow.toml', SLOW), ...common, '--json'], { env });
    try {
      const session = await waitFor(() => {
        if (!existsSync(db)) return undefined;
        const raw = new Database(db, { readonly: true });
        try {
          const row = raw.prepare("SELECT session_id FROM journal WHERE kind = 'run_started'").get() as
            | { session_id: string }
            | undefined;
          return row?.session_id;
        } catch {
          return undefined; // not created yet
        } finally {
          raw.close();
        }
      });
      const second = runCli(['resume', session, ...common], { env });
      expect(second.code, second.stderr).toBe(3);
      expect(second.stderr).toContain(`session ${session} is being continued by pid`);
      writeFileSync(join(workdir, 'go'), '');
      const first = await run.done;
      expect(first.code, first.stderr).toBe(0);
      const kinds = runCli(['ledger', 'show', session, '--db', db, '--json'], { env });
      const entries = JSON.parse(kinds.stdout).entries as { kind: string }[];
      expect(entries.filter((e) => e.kind === 'run_completed')).toHaveLength(1);
      expect(entries.filter((e) => e.kind === 'check_result')).toHaveLength(1);
      expect(existsSync(`${db}.lease-${session}`)).toBe(false);
    } finally {
      run.child.kill('SIGKILL');
    }
  });
});
