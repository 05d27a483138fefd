/**
 * Durable runtime benchmark: every figure is a ratio against a baseline measured in the same run.
 *
 *   npm run bench:runtime [-- --json] [-- --activities=10000 --steps=40 --rounds=5]
 *
 * - resume_ratio: resuming a session of 10,000 recorded activities to its frontier — what `truss
 *   resume` does before it runs anything live: DurableSession.open with `verify: 'checkpoint'` (one
 *   pass over the journal that re-hashes and re-links every entry, checks the running digest of the
 *   stored signatures against the session's verified_through checkpoint — signed by the session key
 *   — and verifies the Ed25519 signature of every entry after it; see docs/runtime.md) and then the
 *   positional replay of every activity through `session.activity()` (kind/name match, recorded
 *   outcome returned, nothing executed) — ÷ a bare `SELECT seq, kind, payload, prev_hash,
 *   entry_hash, signature FROM journal WHERE session_id = ? ORDER BY seq` of the same rows with
 *   better-sqlite3 (`.all()`, nothing parsed). Goal ≤ 3 and resume_seconds < 2. The session was
 *   written by DurableSession (which checkpoints as it goes) and every measured resume starts from
 *   the checkpoint the previous one left at the head: the state `truss resume` finds after a
 *   suspension. Reported beside it, measured in the same rounds:
 *   - resume_full_verify_ratio / _seconds: the same resume with `verify: 'all'` (every signature
 *     verified, the checkpoint ignored): what a database from elsewhere (the Action's `mode: resume`,
 *     `truss resume --verify-all`) costs. Its floor is the bare SHA-256 + Ed25519 verify loop
 *     (bare_verify_ms).
 *   - resume_after_crash_ratio / _ms: the checkpoint CHECKPOINT_INTERVAL − 1 entries behind the head,
 *     as a run killed just before its next periodic checkpoint leaves it (the worst case).
 * - step_overhead_ratio: one step of the in-loop agent loop (scripted model answer asking for
 *   read_file, the tool run under policy) through the real runtime — runInLoop with a DurableSession
 *   on a SQLite ledger (request digest, canonical JSON, SHA-256, Ed25519 signing, one IMMEDIATE
 *   transaction per entry with WAL + synchronous=FULL on the benchmark's disk — except that the
 *   result of a read-only tool such as read_file is committed without its own fsync, which the next
 *   model_result's commit provides (AppendOptions.deferSync) — policy checks) ÷ the same loop without
 *   journaling (the same provider answers and the same tool calls through invokeTool, messages kept
 *   in memory). Per step = (time of a --steps loop − time of a --steps/4 loop) ÷ the difference in
 *   steps, so the once-per-run work (the executor's git snapshots, the session row) is not smeared
 *   over the steps. Median of the per-round ratios of `--rounds` alternating rounds. Goal ≤ 2. On a
 *   disk each step still waits for one fsync (the model_result, durable before any tool runs), so
 *   the ratio depends on the disk's fsync latency; the tmpfs figure shows the CPU overhead alone.
 *
 * The 10,000-activity session is built on tmpfs (/dev/shm when present) to keep setup short; the
 * step measurement uses a ledger in the OS temp directory (a real disk here), as `truss run` would.
 */

