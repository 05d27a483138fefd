import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  exportBundle,
  type LedgerEntry,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import type { ScriptedResponse } from '../../src/core/providers/scripted.js';
import { type CompletedOutcome, resumeContract, runContract } from '../../src/core/run/index.js';
import {
  AGENT_KEY,
  type AgentRun,
  contractFrom,
  ctxFor,
  kindsOf,
  makeWorkdir,
  openRunStore,
  say,
  scripted,
  use,
} from '../helpers/agent-kit.js';

/**
 * docs/fanout.md "The spawn tool": the in-loop agent delegates a scoped sub-task to a child run —
 * its own signed session in the same SQLite file, judged by the panel against the task — and gets
 * {child_session_id, verdict, changes, usage} back; the parent anchors the child right after the
 * tool result. Real tools, real git, the scripted provider as agent and panel.
 */

const crypto = createNodeCrypto();
const trusted = new Map([[AGENT_KEY.publicKeyHex, 'agent']]);
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };

const CONTRACT = (allow = '"read_file", "write_file", "spawn"') =>
  contractFrom(`
[contract]
id = "spawner"
intent = "Write greeting.txt, and have a helper write docs/notes.txt"

[[done]]
kind = "check"
desc = "both files exist"
run = "test -f greeting.txt && test -f docs/notes.txt"
timeout_sec = 10

[executor]
kind = "in-loop"

[budget]
max_total_tokens = 10000

[constraints]
allow_tools = [${allow}]
`);

const tokens = { input_tokens: 30, output_tokens: 10 };
const SPAWN = use('spawn', {
  task: 'Write docs/notes.txt containing the line: notes',
  scope: ['docs'],
  budget_slice: { max_steps: 3, max_total_tokens: 500 },
});
const met = () =>
  scripted([{ text: JSON.stringify({ vote: 'met', reasoning: 'docs/notes.txt says notes' }) }], 'seat.json');

function completed(outcome: unknown): CompletedOutcome {
  expect((outcome as CompletedOutcome).status).toBe('completed');
  return outcome as CompletedOutcome;
}

