/**
 * The catalogue of entry kinds (src/core/ledger/entry-kinds.ts): every payload is read as its kind,
 * and one whose fields do not fit — a numeric `decision`, a verdict clause without `status`, a
 * `met` of "yes" — is refused where it is read. Integrity does not depend on payloads (a re-signed
 * malformed payload still chains), so what is checked here is that no reader turns such an entry
 * into a pass: the run report, the report page's model, `truss ledger verdict|show`, `truss attest`,
 * the verifier for reviews, and a resumed durable session.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AttestationRefusedError, attestBundle } from '../../src/core/attest/index.js';
import {
  createNodeCrypto,
  ENTRY_KINDS,
  type LedgerEntry,
  MalformedEntryError,
  parseBundle,
  readEntry,
  readKnownEntry,
  tryReadEntry,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { runView } from '../../src/core/report/page/run-view.js';
import { reportFromEntries } from '../../src/core/run/run-report.js';
import { DurableSession, ResumeRefusedError } from '../../src/core/runtime/durable.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { SAMPLE_CONTRACT } from '../helpers/sample-run.js';

const crypto = createNodeCrypto();
const TRUSTED = trustedOf(SESSION_KEY, REVIEWER_KEY);

const HASH = 'c'.repeat(64);
/** A child_anchor as written before child runs: only the two fields every anchor has had. */
const OLD_ANCHOR = { child_session_id: 'child-a', child_head_hash: HASH };
const MCP_CALL = {
  name: 'docs_search',
  server: 'docs',
  tool: 'search',
  args_sha256: HASH,
  memo_key: 'docs_search#3',
};
/** A github_tool_call / web_tool_call's identity (docs/tools.md). */
const TOOL_CALL = {
  name: 'github_pr_view',
  input: { number: 2 },
  input_sha256: HASH,
  memo_key: 'github_pr_view#4',
};

function entry(seq: number, kind: string, payload: Record<string, unknown>): LedgerEntry {
  return { seq, kind, payload, prev_hash: '', entry_hash: '', signature: '' };
}