import { createHash, verify } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { resolveContractSources } from '../src/core/contract/index.js';
import { runInLoop } from '../src/core/executors/in-loop.js';
import {
  type CheckpointUse,
  canonicalJson,
  createNodeCrypto,
  entryPreimage,
  hexToBytes,
  LedgerStore,
  publicKeyObject,
  SignaturesDigest,
  SigningKey,
} from '../src/core/ledger/index.js';
import type { AgentMessage, ContentBlock } from '../src/core/providers/provider.js';
import { ScriptedProvider, type ScriptedResponse } from '../src/core/providers/scripted.js';
import { BudgetMeter } from '../src/core/runtime/budget.js';
import { createCtx } from '../src/core/runtime/ctx.js';
import { CHECKPOINT_INTERVAL, DurableSession, type ResumeVerification } from '../src/core/runtime/durable.js';
import { ApprovalGates } from '../src/core/runtime/gates.js';
import { advertisedTools, resolvePolicy } from '../src/core/tools/policy.js';
import { createToolRegistry, invokeTool, toolSpecs } from '../src/core/tools/registry.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    activities: { type: 'string', default: '10000' },
    steps: { type: 'string', default: '80' },
    rounds: { type: 'string', default: '7' },
  },
  strict: false,
});
const ACTIVITIES = Number(values.activities);
const STEPS = Number(values.steps);
const ROUNDS = Number(values.rounds);
const GOALS = { resume_ratio: 3, resume_seconds: 2, step_overhead_ratio: 2 };
const progress = (message: string) => process.stderr.write(`bench:runtime ${message}\n`);
const key = SigningKey.fromSeed(new Uint8Array(32).fill(0x5a));
const crypto = createNodeCrypto();

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function ms(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}

// --- resume ----------------------------------------------------------------------------------------

/** A session whose journal is `count` activities: model calls and tool calls, as an agent writes them. */
async function buildSession(store: LedgerStore): Promise<string> {
  const session = DurableSession.start({ store, signer: key, codeVersion: 'bench' });
  session.record('run_started', () => ({
    payload: { contract: { id: 'bench' }, contract_hash: '0'.repeat(64) },
  }));
  for (let i = 1; i < ACTIVITIES; i++) {
    if (i % 2 === 1) {
      await session.activity('model_result', 'scripted/bench', async () => ({
        payload: {
          provider: 'scripted',
          model: 'bench',
          request_digest: createHash('sha256').update(String(i)).digest('hex'),
          content: [
            { type: 'tool_use', id: `call_${i}`, name: 'read_file', input: { path: `src/file-${i}.ts` } },
          ],
          stop_reason: 'tool_use',
          usage: { input_tokens: 1000 + i, output_tokens: 40, cost_usd: 0 },
        },
      }));
    } else {
      await session.activity('tool_result', 'read_file', async () => ({
        payload: {
          call_id: `call_${i - 1}`,
          name: 'read_file',
          input: { path: `src/file-${i - 1}.ts` },
          content: `export const value${i} = ${i};\n`.repeat(8),
          is_error: false,
        },
      }));
    }
  }
  return session.id;
}

async function resumeToFrontier(
  store: LedgerStore,
  sessionId: string,
  verify: ResumeVerification,
  expectCheckpoint: CheckpointUse,
): Promise<number> {
  const started = process.hrtime.bigint();
  const session = DurableSession.open({ store, signer: key, sessionId, crypto, verify });
  const never = async (): Promise<never> => {
    throw new Error('a recorded activity was executed');
  };
  session.record('run_started', never as never);
  for (let i = 1; i < ACTIVITIES; i++) {
    if (i % 2 === 1) await session.activity('model_result', 'scripted/bench', never);
    else await session.activity('tool_result', 'read_file', never);
  }
  if (session.replaying) throw new Error('replay stopped before the frontier');
  const elapsed = ms(started);
  if (session.checkpointUse !== expectCheckpoint)
    throw new Error(`expected checkpoint use ${expectCheckpoint}, got ${session.checkpointUse}`);
  return elapsed;
}

/**
 * Puts the session's checkpoint where a run killed just before its next periodic checkpoint leaves
 * it: CHECKPOINT_INTERVAL − 1 entries behind the head (the worst case of `truss resume` after a crash).
 */
function checkpointBehindHead(store: LedgerStore, sessionId: string): void {
  const signatures = new SignaturesDigest();
  const through = ACTIVITIES - CHECKPOINT_INTERVAL;
  let entryHash: Uint8Array | undefined;
  for (const entry of store.entries(sessionId)) {
    if (entry.seq > through) break;
    signatures.update(hexToBytes(entry.signature, 64) as Uint8Array);
    entryHash = hexToBytes(entry.entry_hash, 32);
  }
  store.writeCheckpoint(
    sessionId,
    { seq: through, entryHash: entryHash as Uint8Array, signaturesDigest: signatures.digest() },
    key,
  );
}

