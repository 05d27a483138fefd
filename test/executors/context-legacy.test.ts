import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import {
  AGENT_KEY,
  type AgentRun,
  kindsOf,
  makeWorkdir,
  openRunStore,
  resumeAgent,
  say,
  scripted,
  use,
} from '../helpers/agent-kit.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { trustedOf } from '../helpers/keys.js';

/**
 * A session written by Truss before context assembly existed (generated with the code of commit
 * b0d08d6 and kept as rows): an in-loop run suspended on `await_signal` after a list_dir step. Its
 * `executor_started` records no context settings and its model_results digest the old requests.
 */
const FIXTURE = join(REPO_ROOT, 'test/fixtures/ledgers/legacy-in-loop-suspended.json');

interface Rows {
  sessions: Array<Record<string, unknown>>;
  journal: Array<Record<string, unknown>>;
  blobs: Array<Record<string, unknown>>;
  tool_memo: Array<Record<string, unknown>>;
}

/** Inserts the fixture's rows into a fresh ledger database, as the old version left them. */
function loadLegacy(run: AgentRun): string {
  const rows = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Rows;
  const bin = (value: unknown) => (typeof value === 'string' ? Buffer.from(value, 'hex') : null);
  const db = new Database(run.dbPath);
  try {
    const insert = (table: string, row: Record<string, unknown>) => {
      const keys = Object.keys(row);
      db.prepare(`INSERT INTO ${table} (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`).run(
        ...keys.map((k) => row[k]),
      );
    };
    for (const s of rows.sessions)
      insert('sessions', { ...s, head_hash: bin(s.head_hash), public_key: bin(s.public_key) });
    for (const j of rows.journal) {
      insert('journal', {
        ...j,
        prev_hash: bin(j.prev_hash),
        entry_hash: bin(j.entry_hash),
        signature: bin(j.signature),
      });
    }
    for (const b of rows.blobs) insert('blobs', { ...b, hash: bin(b.hash), bytes: bin(b.bytes) });
    for (const m of rows.tool_memo) insert('tool_memo', m);
  } finally {
    db.close();
  }
  return String(rows.sessions[0]?.id);
}

describe('a session recorded before context assembly', () => {
  let run: AgentRun;
  beforeEach(() => {
    run = openRunStore();
  });
  afterEach(() => run.close());

  it('still verifies, replays its recorded requests (same digests) and resumes to a verdict the old way', async () => {
    const sessionId = loadLegacy(run);
    const crypto = createNodeCrypto();
    const trusted = trustedOf(AGENT_KEY);
    expect(run.store.verifySession(sessionId, { crypto, trusted }).status).toBe('suspended');
    const before = kindsOf(run.store, sessionId);
    expect(before).toEqual([
      'run_started',
      'executor_started',
      'model_result',
      'tool_result',
      'model_result',
      'suspended',
    ]);
    const started = [...run.store.entries(sessionId)][0]?.payload as { contract: never };

    run.store.queueSignal(sessionId, 'go', { ok: true });
    const model = scripted([
      use('list_dir', { path: '.' }, 'Looking first.'),
      use('await_signal', { name: 'go', reason: 'wait for the go-ahead' }),
      use('write_file', { path: 'greeting.txt', content: 'hello from the harness\n' }),
      say('Done: greeting.txt holds the line.'),
    ]);
    const outcome = (await resumeAgent({
      store: run.store,
      sessionId,
      contract: started.contract,
      workdir: makeWorkdir(),
      provider: model,
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    expect(outcome.verdict.overall).toBe('pass');
    // Continued the old way: no layer sizes, re-pins or compactions appended to an old session.
    const after = kindsOf(run.store, sessionId);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      'signal_received',
      'tool_result',
      'model_result',
      'tool_result',
      'model_result',
      'executor_result',
      'checks_workspace',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    expect(run.store.verifySession(sessionId, { crypto, trusted }).status).toBe('verified');
  });
});
