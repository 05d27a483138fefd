import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Bundle,
  createNodeCrypto,
  exportBundle,
  type LedgerEntry,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import type {
  ChatRequest,
  ChatResult,
  CompletionRequest,
  CompletionResult,
  Provider,
} from '../../src/core/providers/provider.js';
import type { ScriptedResponse } from '../../src/core/providers/scripted.js';
import { type CompletedOutcome, resumeContract, runContract } from '../../src/core/run/index.js';
import type { Ctx } from '../../src/core/runtime/ctx.js';
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
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';

/**
 * docs/fanout.md: a `[fanout]` contract runs as K child runs (real signed sessions in the same
 * SQLite file, real git copies, real check processes, the scripted provider as the model) and one
 * signed choice. Each reducer, the tree budget, resume and the exported bundle with its children.
 */

const crypto = createNodeCrypto();
const trusted = new Map([[AGENT_KEY.publicKeyHex, 'agent']]);
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };
const GREETING_INTENT = 'Create greeting.txt containing exactly: hello from the harness';

/** The greeting contract with an in-loop agent, `[fanout]` as given and any further tables. */
function fanoutContract(
  fanout: Record<string, string | number>,
  tables: Parameters<typeof contractToml>[2] = {},
) {
  return contractFrom(
    contractToml(
      { id: 'greeting-fanout', intent: GREETING_INTENT },
      { ...GREETING_CHECK, timeout_sec: 10 },
      {
        executor: { kind: 'in-loop' },
        constraints: { allow_tools: ['read_file', 'write_file', 'list_dir'] },
        fanout,
        ...tables,
      },
    ),
  );
}

const write = (
  content: string,
  usage?: { input_tokens: number; output_tokens: number },
): ScriptedResponse => ({
  ...use('write_file', { path: 'greeting.txt', content }),
  ...(usage ? { usage } : {}),
});
const RIGHT = 'hello from the harness\n';
const WRONG = 'hello, world\n';
/** One attempt of the agent: write `content`, then say it is done. */
const attempt = (content: string, usage?: { input_tokens: number; output_tokens: number }) => [
  write(content, usage),
  say('done', usage),
];

function completed(outcome: unknown): CompletedOutcome {
  expect((outcome as CompletedOutcome).status).toBe('completed');
  return outcome as CompletedOutcome;
}

function entriesOf(run: AgentRun, sessionId: string): LedgerEntry[] {
  return [...run.store.entries(sessionId)];
}