describe('readEntry', () => {
  it('reads every entry of examples/bundles/valid.json (an older bundle) as its kind', () => {
    const bundle = JSON.parse(readFileSync(join(REPO_ROOT, 'examples/bundles/valid.json'), 'utf8'));
    const entries = bundle.ledger.entries as LedgerEntry[];
    for (const e of entries) {
      const read = readKnownEntry(e);
      expect(read, e.kind).not.toBeNull();
      expect(read && 'error' in read ? read.error : null, e.kind).toBeNull();
    }
    expect(readEntry(entries[5] as LedgerEntry, 'verdict').overall).toBe('pass');
    expect(ENTRY_KINDS).toEqual(
      expect.arrayContaining(['run_started', 'check_result', 'verdict', 'human_review']),
    );
  });

  it('refuses a wrong-typed or missing field with a typed error naming the seq, the field and the value', () => {
    const cases: Array<[LedgerEntry, Parameters<typeof readEntry>[1], string]> = [
      [
        entry(7, 'human_review', {
          decision: 1,
          attested_head_hash: 'a'.repeat(64),
          reviewer_key_id: 'SHA256:x',
          reviewer_public_key: 'b'.repeat(64),
        }),
        'human_review',
        'human_review decision 1 is malformed (must be the string approved, rejected or needs_changes)',
      ],
      [
        entry(5, 'verdict', { overall: 'pass', clauses: [{ clause: 0, kind: 'check' }] }),
        'verdict',
        'verdict clauses.0.status missing is malformed (must be the string met, not_met or unverifiable)',
      ],
      [
        entry(5, 'verdict', { overall: 'PASS', clauses: [] }),
        'verdict',
        'verdict overall "PASS" is malformed (must be the string pass, fail or unverifiable)',
      ],
      [
        entry(1, 'check_result', { clause: 0, met: 'yes' }),
        'check_result',
        'check_result met "yes" is malformed (expected boolean)',
      ],
      [
        entry(2, 'review_vote', { clause: '1', seat: 0, vote: 'met' }),
        'review_vote',
        'review_vote clause "1" is malformed (expected an integer ≥ 0)',
      ],
      // A vote's citations (docs/contracts.md "Findings on the lines"): typed when present.
      [
        entry(2, 'review_vote', {
          clause: 1,
          seat: 0,
          vote: 'met',
          citations: [{ location: 'a.ts:1', problem: 'p', anchored: 'yes' }],
        }),
        'review_vote',
        'review_vote citations.0.anchored "yes" is malformed (expected boolean)',
      ],
      [entry(6, 'run_completed', {}), 'verdict', 'expected a verdict entry, found "run_completed"'],
      // The kinds of child runs (docs/fanout.md, docs/eval.md) and of the MCP client (docs/mcp.md).
      [
        entry(3, 'child_anchor', { ...OLD_ANCHOR, verdict_ref: { seq: '4', entry_hash: HASH } }),
        'child_anchor',
        'child_anchor verdict_ref.seq "4" is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(3, 'child_anchor', { ...OLD_ANCHOR, child_root_hash: 'ABC' }),
        'child_anchor',
        'child_anchor child_root_hash "ABC" is malformed (expected 64 lowercase hex characters)',
      ],
      [
        entry(3, 'child_anchor', { ...OLD_ANCHOR, status: 'won' }),
        'child_anchor',
        'child_anchor status "won" is malformed (must be the string completed, failed, cancelled or suspended)',
      ],
      [
        entry(3, 'child_anchor', { child_session_id: 'child-a' }),
        'child_anchor',
        'child_anchor child_head_hash missing is malformed (expected string)',
      ],
      [
        entry(5, 'fanout_judge_vote', { seat: 0, provider: 'p', model: 'm', choice: '2' }),
        'fanout_judge_vote',
        'fanout_judge_vote choice "2" is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(6, 'fanout_reduction', { reducer: 'vote', winner: null, why: 'x' }),
        'fanout_reduction',
        'fanout_reduction children missing is malformed (expected array)',
      ],
      [
        entry(6, 'fanout_reduction', {
          reducer: 'vote',
          children: [
            { anchor_seq: 3, child_session_id: 'child-a', verdict_ref: { seq: 4, entry_hash: 'x' } },
          ],
        }),
        'fanout_reduction',
        'fanout_reduction children.0.verdict_ref.entry_hash "x" is malformed (expected 64 lowercase hex characters)',
      ],
      // A reduction of legs that ran on Actions runners (docs/fanout.md "Fan-out across runners").
      [
        entry(6, 'fanout_reduction', {
          reducer: 'vote',
          children: [],
          runners: true,
          excluded: [{ artifact: 'truss-leg-2', attempt: 2 }],
        }),
        'fanout_reduction',
        'fanout_reduction excluded.0.reason missing is malformed (expected string)',
      ],
      [
        entry(6, 'fanout_reduction', { reducer: 'vote', children: [], missing: ['3'] }),
        'fanout_reduction',
        'fanout_reduction missing.0 "3" is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(0, 'run_started', { session_id: 's', parent: { attempt: 1 } }),
        'run_started',
        'run_started parent.session_id missing is malformed (expected string)',
      ],
      [
        entry(7, 'fanout_applied', { child_session_id: 'child-a', diff_sha256: HASH, applied: 'yes' }),
        'fanout_applied',
        'fanout_applied applied "yes" is malformed (expected boolean)',
      ],
      [
        entry(8, 'eval_report', {
          repeats: 1,
          arms: [{ name: 'a', child_refs: [{ anchor_seq: -1, child_session_id: 'child-a' }] }],
          delta: [],
          summary: 's',
        }),
        'eval_report',
        'eval_report arms.0.child_refs.0.anchor_seq -1 is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(9, 'bench_result', {
          instance_id: 'a-1',
          sides: [
            {
              side: 'good',
              applied: true,
              error: null,
              anchor_seq: null,
              child_session_id: null,
              verdict_ref: null,
              checks: 'yes',
              panel: 'skipped',
              both: 'pass',
              cost_usd: 0,
              tokens: 0,
              wall_ms: 1,
            },
          ],
        }),
        'bench_result',
        'bench_result sides.0.checks "yes" is malformed (must be the string pass, fail or unverifiable)',
      ],
      [
        entry(10, 'bench_report', { records: 1, judges: [{ judge: 'panel', runs: -1 }] }),
        'bench_report',
        'bench_report judges.0.runs -1 is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(4, 'context_layers', {
          step: 1,
          layers: { goal: 10 },
          estimated_tokens: 10,
          projected_tokens: 10,
          window: 100,
          pressure: 'high',
        }),
        'context_layers',
        'context_layers pressure "high" is malformed (expected number)',
      ],
      [
        entry(5, 'compaction_performed', {
          step: 8,
          before_tokens: 900,
          after_tokens: 300,
          elided_range: { from_seq: '3', to_seq: 9 },
          summary_sha256: HASH,
          policy: { mode: 'summarize', threshold: 0.7, min_tail: 6, exempt: ['goal'] },
        }),
        'compaction_performed',
        'compaction_performed elided_range.from_seq "3" is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(1, 'mcp_tools_listed', { server: 'docs', tools: [{ name: 3, tool: 'search' }] }),
        'mcp_tools_listed',
        'mcp_tools_listed tools.0.name 3 is malformed (expected string)',
      ],
      [
        entry(2, 'mcp_tool_call', { ...MCP_CALL, result_sha256: HASH, is_error: 'false', error: null }),
        'mcp_tool_call',
        'mcp_tool_call is_error "false" is malformed (expected boolean)',
      ],
      [
        entry(2, 'mcp_tool_call', { ...MCP_CALL, result_sha256: HASH, is_error: false }),
        'mcp_tool_call',
        'mcp_tool_call error missing is malformed (expected string)',
      ],
      [
        entry(2, 'mcp_tool_pending', { ...MCP_CALL, result_sha256: HASH, result_bytes: 2, is_error: false }),
        'mcp_tool_pending',
        'mcp_tool_pending signal missing is malformed (expected string)',
      ],
      // The GitHub and web tools' calls (docs/tools.md).
      [
        entry(4, 'github_tool_call', {
          ...TOOL_CALL,
          input_sha256: 'nope',
          result_sha256: null,
          is_error: true,
          error: 'x',
        }),
        'github_tool_call',
        'github_tool_call input_sha256 "nope" is malformed (expected 64 lowercase hex characters)',
      ],
      [
        entry(4, 'web_tool_call', {
          ...TOOL_CALL,
          name: 'web_fetch',
          result_sha256: HASH,
          is_error: false,
          error: null,
          status: '200',
        }),
        'web_tool_call',
        'web_tool_call status "200" is malformed (expected number)',
      ],
      // A delegated CLI's journaled tools (docs/mcp.md "Journaled tools for delegated agents").
      [
        entry(1, 'delegated_started', { command: 'claude', tools: 'own', offered: [] }),
        'delegated_started',
        'delegated_started tools "own" is malformed (must be the string truss)',
      ],
      [
        entry(2, 'delegated_tool_call', { call: '1', name: 'bash', input_sha256: HASH }),
        'delegated_tool_call',
        'delegated_tool_call call "1" is malformed (expected an integer ≥ 0)',
      ],
      [
        entry(2, 'delegated_tool_call', { call: 1, name: 'bash', input_sha256: HASH, approval: 'yes' }),
        'delegated_tool_call',
        'delegated_tool_call approval "yes" is malformed (must be the string pending or released)',
      ],
      [
        entry(3, 'delegated_result', {
          command: 'claude',
          tools: { server: 'truss', calls: 2, first_seq: '2' },
        }),
        'delegated_result',
        'delegated_result tools.first_seq "2" is malformed (expected an integer ≥ 0)',
      ],
      // The kinds of governed memory (docs/memory.md).
      [
        entry(1, 'memory_verdict', {
          memory_id: HASH,
          decision: 'approve',
          method: 'panel',
          entry: {
            kind: 'lesson',
            key: 'k',
            body_sha256: HASH,
            produced_by: { session: 's', seq: 1, entry_hash: HASH },
          },
          reason: 'r',
          supersedes: [],
        }),
        'memory_verdict',
        'memory_verdict decision "approve" is malformed (must be the string promote, reject, revoke or unverifiable)',
      ],
      [
        entry(4, 'memory_proposed', {
          via: 'cli',
          entries: [{ memory_id: HASH, kind: 'lesson', key: 'k', body: 'b', salience: '1' }],
        }),
        'memory_proposed',
        'memory_proposed entries.0.salience "1" is malformed (expected number)',
      ],
      [
        entry(1, 'memory_approval', {
          memory_id: HASH,
          action: 'revoke',
          entry: {
            kind: 'lesson',
            key: 'k',
            body_sha256: HASH,
            produced_by: { session: 's', seq: 1, entry_hash: HASH },
          },
          reason: 'r',
          prior: null,
        }),
        'memory_approval',
        'memory_approval action "revoke" is malformed (must be the string promote)',
      ],
      [
        entry(2, 'memory_recall', { ids: ['short'], tokens: 3 }),
        'memory_recall',
        'memory_recall ids.0 "short" is malformed (expected 64 lowercase hex characters)',
      ],
    ];
    for (const [e, kind, detail] of cases) {
      expect(tryReadEntry(e, kind)).toEqual({ error: detail });
      let thrown: unknown;
      try {
        readEntry(e, kind);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(MalformedEntryError);
      expect(thrown).toMatchObject({ seq: e.seq, kind: e.kind, detail, message: `seq ${e.seq}: ${detail}` });
    }
  });

  it('reads an old small child_anchor and the extended one child runs write', () => {
    expect(readEntry(entry(3, 'child_anchor', OLD_ANCHOR), 'child_anchor')).toEqual(OLD_ANCHOR);
    const extended = {
      ...OLD_ANCHOR,
      child_root_hash: HASH,
      task: 'say hello',
      scope: { write_scope: ['src/'] },
      budget_slice: { max_cost_usd: 0.5 },
      status: 'completed',
      verdict_ref: { seq: 4, entry_hash: HASH },
    };
    expect(readEntry(entry(3, 'child_anchor', extended), 'child_anchor').verdict_ref).toEqual({
      seq: 4,
      entry_hash: HASH,
    });
    expect(ENTRY_KINDS).toEqual(
      expect.arrayContaining([
        'child_anchor',
        'fanout_judge_vote',
        'fanout_reduction',
        'fanout_applied',
        'eval_report',
        'mcp_tools_listed',
        'mcp_tool_call',
        'mcp_tool_pending',
        'github_tool_call',
        'web_tool_call',
        'bench_result',
        'bench_report',
        'context_layers',
        'goal_repinned',
        'compaction_performed',
        'delegated_started',
        'delegated_tool_call',
        'memory_proposed',
        'playbook_imported',
        'memory_verdict',
        'memory_approval',
        'memory_recall',
      ]),
    );
  });

  it('accepts fields it does not list and keeps them (kinds are extended, never repurposed)', () => {
    const payload = { clause: 0, met: true, stdout: { sha256: 'x', later: [1] }, later: { a: 1 } };
    expect(readEntry(entry(1, 'check_result', payload), 'check_result')).toBe(payload);
  });
});