describe('the spawn tool', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
  });
  afterEach(() => run.close());

  function start(contract: ReturnType<typeof CONTRACT>, responses: ScriptedResponse[]) {
    return runContract({
      contract: contract.contract,
      contractHash: contract.hash,
      workdir,
      store: run.store,
      signer: AGENT_KEY,
      ctx: ctxFor(contract.contract, { events: run.events }),
      panel: { seats: [met()] },
      env: ENV,
      codeVersion: 'test',
      principal: { login: 'test' },
      executorProvider: scripted(responses),
      cleanRoomParent: mkdtempSync(join(tmpdir(), 'truss-spawn-test-')),
    });
  }

  it('runs a scoped child, returns its verdict, changes and usage, and anchors it after the tool result', async () => {
    const contract = CONTRACT();
    const responses: ScriptedResponse[] = [
      { ...SPAWN, usage: tokens },
      // the child: writes inside its scope, then finishes
      { ...use('write_file', { path: 'docs/notes.txt', content: 'notes\n' }), usage: tokens },
      { ...say('notes written'), usage: tokens },
      // the parent again
      { ...use('write_file', { path: 'greeting.txt', content: 'hello\n' }), usage: tokens },
      { ...say('done'), usage: tokens },
    ];
    const outcome = completed(await start(contract, responses));
    expect(outcome.verdict.overall).toBe('pass');
    expect(readFileSync(join(workdir, 'docs/notes.txt'), 'utf8')).toBe('notes\n');

    const parent: LedgerEntry[] = [...run.store.entries(outcome.sessionId)];
    const result = parent.find((e) => e.kind === 'tool_result' && e.payload.name === 'spawn') as LedgerEntry;
    const anchor = parent[result.seq + 1] as LedgerEntry;
    expect(anchor.kind).toBe('child_anchor');
    const returned = JSON.parse(String(result.payload.content));
    expect(returned).toMatchObject({
      child_session_id: anchor.payload.child_session_id,
      status: 'completed',
      verdict: { overall: 'pass' },
      changes: { files: ['docs/notes.txt'] },
      usage: { total_tokens: 80 },
    });
    const child: LedgerEntry[] = [...run.store.entries(String(anchor.payload.child_session_id))];
    const verdict = child.find((e) => e.kind === 'verdict') as LedgerEntry;
    expect(anchor.payload).toMatchObject({
      child_root_hash: child[0]?.entry_hash,
      child_head_hash: child.at(-1)?.entry_hash,
      task: 'Write docs/notes.txt containing the line: notes',
      scope: { write_scope: ['docs'] },
      budget_slice: { max_steps: 3, max_total_tokens: 500 },
      status: 'completed',
      verdict_ref: { seq: verdict.seq, entry_hash: verdict.entry_hash },
    });
    // The child: its parent in its signed run_started, the narrower scope, no spawn tool of its own,
    // and the panel judging its change against the task.
    const started = child[0]?.payload as {
      parent: unknown;
      contract: { constraints: { write_scope: string[]; allow_tools: string[] } };
    };
    expect(started.parent).toMatchObject({ session_id: outcome.sessionId, task: anchor.payload.task });
    expect(started.contract.constraints.write_scope).toEqual(['docs']);
    expect(started.contract.constraints.allow_tools).not.toContain('spawn');
    expect(child.find((e) => e.kind === 'executor_started')?.payload.tools).not.toContain('spawn');
    expect(child.filter((e) => e.kind === 'review_vote').map((e) => e.payload.vote)).toEqual(['met']);
    // One account: the child's 80 tokens are in the run's total (5 calls × 40).
    expect(outcome.spent.totalTokens).toBe(200);

    const report = verifyBundle(exportBundle(run.store, outcome.sessionId, crypto), { crypto, trusted });
    expect(report.status).toBe('verified');
    expect(report.children.map((c) => c.session_id)).toEqual([anchor.payload.child_session_id]);

    // Resume of the finished run replays the tool result and the anchor; nothing is spawned again.
    const before = kindsOf(run.store, outcome.sessionId).length;
    const resumed = completed(
      await resumeContract({
        sessionId: outcome.sessionId,
        store: run.store,
        signer: AGENT_KEY,
        crypto,
        workdir,
        ctx: ctxFor(contract.contract),
        panel: { seats: [met()] },
        env: ENV,
        // A scripted fixture is advanced on replay by the run's own recorded calls (docs/runtime.md);
        // the child's calls are in the child's ledger and are not replayed, so the run's own answers.
        executorProvider: scripted([responses[0], responses[3], responses[4]] as ScriptedResponse[]),
      }),
    );
    expect(resumed.verdict.overall).toBe('pass');
    expect(resumed.spent.totalTokens).toBe(200);
    expect(kindsOf(run.store, outcome.sessionId)).toHaveLength(before);
    expect(run.store.sessions().length).toBe(2);
  });

  it("a scope outside the run's write scope is refused and no child runs", async () => {
    const contract = CONTRACT();
    const outcome = completed(
      await start(contract, [use('spawn', { task: 'escape', scope: ['../elsewhere'] }), say('giving up')]),
    );
    const result = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'tool_result');
    expect(result?.payload).toMatchObject({ name: 'spawn', is_error: true });
    expect(String(result?.payload.content)).toMatch(
      /spawn refused: scope "..\/elsewhere" is outside this run's write scope/,
    );
    expect(kindsOf(run.store, outcome.sessionId)).not.toContain('child_anchor');
    expect(run.store.sessions().length).toBe(1);
  });

  it('no recursive spawn: the child has no spawn tool, and asking for one is refused', async () => {
    const contract = CONTRACT();
    const outcome = completed(
      await start(contract, [
        SPAWN,
        use('spawn', { task: 'grandchild' }),
        use('write_file', { path: 'docs/notes.txt', content: 'notes\n' }),
        say('notes written'),
        use('write_file', { path: 'greeting.txt', content: 'hello\n' }),
        say('done'),
      ]),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(run.store.sessions().length).toBe(2);
    const anchor = [...run.store.entries(outcome.sessionId)].find(
      (e) => e.kind === 'child_anchor',
    ) as LedgerEntry;
    const refused = [...run.store.entries(String(anchor.payload.child_session_id))].find(
      (e) => e.kind === 'tool_result' && e.payload.name === 'spawn',
    );
    expect(refused?.payload).toMatchObject({ is_error: true, refused: true });
    expect(String(refused?.payload.content)).toMatch(/unknown tool "spawn"/);
  });

  it('spawn is opt-in by name: a contract that does not list it offers no spawn tool', async () => {
    const contract = CONTRACT('"read_file", "write_file"');
    const outcome = completed(await start(contract, [SPAWN, say('done')]));
    const started = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'executor_started');
    expect(started?.payload.tools).not.toContain('spawn');
    expect(existsSync(join(workdir, 'docs'))).toBe(false);
    expect(run.store.sessions().length).toBe(1);
  });
});