describe('[fanout] in one process', () => {
  let run: AgentRun;
  let workdir: string;
  let scratch: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
    scratch = mkdtempSync(join(tmpdir(), 'truss-fanout-test-'));
  });
  afterEach(() => run.close());

  function fanout(
    contract: ReturnType<typeof contractFrom>,
    provider: Provider,
    extra: { seats?: Provider[] } = {},
  ): Promise<unknown> {
    return runContract({
      contract: contract.contract,
      contractHash: contract.hash,
      workdir,
      store: run.store,
      signer: AGENT_KEY,
      ctx: ctxFor(contract.contract, { events: run.events }),
      panel: extra.seats ? { seats: extra.seats } : { unavailable: 'no panel in this test' },
      env: ENV,
      codeVersion: 'test',
      principal: { login: 'test' },
      executorProvider: provider,
      // Copies and clean rooms in a directory of this test's own, not among other suites' in /tmp.
      cleanRoomParent: scratch,
    });
  }

  it('best_score: each attempt is its own signed session in its own copy; the best is chosen, anchored, applied and exported', async () => {
    const contract = fanoutContract({ attempts: 3, reducer: 'best_score', concurrency: 1 });
    const provider = scripted([...attempt(WRONG), ...attempt(RIGHT), ...attempt(RIGHT)]);
    const outcome = completed(await fanout(contract, provider));

    expect(outcome.verdict.overall).toBe('pass');
    expect(outcome.fanout?.winner).toBe(2);
    expect(outcome.fanout?.legs.map((leg) => [leg.attempt, leg.overall, leg.checksMet])).toEqual([
      [1, 'fail', 0],
      [2, 'pass', 1],
      [3, 'pass', 1],
    ]);
    expect(outcome.fanout?.why).toMatch(/best score/);
    // The winner's work lands in the run's own workdir, as one run of it would have left it.
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe(RIGHT);
    expect(outcome.fanout?.applied).toEqual({ applied: true, error: null });

    const kinds = kindsOf(run.store, outcome.sessionId);
    expect(kinds).toEqual([
      'run_started',
      'child_anchor',
      'child_anchor',
      'child_anchor',
      'fanout_reduction',
      'fanout_applied',
      'verdict',
      'run_completed',
    ]);
    const parent = entriesOf(run, outcome.sessionId);
    const anchors = parent.filter((e) => e.kind === 'child_anchor');
    for (const [i, anchor] of anchors.entries()) {
      const child = entriesOf(run, String(anchor.payload.child_session_id));
      const verdict = child.find((e) => e.kind === 'verdict') as LedgerEntry;
      expect(anchor.payload).toMatchObject({
        child_root_hash: child[0]?.entry_hash,
        child_head_hash: child.at(-1)?.entry_hash,
        task: contract.contract.contract.intent,
        scope: { write_scope: ['.'] },
        status: 'completed',
        verdict_ref: { seq: verdict.seq, entry_hash: verdict.entry_hash },
        attempt: i + 1,
      });
      // Each child names its parent in its signed run_started, and works in a copy, not the workdir.
      expect(child[0]?.payload.parent).toMatchObject({ session_id: outcome.sessionId, attempt: i + 1 });
      expect(child[0]?.payload.workdir).not.toBe(workdir);
      expect(child[0]?.payload.contract).not.toHaveProperty('fanout');
      // The copy is of the run's work: the child records the run's repository, base and head.
      expect(child[0]?.payload.git).toEqual(parent[0]?.payload.git);
    }
    const reduction = parent.find((e) => e.kind === 'fanout_reduction') as LedgerEntry;
    expect(reduction.payload.winner).toMatchObject({
      anchor_seq: anchors[1]?.seq,
      child_session_id: anchors[1]?.payload.child_session_id,
      verdict_ref: anchors[1]?.payload.verdict_ref,
    });
    const verdict = parent.find((e) => e.kind === 'verdict') as LedgerEntry;
    expect(verdict.payload.fanout).toMatchObject({ reducer: 'best_score', winner: 2 });

    expect(run.store.verifySession(outcome.sessionId, { crypto, trusted }).status).toBe('verified');
    const bundle = exportBundle(run.store, outcome.sessionId, crypto);
    expect(bundle.ledger.child_sessions.map((child) => child.session_id)).toEqual(
      anchors.map((anchor) => anchor.payload.child_session_id),
    );
    const report = verifyBundle(bundle, { crypto, trusted });
    expect(report.status).toBe('verified');
    expect(report.children.map((child) => child.status)).toEqual(['verified', 'verified', 'verified']);
  });

  it('recursive verification: a tampered child is caught and named; a winner re-pointed to another child is caught', async () => {
    const contract = fanoutContract({ attempts: 2, reducer: 'best_score', concurrency: 1 });
    const outcome = completed(await fanout(contract, scripted([...attempt(RIGHT), ...attempt(WRONG)])));
    const bundle = exportBundle(run.store, outcome.sessionId, crypto);
    const tamperedChild = structuredClone(bundle) as Bundle;
    const child = tamperedChild.ledger.child_sessions[1] as Bundle['ledger'];
    const verdict = child.entries.find((e) => e.kind === 'verdict') as LedgerEntry;
    verdict.payload.overall = 'pass';
    const report = verifyBundle(tamperedChild, { crypto, trusted });
    expect(report.status).toBe('failed');
    expect(report.failure?.code).toBe('child_failed');
    expect(report.failure?.message).toContain(child.session_id);
    expect(report.failure?.message).toContain('entry_hash does not match');
    expect(report.children[1]?.failure).toMatchObject({ code: 'entry_hash_mismatch', seq: verdict.seq });

    // Swapping the children's ledgers under each other's ids: each anchor commits to another chain.
    const swapped = structuredClone(bundle) as Bundle;
    const [a, b] = swapped.ledger.child_sessions as [Bundle['ledger'], Bundle['ledger']];
    swapped.ledger.child_sessions = [
      { ...b, session_id: a.session_id },
      { ...a, session_id: b.session_id },
    ];
    const swappedReport = verifyBundle(swapped, { crypto, trusted });
    expect(swappedReport.status).toBe('failed');
    expect(['child_failed', 'child_anchor_mismatch']).toContain(swappedReport.failure?.code);
  });

  it('first_success: running siblings are cancelled once one passes, and their ledgers say so', async () => {
    const contract = fanoutContract({ attempts: 3, reducer: 'first_success' });
    let calls = 0;
    // The first model call of any attempt writes the right greeting; every other attempt's call waits
    // until its run is cancelled (a slow model the winner makes unnecessary).
    const provider: Provider = {
      kind: 'openai-compatible',
      model: 'first-wins',
      complete: async (): Promise<CompletionResult> => {
        throw new Error('chat only');
      },
      chat: async (request: ChatRequest, ctx: Ctx): Promise<ChatResult> => {
        const position = request.messages.filter((m) => m.role === 'assistant').length;
        if (position === 0 && calls++ === 0) {
          return {
            content: [
              {
                type: 'tool_use',
                id: 'w1',
                name: 'write_file',
                input: { path: 'greeting.txt', content: RIGHT },
              },
            ],
            stopReason: 'tool_use',
            model: 'first-wins',
            usage: { inputTokens: 5, outputTokens: 5, costUsd: 0 },
          };
        }
        if (position === 1) {
          return {
            content: [{ type: 'text', text: 'done' }],
            stopReason: 'end_turn',
            model: 'first-wins',
            usage: { inputTokens: 1, outputTokens: 1, costUsd: 0 },
          };
        }
        return new Promise<ChatResult>((_, reject) => {
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        });
      },
    };
    const outcome = completed(await fanout(contract, provider));
    expect(outcome.verdict.overall).toBe('pass');
    const winner = outcome.fanout?.legs.find((leg) => leg.attempt === outcome.fanout?.winner);
    expect(winner).toMatchObject({ status: 'completed', overall: 'pass', finishedRank: 1 });
    const others = outcome.fanout?.legs.filter((leg) => leg !== winner) ?? [];
    expect(others.map((leg) => leg.status)).toEqual(['cancelled', 'cancelled']);
    expect(others.every((leg) => leg.verdictRef === null)).toBe(true);
    for (const leg of others) {
      expect(kindsOf(run.store, leg.sessionId).at(-1)).toBe('run_failed');
      expect(leg.error).toContain(`attempt ${winner?.attempt} passed first`);
    }
    expect(outcome.fanout?.why).toMatch(/first to pass.*2 attempts still running then cancelled/);
    expect(run.store.verifySession(outcome.sessionId, { crypto, trusted }).status).toBe('verified');
  });

  it('first_success one at a time: attempts after the first pass are never started', async () => {
    const contract = fanoutContract({ attempts: 4, reducer: 'first_success', concurrency: 1 });
    const outcome = completed(await fanout(contract, scripted([...attempt(WRONG), ...attempt(RIGHT)])));
    expect(outcome.fanout?.winner).toBe(2);
    expect(outcome.fanout?.legs.map((leg) => leg.attempt)).toEqual([1, 2]);
    expect(kindsOf(run.store, outcome.sessionId).filter((k) => k === 'child_anchor')).toHaveLength(2);
    expect(run.store.verifySession(outcome.sessionId, { crypto, trusted }).status).toBe('verified');
  });

  it('timeout_sec: an attempt still working at its deadline is cancelled, anchored as such, and cannot win', async () => {
    const contract = fanoutContract({ attempts: 2, reducer: 'vote', timeout_sec: 0.5 });
    const hangs: Provider = {
      kind: 'openai-compatible',
      model: 'slow',
      complete: async (): Promise<CompletionResult> => {
        throw new Error('chat only');
      },
      chat: (_request: ChatRequest, ctx: Ctx) =>
        new Promise<ChatResult>((_, reject) => {
          ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
    };
    const started = Date.now();
    const outcome = completed(await fanout(contract, hangs));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.fanout?.legs.map((leg) => [leg.status, leg.error])).toEqual([
      ['cancelled', 'deadline'],
      ['cancelled', 'deadline'],
    ]);
    expect(outcome.fanout?.winner).toBeNull();
    expect(outcome.verdict.overall).toBe('fail');
    for (const leg of outcome.fanout?.legs ?? []) {
      const child = entriesOf(run, leg.sessionId);
      expect(child.at(-1)).toMatchObject({ kind: 'run_failed', payload: { error: 'cancelled' } });
    }
    expect(run.store.verifySession(outcome.sessionId, { crypto, trusted }).status).toBe('verified');
  });

  it('vote: a strict majority of verdicts decides; the best-scoring attempt of the majority wins', async () => {
    const contract = fanoutContract({ attempts: 3, reducer: 'vote', concurrency: 1 });
    const outcome = completed(
      await fanout(contract, scripted([...attempt(WRONG), ...attempt(RIGHT), ...attempt(WRONG)])),
    );
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.fanout?.winner).toBe(1);
    expect(outcome.fanout?.why).toMatch(/strict majority FAIL \(1 pass, 2 fail, 0 unverifiable of 3\)/);
    // A failing winner's work is still what the run reports, but the verdict is its FAIL.
    expect(outcome.verdict.clauses[0]?.status).toBe('not_met');
  });

  it('vote without a strict majority chooses no attempt and fails closed', async () => {
    const contract = fanoutContract({ attempts: 2, reducer: 'vote', concurrency: 1 });
    const outcome = completed(await fanout(contract, scripted([...attempt(RIGHT), ...attempt(WRONG)])));
    expect(outcome.fanout?.winner).toBeNull();
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.verdict.forced[0]).toMatch(/fan-out chose no attempt: no strict majority/);
    const reduction = entriesOf(run, outcome.sessionId).find((e) => e.kind === 'fanout_reduction');
    expect(reduction?.payload.winner).toBeNull();
    expect(kindsOf(run.store, outcome.sessionId)).not.toContain('fanout_applied');
    expect(readFileSync(join(workdir, 'README.md'), 'utf8')).toBe('# demo\n');
    expect(run.store.verifySession(outcome.sessionId, { crypto, trusted }).status).toBe('verified');
  });

  it("judge_panel: the panel compares the passing candidates' diffs and its majority choice wins", async () => {
    const contract = fanoutContract({ attempts: 3, reducer: 'judge_panel', concurrency: 1 });
    // Every attempt passes a looser check; the judges prefer attempt 3's wording.
    const loose = {
      ...contract,
      contract: {
        ...contract.contract,
        done: [
          {
            ...contract.contract.done[0],
            run: 'grep -q hello greeting.txt',
            desc: 'greeting.txt says hello',
          },
        ],
      } as typeof contract.contract,
    };
    const provider = scripted([
      ...attempt('hello\n'),
      ...attempt('hello there\n'),
      ...attempt('hello from the harness\n'),
    ]);
    const asked: CompletionRequest[] = [];
    const seat = (choice: number): Provider => {
      const inner = scripted(
        [
          {
            text: JSON.stringify({ choice, reasoning: `attempt ${choice} matches the intent word for word` }),
          },
        ],
        `judge-${choice}.json`,
      );
      return {
        kind: inner.kind,
        model: inner.model,
        chat: (request, ctx) => inner.chat(request, ctx),
        complete: (request, ctx) => {
          asked.push(request);
          return inner.complete(request, ctx);
        },
      };
    };
    const outcome = completed(await fanout(loose, provider, { seats: [seat(3), seat(3), seat(1)] }));
    // Each judge saw the intent and every candidate's diff, inside the nonce-delimited evidence region.
    expect(asked).toHaveLength(3);
    const evidence = String(asked[0]?.messages[1]?.content);
    expect(evidence).toMatch(/^<evidence-[0-9a-z]+>/);
    for (const [n, line] of [
      [1, '+hello'],
      [2, '+hello there'],
      [3, '+hello from the harness'],
    ] as const) {
      expect(evidence).toContain(`candidate attempt ${n}: diff]`);
      expect(evidence).toContain(line);
    }
    expect(String(asked[0]?.messages[0]?.content)).toContain(contract.contract.contract.intent);
    expect(outcome.fanout?.legs.map((leg) => leg.overall)).toEqual(['pass', 'pass', 'pass']);
    expect(outcome.fanout?.winner).toBe(3);
    expect(outcome.fanout?.why).toBe(
      '2 of 3 judges chose attempt 3 (attempt 1: 1, attempt 2: 0, attempt 3: 2)',
    );
    const votes = entriesOf(run, outcome.sessionId).filter((e) => e.kind === 'fanout_judge_vote');
    expect(votes.map((v) => [v.payload.seat, v.payload.choice])).toEqual([
      [0, 3],
      [1, 3],
      [2, 1],
    ]);
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe(RIGHT);
    expect(verifyBundle(exportBundle(run.store, outcome.sessionId, crypto), { crypto, trusted }).status).toBe(
      'verified',
    );
  });

  it("budget: every attempt is charged to the run's meter; together they stop at its ceiling", async () => {
    // 300 tokens for the run, an even slice of 100 per attempt; each model call uses 150.
    const contract = fanoutContract(
      { attempts: 3, reducer: 'best_score', concurrency: 1 },
      { budget: { max_total_tokens: 300 } },
    );
    const usage = { input_tokens: 100, output_tokens: 50 };
    const provider = scripted([...attempt(RIGHT, usage), ...attempt(RIGHT, usage), ...attempt(RIGHT, usage)]);
    const outcome = completed(await fanout(contract, provider));
    const legs = outcome.fanout?.legs ?? [];
    // Attempts 1 and 2 each went past their slice with their first call; attempt 3 found the run's
    // ceiling reached and never called the model.
    expect(legs.map((leg) => leg.totalTokens)).toEqual([150, 150, 0]);
    expect(legs.map((leg) => leg.overall)).toEqual(['fail', 'fail', 'fail']);
    expect(outcome.spent.totalTokens).toBe(300);
    const children = legs.map((leg) => entriesOf(run, leg.sessionId).find((e) => e.kind === 'verdict'));
    expect(children.map((v) => (v?.payload.forced as string[] | undefined)?.[0])).toEqual([
      expect.stringMatching(/budget exhausted: used 150 of max_total_tokens 100/),
      expect.stringMatching(/budget exhausted: used 150 of max_total_tokens 100/),
      expect.stringMatching(/budget exhausted: used 300 of max_total_tokens 300/),
    ]);
    const anchor = entriesOf(run, outcome.sessionId).find((e) => e.kind === 'child_anchor');
    expect(anchor?.payload.budget_slice).toEqual({ max_total_tokens: 100 });
  });

  it('resume of a finished fan-out replays its anchors and reduction and appends nothing', async () => {
    const contract = fanoutContract({ attempts: 2, reducer: 'best_score', concurrency: 1 });
    const outcome = completed(await fanout(contract, scripted([...attempt(WRONG), ...attempt(RIGHT)])));
    const before = kindsOf(run.store, outcome.sessionId).length;
    const resumed = completed(
      await resumeContract({
        sessionId: outcome.sessionId,
        store: run.store,
        signer: AGENT_KEY,
        crypto,
        workdir,
        ctx: ctxFor(contract.contract),
        panel: { unavailable: 'none' },
        env: ENV,
        executorProvider: scripted([]),
      }),
    );
    expect(resumed.verdict.overall).toBe('pass');
    expect(resumed.fanout?.winner).toBe(2);
    expect(kindsOf(run.store, outcome.sessionId)).toHaveLength(before);
  });

  it('executor "none": the attempts judge the same working tree (no copies)', async () => {
    const contract = contractFrom(
      contractToml(
        { id: 'verify-fanout', intent: 'README exists' },
        { kind: 'check', desc: 'README exists', run: 'test -f README.md' },
        { fanout: { attempts: 3, reducer: 'vote' } },
      ),
    );
    const outcome = completed(await fanout(contract, scripted([])));
    expect(outcome.verdict.overall).toBe('pass');
    expect(outcome.fanout?.legs.map((leg) => leg.overall)).toEqual(['pass', 'pass', 'pass']);
    for (const leg of outcome.fanout?.legs ?? []) {
      expect(entriesOf(run, leg.sessionId)[0]?.payload.workdir).toBe(workdir);
    }
    expect(kindsOf(run.store, outcome.sessionId)).not.toContain('fanout_applied');
  });
});
