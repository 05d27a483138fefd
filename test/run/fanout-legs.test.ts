import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArms } from '../../src/core/contract/index.js';
import {
  type Bundle,
  createNodeCrypto,
  exportBundle,
  type LedgerEntry,
  LedgerStore,
  type Signer,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import type { Provider } from '../../src/core/providers/provider.js';
import type { ScriptedResponse } from '../../src/core/providers/scripted.js';
import { startEval } from '../../src/core/run/eval.js';
import { fanoutChildPlan } from '../../src/core/run/fanout-plan.js';
import type { ExcludedLeg, RunnerLeg } from '../../src/core/run/fanout-types.js';
import { type CompletedOutcome, runContract } from '../../src/core/run/index.js';
import { admitLeg, importLeg, type LegExpectation } from '../../src/core/run/leg-admission.js';
import { type LegPlan, legPlan, recordedDiff } from '../../src/core/run/leg-plan.js';
import {
  AGENT_KEY,
  contractFrom,
  ctxFor,
  git,
  kindsOf,
  makeWorkdir,
  say,
  scripted,
  use,
} from '../helpers/agent-kit.js';
import { contractToml, GREETING_CHECK, TRUE_CHECK } from '../helpers/contract-toml.js';
import { keyFromByte } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * docs/fanout.md "Fan-out across runners", below the Action: each leg runs in its own repository
 * clone and its own SQLite file (as on its own runner) and is exported as a bundle; the reducer
 * admits each bundle against the pinned keys and what an honest leg signed, imports it verbatim and
 * writes the parent through the same runFanout as one process — real signatures, real git, real
 * check processes, the scripted provider as the model.
 */

const crypto = createNodeCrypto();
const REDUCER_KEY = keyFromByte(0x71);
const FOREIGN_KEY = keyFromByte(0x72);
const trusted = new Map([
  [AGENT_KEY.publicKeyHex, 'legs'],
  [REDUCER_KEY.publicKeyHex, 'reducer'],
]);
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME };
const PARENT = '0f1e2d3c-4b5a-8697-a8b9-cadbecfd0e1f';
const RIGHT = 'hello from the harness\n';
const WRONG = 'hello, world\n';

const attempt = (content: string, tokens = 10): ScriptedResponse[] => [
  {
    ...use('write_file', { path: 'greeting.txt', content }),
    usage: { input_tokens: tokens, output_tokens: 0 },
  },
  say('done', { input_tokens: tokens, output_tokens: 0 }),
];

function fanoutContract(fanout: Record<string, string | number>, budget: Record<string, number> = {}) {
  return contractFrom(
    contractToml(
      { id: 'greeting-legs', intent: 'Create greeting.txt containing exactly: hello from the harness' },
      { ...GREETING_CHECK, timeout_sec: 10 },
      {
        executor: { kind: 'in-loop' },
        constraints: { allow_tools: ['read_file', 'write_file', 'list_dir'] },
        budget: { max_total_tokens: 3000, ...budget },
        fanout,
      },
    ),
  );
}

interface Leg {
  bundle: Bundle;
  patch: Buffer | null;
  sessionId: string;
}