describe('signed entries with a malformed payload in a real ledger', () => {
  let fx: LedgerFixture;
  beforeEach(() => {
    fx = openFixture('truss-entry-kinds-');
  });
  afterEach(() => fx.close());

  /** A complete run whose verdict (and optionally check) payload is given; every entry signed by the session key. */
  const appendRun = (
    id: string,
    verdict: Record<string, unknown>,
    check: Record<string, unknown> = { clause: 0, met: true, exit_code: 0 },
  ): string => {
    fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id });
    fx.store.append(id, 'run_started', { session_id: id, contract: SAMPLE_CONTRACT }, SESSION_KEY);
    fx.store.append(id, 'check_result', check, SESSION_KEY);
    fx.store.append(id, 'verdict', verdict, SESSION_KEY);
    fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    return id;
  };
  const entriesOf = (id: string) => [...fx.store.entries(id)];

  it('a verdict clause without status chains, but is a failed run everywhere it is read, never a PASS', () => {
    const good = appendRun('good', {
      overall: 'pass',
      clauses: [{ clause: 0, kind: 'check', status: 'met' }],
    });
    const bad = appendRun('bad', { overall: 'pass', clauses: [{ clause: 0, kind: 'check' }] });
    // Integrity does not depend on what a payload says: both chains are intact and pinned.
    expect(fx.store.verifySession(bad, { crypto, trusted: TRUSTED }).status).toBe('verified');

    // The run report behind the CLI, check runs, PR comments and job summaries.
    expect(reportFromEntries(good, entriesOf(good)).overall).toBe('pass');
    const report = reportFromEntries(bad, entriesOf(bad));
    expect(report.overall).toBe('failed_run');
    expect(report.runError).toBe(
      'malformed ledger entry: seq 2: verdict clauses.0.status missing is malformed (must be the string met, not_met or unverifiable)',
    );

    // The report page's model, from the exported bundle.
    const bundle = parseBundle(exportText(fx, bad, crypto), 'bad.json');
    expect(runView(bad, bundle.ledger.entries, bundle.blobs).overall).toBe('failed_run');

    // truss ledger verdict / show.
    const verdict = runCli(['ledger', 'verdict', bad, '--db', fx.dbPath], { cwd: fx.dir });
    expect(verdict.code, verdict.stderr).toBe(1);
    expect(verdict.stdout).toContain(
      'verdict MALFORMED (seq 2: verdict clauses.0.status missing is malformed',
    );
    expect(verdict.stdout).not.toContain('verdict PASS');
    const json = JSON.parse(
      runCli(['ledger', 'verdict', bad, '--db', fx.dbPath, '--json'], { cwd: fx.dir }).stdout,
    );
    expect(json).toMatchObject({ chain: 'intact', verdict: null });
    expect(json.verdict_error).toMatch(/^seq 2: verdict clauses\.0\.status missing is malformed/);
    const show = runCli(['ledger', 'show', bad, '--db', fx.dbPath], { cwd: fx.dir });
    expect(show.stdout).toContain('MALFORMED: verdict clauses.0.status missing is malformed');
    expect(show.stdout).not.toContain('overall PASS');
  });

  it('truss attest refuses a malformed verdict as it refuses a failed chain', () => {
    const bad = appendRun('bad', { overall: 'pass', clauses: [{ clause: 0, kind: 'check' }] });
    const bytes = Buffer.from(exportText(fx, bad, crypto));
    const attest = () =>
      attestBundle({
        bundleBytes: bytes,
        bundleName: 'bad.json',
        source: 'bad.json',
        signer: SESSION_KEY,
        crypto,
        trussVersion: 'test',
      });
    expect(attest).toThrow(AttestationRefusedError);
    expect(attest).toThrow(/seq 2: verdict clauses\.0\.status missing is malformed/);
    try {
      attest();
    } catch (error) {
      expect((error as AttestationRefusedError).status).toBe('failed');
    }
  });

  it('a check_result whose met is "yes" makes the report a failed run, even under a signed PASS', () => {
    const id = appendRun(
      'met-yes',
      { overall: 'pass', clauses: [{ clause: 0, kind: 'check', status: 'met' }] },
      { clause: 0, met: 'yes', exit_code: 0 },
    );
    const report = reportFromEntries(id, entriesOf(id));
    expect(report.overall).toBe('failed_run');
    expect(report.runError).toContain('seq 1: check_result met "yes" is malformed (expected boolean)');
  });

  it('a human_review whose decision is a number fails verification as malformed_entry, DB and bundle alike', () => {
    const id = appendRun('reviewed', {
      overall: 'pass',
      clauses: [{ clause: 0, kind: 'check', status: 'met' }],
    });
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      decision: 1 as never,
      note: 'looks fine',
      actor: { login: 'octocat', id: 1 },
      source: { review_id: 7, commit_sha: null, url: null },
    });
    const message =
      'seq 4: human_review decision 1 is malformed (must be the string approved, rejected or needs_changes)';
    const stored = fx.store.verifySession(id, { crypto, trusted: TRUSTED });
    expect(stored.failure).toEqual({ seq: 4, code: 'malformed_entry', message });
    const bundle = verifyBundle(parseBundle(exportText(fx, id, crypto), 'b.json'), {
      crypto,
      trusted: TRUSTED,
    });
    expect(bundle.status).toBe('failed');
    expect(bundle.failure).toEqual(stored.failure);
    const show = runCli(['ledger', 'show', id, '--db', fx.dbPath], { cwd: fx.dir });
    expect(show.stdout).toContain('MALFORMED review: human_review decision 1 is malformed');
  });

  it('a resumed durable session refuses to replay a recorded payload that does not fit its kind', () => {
    const live = DurableSession.start({ store: fx.store, signer: SESSION_KEY, codeVersion: 'test' });
    live.record('run_started', () => ({ payload: {} }));
    // Another writer with the session key signs a clock read whose `now` is a string.
    fx.store.append(live.id, 'clock_read', { now: '1000' }, SESSION_KEY);
    const resumed = DurableSession.open({ store: fx.store, signer: SESSION_KEY, sessionId: live.id, crypto });
    resumed.record('run_started', () => ({ payload: {} }));
    expect(() => resumed.now()).toThrow(ResumeRefusedError);
    expect(() => resumed.now()).toThrow(/seq 1: clock_read now "1000" is malformed \(expected number\)/);
  });

  it('a durable session never signs a payload its kind refuses', () => {
    const live = DurableSession.start({ store: fx.store, signer: SESSION_KEY, codeVersion: 'test' });
    live.record('run_started', () => ({ payload: {} }));
    expect(() =>
      live.record('verdict', () => ({
        payload: { overall: 'pass', clauses: [{ clause: 0, status: 'passed' as never }] },
      })),
    ).toThrow(/refusing to append to .*: verdict clauses\.0\.status "passed" is malformed/);
    expect(entriesOf(live.id).map((e) => e.kind)).toEqual(['run_started']);
  });
});