function bareSelect(dbPath: string, sessionId: string): number {
  const db = new Database(dbPath, { readonly: true });
  try {
    const statement = db.prepare(
      'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? ORDER BY seq',
    );
    const started = process.hrtime.bigint();
    const rows = statement.all(sessionId);
    const elapsed = ms(started);
    if (rows.length !== ACTIVITIES) throw new Error(`expected ${ACTIVITIES} rows, got ${rows.length}`);
    return elapsed;
  } finally {
    db.close();
  }
}

/** Bare SHA-256 + Ed25519 verify of the same entries (preimages precomputed): the floor of any verifying resume. */
function bareVerify(store: LedgerStore, sessionId: string): number {
  const publicKey = publicKeyObject(key.publicKey);
  const items = [...store.entries(sessionId)].map((entry) => ({
    preimage: entryPreimage(
      hexToBytes(entry.prev_hash, 32) as Uint8Array,
      entry.kind,
      canonicalJson(entry.payload),
      entry.seq,
    ),
    signature: hexToBytes(entry.signature, 64) as Uint8Array,
  }));
  const started = process.hrtime.bigint();
  for (const item of items) {
    const hash = createHash('sha256').update(item.preimage).digest();
    if (!verify(null, hash, publicKey, item.signature)) throw new Error('bad signature');
  }
  return ms(started);
}

// --- step overhead ---------------------------------------------------------------------------------

const contract = resolveContractSources({
  contract: {
    file: 'bench.toml',
    text: `
[contract]
id = "bench-steps"
intent = "Read files"

[[done]]
kind = "check"
desc = "noop"
run = "true"

[executor]
kind = "in-loop"

[budget]
max_steps = ${STEPS + 1}

[constraints]
allow_tools = ["read_file", "write_file", "list_dir", "bash"]
`,
  },
}).contract;

function fixture(steps: number): ScriptedResponse[] {
  const responses: ScriptedResponse[] = [];
  for (let i = 0; i < steps; i++) {
    responses.push({
      content: [
        { type: 'text', text: `Reading file ${i}.` },
        { type: 'tool_use', name: 'read_file', input: { path: `file-${i % 8}.txt` } },
      ],
      usage: { input_tokens: 500, output_tokens: 20 },
    } as ScriptedResponse);
  }
  responses.push({ content: [{ type: 'text', text: 'done' }] } as ScriptedResponse);
  return responses;
}

function makeWorkdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'truss-bench-steps-'));
  for (let i = 0; i < 8; i++) writeFileSync(join(dir, `file-${i}.txt`), `line ${i}\n`.repeat(50));
  return dir;
}

/** The loop without journaling: same answers, same policy-checked tool calls, messages in memory. */
async function bareLoop(workdir: string, steps: number): Promise<number> {
  const provider = new ScriptedProvider(fixture(steps), { name: 'bench.json' });
  const registry = createToolRegistry();
  const policy = resolvePolicy(contract.constraints, workdir);
  const specs = toolSpecs(advertisedTools(registry, policy));
  const ctx = createCtx({ budget: new BudgetMeter({}) });
  const messages: AgentMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Read files' }] }];
  const started = process.hrtime.bigint();
  for (;;) {
    const result = await provider.chat({ system: 'bench', messages, tools: specs }, ctx);
    messages.push({ role: 'assistant', content: result.content });
    const uses = result.content.filter((b) => b.type === 'tool_use');
    if (uses.length === 0) break;
    const results: ContentBlock[] = [];
    for (const use of uses) {
      const outcome = await invokeTool(registry, use.name, use.input, { workdir, policy, ctx });
      results.push({
        type: 'tool_result',
        toolUseId: use.id,
        content: outcome.content,
        isError: outcome.isError,
      });
    }
    messages.push({ role: 'user', content: results });
  }
  return ms(started);
}