describe('fan-out legs on separate runners, reduced in one job', () => {
  let origin: string;
  let scratch: string;
  let reducer: { store: LedgerStore; workdir: string };
  const stores: LedgerStore[] = [];

  beforeEach(() => {
    origin = makeWorkdir({ git: true });
    scratch = mkdtempSync(join(tmpdir(), 'truss-legs-test-'));
    reducer = { store: openStore(), workdir: clone() };
  });
  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
  });

  function openStore(): LedgerStore {
    const store = LedgerStore.open(join(tempDir('legs-db').dir, 'ledger.db'));
    stores.push(store);
    return store;
  }

  function clone(): string {
    const dir = join(tempDir('legs-clone').dir, 'repo');
    git(origin, 'clone', '-q', origin, dir);
    return dir;
  }

  /** One leg job: its own clone and ledger file, running its plan, exported as it would be uploaded. */
  async function runPlan(plan: LegPlan, provider: Provider, key: Signer = AGENT_KEY): Promise<Leg> {
    const store = openStore();
    const outcome = await runContract({
      contract: plan.contract,
      contractHash: plan.contractHash,
      workdir: clone(),
      store,
      signer: key,
      ctx: ctxFor(plan.contract),
      panel: { unavailable: 'no panel in this test' },
      env: ENV,
      codeVersion: 'test',
      principal: { login: 'leg' },
      executorProvider: provider,
      parent: plan.parent,
      cleanRoomParent: scratch,
    });
    const diff = recordedDiff(store.entries(outcome.sessionId));
    return {
      bundle: exportBundle(store, outcome.sessionId, crypto),
      patch: diff ? (store.blob(diff)?.bytes ?? null) : null,
      sessionId: outcome.sessionId,
    };
  }

  /** Attempt n of a fan-out contract as a leg job. */
  function runLeg(
    contract: ReturnType<typeof fanoutContract>,
    n: number,
    provider: Provider,
    options: { key?: Signer; parent?: string } = {},
  ): Promise<Leg> {
    const plan = legPlan(contract.contract, { attempt: n, parentSessionId: options.parent ?? PARENT });
    return runPlan(plan, provider, options.key);
  }

  function expectation(contract: ReturnType<typeof fanoutContract>, n: number): LegExpectation {
    const plan = legPlan(contract.contract, { attempt: n, parentSessionId: PARENT });
    return { parentSessionId: PARENT, attempt: n, contractHash: plan.contractHash, headSha: null };
  }

  /** The reducer job's intake: admit each leg as artifact truss-leg-<n>, import the admitted ones. */
  function intake(contract: ReturnType<typeof fanoutContract>, legs: Map<number, Leg>) {
    const admitted: RunnerLeg[] = [];
    const excluded: ExcludedLeg[] = [];
    for (const [n, leg] of legs) {
      const result = admitLeg({
        bundle: leg.bundle,
        patch: leg.patch,
        trusted,
        crypto,
        expect: expectation(contract, n),
      });
      if (!result.ok) {
        excluded.push({ artifact: `truss-leg-${n}`, attempt: n, reason: result.reason });
        continue;
      }
      importLeg({ store: reducer.store, bundle: leg.bundle, diff: result.diff, trusted, crypto });
      admitted.push(result.leg);
    }
    return { legs: admitted, excluded };
  }

  async function reduce(
    contract: ReturnType<typeof fanoutContract>,
    runnerLegs: { legs: RunnerLeg[]; excluded: ExcludedLeg[] },
  ): Promise<CompletedOutcome> {
    const outcome = await runContract({
      contract: contract.contract,
      contractHash: contract.hash,
      workdir: reducer.workdir,
      store: reducer.store,
      signer: REDUCER_KEY,
      ctx: ctxFor(contract.contract),
      panel: { unavailable: 'no panel in this test' },
      env: ENV,
      codeVersion: 'test',
      principal: { login: 'reducer' },
      sessionId: PARENT,
      runnerLegs,
      cleanRoomParent: scratch,
    });
    expect(outcome.status).toBe('completed');
    return outcome as CompletedOutcome;
  }

  it('best_score over three runner legs: each leg verified and anchored, the winner chosen, only its diff applied, the parent verifies with its children', async () => {
    const contract = fanoutContract({ attempts: 3, reducer: 'best_score' });
    const legs = new Map<number, Leg>([
      [1, await runLeg(contract, 1, scripted(attempt(WRONG)))],
      [2, await runLeg(contract, 2, scripted(attempt(RIGHT, 40)))],
      [3, await runLeg(contract, 3, scripted(attempt(RIGHT, 20)))],
    ]);
    // Every leg signed its attempt and the parent session the reducer writes, under the static slice.
    for (const [n, leg] of legs) {
      expect(leg.bundle.ledger.entries[0]?.payload.parent).toMatchObject({
        session_id: PARENT,
        attempt: n,
        budget_slice: { max_total_tokens: 1000 },
      });
    }
    const outcome = await reduce(contract, intake(contract, legs));
    expect(outcome.sessionId).toBe(PARENT);
    expect(outcome.verdict.overall).toBe('pass');
    // Two legs pass with every check met at the same (unpriced) cost: the lower attempt wins.
    expect(outcome.fanout?.winner).toBe(2);
    expect(outcome.fanout?.why).toMatch(/^best score .*attempt 2: PASS.*next best attempt 3: PASS/);
    expect(outcome.fanout?.legs.map((leg) => [leg.attempt, leg.overall, leg.totalTokens])).toEqual([
      [1, 'fail', 20],
      [2, 'pass', 80],
      [3, 'pass', 40],
    ]);
    expect(readFileSync(join(reducer.workdir, 'greeting.txt'), 'utf8')).toBe(RIGHT);
    expect(kindsOf(reducer.store, PARENT)).toEqual([
      'run_started',
      'child_anchor',
      'child_anchor',
      'child_anchor',
      'fanout_reduction',
      'fanout_applied',
      'verdict',
      'run_completed',
    ]);
    const parent = [...reducer.store.entries(PARENT)];
    const reduction = parent.find((e) => e.kind === 'fanout_reduction') as LedgerEntry;
    expect(reduction.payload).toMatchObject({
      runners: true,
      excluded: [],
      missing: [],
      winner: { attempt: 2 },
    });
    const anchors = parent.filter((e) => e.kind === 'child_anchor');
    expect(anchors.map((a) => a.payload.child_session_id)).toEqual(
      [...legs.values()].map((l) => l.sessionId),
    );
    // The legs' spend is the run's: the verdict's totals add them up.
    expect(parent.find((e) => e.kind === 'verdict')?.payload.total_tokens).toBe(140);

    const bundle = exportBundle(reducer.store, PARENT, crypto);
    const report = verifyBundle(bundle, { crypto, trusted });
    expect(report.status).toBe('verified');
    expect(report.children.map((child) => [child.session_id, child.key_id])).toEqual(
      [...legs.values()].map((leg) => [leg.sessionId, AGENT_KEY.keyId]),
    );
    // Pinning only the reducer's key is not enough: the legs' key must be pinned too.
    const reducerOnly = verifyBundle(bundle, { crypto, trusted: new Map([[REDUCER_KEY.publicKeyHex, 'r']]) });
    expect(reducerOnly.status).toBe('failed');
    expect(reducerOnly.failure?.code).toBe('child_failed');
  });

  it('excludes and names a leg signed by an unpinned key, a tampered leg, one of another contract or run, and a swapped patch', async () => {
    const contract = fanoutContract({ attempts: 6, reducer: 'best_score' });
    const other = fanoutContract({ attempts: 6, reducer: 'best_score' }, { max_total_tokens: 6000 });
    const legs = new Map<number, Leg>([
      [1, await runLeg(contract, 1, scripted(attempt(RIGHT)))],
      [2, await runLeg(contract, 2, scripted(attempt(RIGHT)), { key: FOREIGN_KEY })],
      [3, await runLeg(contract, 3, scripted(attempt(RIGHT)))],
      [4, await runLeg(other, 4, scripted(attempt(RIGHT)))],
      [5, await runLeg(contract, 5, scripted(attempt(RIGHT)), { parent: 'another-run-0000' })],
      [6, await runLeg(contract, 6, scripted(attempt(RIGHT)))],
    ]);
    // Leg 3 claims it passed although its check failed; leg 6 ships another diff than it signed.
    const tampered = legs.get(3) as Leg;
    const verdict = tampered.bundle.ledger.entries.find((e) => e.kind === 'check_result') as LedgerEntry;
    verdict.payload.exit_code = 1;
    (legs.get(6) as Leg).patch = Buffer.from('diff --git a/evil b/evil\n');

    const runnerLegs = intake(contract, legs);
    expect(runnerLegs.legs.map((leg) => leg.attempt)).toEqual([1]);
    const reasons = new Map(runnerLegs.excluded.map((x) => [x.attempt, x.reason]));
    expect(reasons.get(2)).toMatch(/does not verify against the pinned keys \(failed: .*not a trusted key/);
    expect(reasons.get(3)).toMatch(/does not verify .*entry_hash does not match|does not verify .*seq \d+/);
    expect(reasons.get(4)).toMatch(/ran contract .* not this fan-out's/);
    expect(reasons.get(5)).toMatch(/leg of another-run-0000, not of .* \(another workflow run or contract\)/);
    expect(reasons.get(6)).toMatch(/patch is not the diff its ledger signs/);
    // None of the refused sessions reached the reducer's store.
    expect(reducer.store.sessions().map((s) => s.id)).toEqual([legs.get(1)?.sessionId]);

    const outcome = await reduce(contract, runnerLegs);
    expect(outcome.fanout?.winner).toBe(1);
    const reduction = [...reducer.store.entries(PARENT)].find((e) => e.kind === 'fanout_reduction');
    expect(reduction?.payload.excluded).toEqual(runnerLegs.excluded);
    expect(reduction?.payload.missing).toEqual([]);
    expect(verifyBundle(exportBundle(reducer.store, PARENT, crypto), { crypto, trusted }).status).toBe(
      'verified',
    );
  });

  it('vote counts attempts without an admitted leg as FAIL: one passing leg of three does not carry the vote', async () => {
    const contract = fanoutContract({ attempts: 3, reducer: 'vote' });
    const legs = new Map<number, Leg>([[2, await runLeg(contract, 2, scripted(attempt(RIGHT)))]]);
    const outcome = await reduce(contract, intake(contract, legs));
    expect(outcome.fanout?.winner).toBeNull();
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.fanout?.why).toBe(
      'the majority (fail) is attempts without a verdict (1 pass, 2 fail, 0 unverifiable of 3)',
    );
    const reduction = [...reducer.store.entries(PARENT)].find((e) => e.kind === 'fanout_reduction');
    expect(reduction?.payload.missing).toEqual([1, 3]);
    // Nothing was applied: there is no winner.
    expect(kindsOf(reducer.store, PARENT)).not.toContain('fanout_applied');
  });

  it('an attempt outside 1…K and a contract without [fanout] cannot be planned as legs', () => {
    const contract = fanoutContract({ attempts: 2 });
    expect(() => legPlan(contract.contract, { attempt: 3, parentSessionId: PARENT })).toThrow(
      /fanout-leg 3 is outside the contract's 2 attempts/,
    );
    const plain = contractFrom(contractToml({ id: 'plain', intent: 'x' }, TRUE_CHECK));
    expect(() => legPlan(plain.contract, { attempt: 1, parentSessionId: PARENT })).toThrow(
      /has no \[fanout\]/,
    );
  });

  it('a static slice is at most ceiling ÷ K; in one process the requested slice stands (the shared meter stops it)', () => {
    const contract = fanoutContract(
      { attempts: 3, reducer: 'vote' },
      { max_total_tokens: 300, max_steps: 30 },
    ).contract;
    contract.fanout = {
      ...(contract.fanout as NonNullable<typeof contract.fanout>),
      budget_slice: { max_total_tokens: 200 },
    };
    expect(fanoutChildPlan(contract, 'shared').budgetSlice).toEqual({ max_total_tokens: 200, max_steps: 30 });
    expect(fanoutChildPlan(contract, 'static').budgetSlice).toEqual({ max_total_tokens: 100, max_steps: 10 });
  });

  it('importLedger refuses a session already in the store, and an entry whose link does not recompute', async () => {
    const contract = fanoutContract({ attempts: 2 });
    const leg = await runLeg(contract, 1, scripted(attempt(RIGHT)));
    reducer.store.importLedger(leg.bundle.ledger);
    expect(() => reducer.store.importLedger(leg.bundle.ledger)).toThrow(/already in/);
    const relinked = structuredClone(leg.bundle.ledger);
    (relinked.entries[2] as LedgerEntry).prev_hash = '0'.repeat(64);
    relinked.session_id = 'relinked';
    const fresh = openStore();
    expect(() => fresh.importLedger(relinked)).toThrow(/does not follow the one before it/);
    expect(fresh.sessions()).toEqual([]);
  });

  it('eval legs: runs of each arm on runners are admitted by arm and repeat and counted in the signed eval_report', async () => {
    const base = contractFrom(
      contractToml(
        { id: 'greeting-eval', intent: 'Say hello' },
        { ...GREETING_CHECK, timeout_sec: 10 },
        {
          executor: { kind: 'in-loop' },
          constraints: { allow_tools: ['write_file'] },
        },
      ),
    );
    const arms = parseArms('right:budget.max_steps=4,wrong:budget.max_steps=5');
    const evalLeg = async (arm: (typeof arms)[number], repeat: number, content: string) => {
      const plan = legPlan(base.contract, { attempt: repeat, parentSessionId: PARENT, arm });
      const leg = await runPlan(plan, scripted(attempt(content)));
      const expect_ = {
        parentSessionId: PARENT,
        attempt: repeat,
        contractHash: plan.contractHash,
        arm: arm.name,
        repeat,
        headSha: null,
      };
      return { ...leg, expect: expect_ };
    };
    const [right, wrong] = arms as [(typeof arms)[number], (typeof arms)[number]];
    const runs = [
      await evalLeg(right, 1, RIGHT),
      await evalLeg(right, 2, RIGHT),
      await evalLeg(wrong, 1, WRONG),
      await evalLeg(wrong, 2, RIGHT),
    ];
    // The last one arrives as `wrong` repeat 3: its signed repeat (2) does not match, so it is excluded.
    (runs[3] as (typeof runs)[number]).expect.attempt = 3;
    (runs[3] as (typeof runs)[number]).expect.repeat = 3;
    const legs: RunnerLeg[] = [];
    const excluded: ExcludedLeg[] = [];
    for (const run of runs) {
      const result = admitLeg({ bundle: run.bundle, patch: run.patch, trusted, crypto, expect: run.expect });
      if (!result.ok) {
        excluded.push({
          artifact: `truss-leg-${run.expect.arm}-${run.expect.repeat}`,
          attempt: result.attempt,
          arm: run.expect.arm,
          reason: result.reason,
        });
        continue;
      }
      importLeg({ store: reducer.store, bundle: run.bundle, diff: result.diff, trusted, crypto });
      legs.push(result.leg);
    }
    expect(excluded.map((x) => x.reason)).toEqual([
      expect.stringMatching(/signed attempt is 2, but it came as attempt 3/),
    ]);
    const result = await startEval({
      contract: base.contract,
      contractHash: base.hash,
      arms,
      repeats: 2,
      workdir: reducer.workdir,
      store: reducer.store,
      signer: REDUCER_KEY,
      codeVersion: 'test',
      principal: { login: 'reducer' },
      sessionId: PARENT,
      runnerLegs: { legs, excluded },
      host: { events: () => {}, env: ENV },
    });
    if (result.status !== 'completed') throw new Error(result.message);
    expect(result.report.arms.map((arm) => [arm.name, arm.passes, arm.runs])).toEqual([
      ['right', 2, 2],
      ['wrong', 0, 1],
    ]);
    expect(result.report.missing).toEqual([{ arm: 'wrong', repeat: 2 }]);
    expect(result.report.excluded).toEqual(excluded);
    expect(result.report.delta[0]?.pass_rate).toBe(-1);
    const report = verifyBundle(exportBundle(reducer.store, PARENT, crypto), { crypto, trusted });
    expect(report.status).toBe('verified');
    expect(report.children).toHaveLength(3);
  });
});