/** The real runtime: runInLoop over a DurableSession on a SQLite ledger on disk. */
async function journaledLoop(workdir: string, dbDir: string, name: string, steps: number): Promise<number> {
  const store = LedgerStore.open(join(dbDir, `steps-${name}.db`));
  try {
    const session = DurableSession.start({ store, signer: key, codeVersion: 'bench' });
    const ctx = createCtx({ budget: new BudgetMeter({}) });
    const started = process.hrtime.bigint();
    const outcome = await runInLoop({
      contract,
      workdir,
      session,
      provider: new ScriptedProvider(fixture(steps), { name: 'bench.json' }),
      tools: createToolRegistry(),
      policy: resolvePolicy(contract.constraints, workdir),
      gates: new ApprovalGates(contract.approval_gates),
      ctx,
      redact: (text) => text,
      env: {},
    });
    const elapsed = ms(started);
    if (outcome.failure || outcome.steps !== steps + 1)
      throw new Error(`unexpected loop outcome ${JSON.stringify(outcome)}`);
    return elapsed;
  } finally {
    store.close();
  }
}

/** Per-step times of both loops from the difference of a long and a short loop, alternating rounds. */
async function measureSteps(workdir: string, dbDir: string) {
  const short = Math.max(1, Math.floor(STEPS / 4));
  progress(`in-loop steps (ledger in ${dbDir}): loops of ${STEPS} and ${short} tool steps, ${ROUNDS} rounds`);
  await bareLoop(workdir, STEPS);
  await journaledLoop(workdir, dbDir, 'warm', STEPS);
  const ratios: number[] = [];
  const bare: number[] = [];
  const journaled: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const bareLong = await bareLoop(workdir, STEPS);
    const bareShort = await bareLoop(workdir, short);
    const longMs = await journaledLoop(workdir, dbDir, `${r}-long`, STEPS);
    const shortMs = await journaledLoop(workdir, dbDir, `${r}-short`, short);
    const bareStep = (bareLong - bareShort) / (STEPS - short);
    const step = (longMs - shortMs) / (STEPS - short);
    bare.push(bareStep);
    journaled.push(step);
    ratios.push(step / bareStep);
  }
  return { ratios, bare, journaled };
}

async function main(): Promise<void> {
  const shm = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const setupDir = mkdtempSync(join(shm, 'truss-bench-runtime-'));
  const diskDir = mkdtempSync(join(tmpdir(), 'truss-bench-runtime-'));
  const workdir = makeWorkdir();
  try {
    progress(`building a session of ${ACTIVITIES} activities in ${setupDir}`);
    const dbPath = join(setupDir, 'resume.db');
    const store = LedgerStore.open(dbPath);
    const sessionId = await buildSession(store);
    progress(`resume to the frontier vs bare SELECT, ${ROUNDS} rounds`);
    await resumeToFrontier(store, sessionId, 'checkpoint', 'used');
    bareSelect(dbPath, sessionId);
    const resumeMs: number[] = [];
    const selectMs: number[] = [];
    const resumeRatios: number[] = [];
    const fullMs: number[] = [];
    const fullRatios: number[] = [];
    const crashMs: number[] = [];
    const crashRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const select = bareSelect(dbPath, sessionId);
      const resume = await resumeToFrontier(store, sessionId, 'checkpoint', 'used');
      selectMs.push(select);
      resumeMs.push(resume);
      resumeRatios.push(resume / select);
      const full = await resumeToFrontier(store, sessionId, 'all', 'not_used');
      fullMs.push(full);
      fullRatios.push(full / select);
      checkpointBehindHead(store, sessionId);
      const crash = await resumeToFrontier(store, sessionId, 'checkpoint', 'used');
      crashMs.push(crash);
      crashRatios.push(crash / select);
    }
    const verifyMs = median(Array.from({ length: 3 }, () => bareVerify(store, sessionId)));
    store.close();

    const disk = await measureSteps(workdir, diskDir);
    const memory = await measureSteps(workdir, setupDir);

    const result = {
      resume_ratio: round(median(resumeRatios)),
      resume_seconds: round(median(resumeMs) / 1000, 3),
      step_overhead_ratio: round(median(disk.ratios)),
      activities: ACTIVITIES,
      resume_ms: round(median(resumeMs)),
      bare_select_ms: round(median(selectMs)),
      bare_verify_ms: round(verifyMs),
      // The full-verify resume without its Ed25519 floor: what verifying every signature costs on top.
      resume_full_verify_ratio_without_signature_floor: round((median(fullMs) - verifyMs) / median(selectMs)),
      resume_ratio_rounds: resumeRatios.map((r) => round(r)),
      resume_full_verify_ratio: round(median(fullRatios)),
      resume_full_verify_seconds: round(median(fullMs) / 1000, 3),
      resume_after_crash_ratio: round(median(crashRatios)),
      resume_after_crash_ms: round(median(crashMs)),
      checkpoint_interval: CHECKPOINT_INTERVAL,
      step_overhead_ratio_tmpfs: round(median(memory.ratios)),
      step_ms: round(median(disk.journaled), 3),
      bare_step_ms: round(median(disk.bare), 3),
      step_ms_tmpfs: round(median(memory.journaled), 3),
      bare_step_ms_tmpfs: round(median(memory.bare), 3),
      step_overhead_rounds: disk.ratios.map((r) => round(r)),
      step_overhead_rounds_tmpfs: memory.ratios.map((r) => round(r)),
      ledger_dir: diskDir,
      steps_per_loop: STEPS,
      rounds: ROUNDS,
      goals: {
        resume_ratio: `<= ${GOALS.resume_ratio}`,
        resume_seconds: `< ${GOALS.resume_seconds}`,
        step_overhead_ratio: `<= ${GOALS.step_overhead_ratio}`,
      },
    };
    if (values.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    const mark = (pass: boolean) => (pass ? 'PASS' : 'MISS');
    console.log(
      `resume  ${ACTIVITIES} activities to the frontier: ${result.resume_ms} ms (re-hash + re-link every entry, signatures after the session-key checkpoint, load, positional replay) vs bare SELECT ${result.bare_select_ms} ms`,
    );
    console.log(
      `        resume_ratio ${result.resume_ratio} (goal ≤ ${GOALS.resume_ratio}) ${mark(result.resume_ratio <= GOALS.resume_ratio)}; resume_seconds ${result.resume_seconds} (goal < ${GOALS.resume_seconds}) ${mark(result.resume_seconds < GOALS.resume_seconds)}; rounds ${result.resume_ratio_rounds.join(', ')}`,
    );
    console.log(
      `        verifying every signature (--verify-all, an imported database): ${result.resume_full_verify_seconds} s, ratio ${result.resume_full_verify_ratio}; a bare SHA-256 + Ed25519 verify of the same entries alone takes ${result.bare_verify_ms} ms (without it: ${result.resume_full_verify_ratio_without_signature_floor})`,
    );
    console.log(
      `        after a crash (checkpoint ${CHECKPOINT_INTERVAL - 1} entries behind the head): ${result.resume_after_crash_ms} ms, ratio ${result.resume_after_crash_ratio}`,
    );
    console.log(
      `steps   in-loop step ${result.step_ms} ms journaled (digest, sign, 2 SQLite commits of which one waits for fsync, policy; ledger in ${diskDir}) vs ${result.bare_step_ms} ms bare`,
    );
    console.log(
      `        step_overhead_ratio ${result.step_overhead_ratio} (goal ≤ ${GOALS.step_overhead_ratio}) ${mark(result.step_overhead_ratio <= GOALS.step_overhead_ratio)}; rounds ${result.step_overhead_rounds.join(', ')}`,
    );
    console.log(
      `        with the ledger on tmpfs (no fsync cost): ${result.step_ms_tmpfs} ms vs ${result.bare_step_ms_tmpfs} ms, ratio ${result.step_overhead_ratio_tmpfs}; rounds ${result.step_overhead_rounds_tmpfs.join(', ')}`,
    );
  } finally {
    rmSync(setupDir, { recursive: true, force: true });
    rmSync(diskDir, { recursive: true, force: true });
    rmSync(workdir, { recursive: true, force: true });
  }
}

await main();
