import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, type LedgerEntry } from '../../src/core/ledger/index.js';
import {
  DurableSession,
  MemoTamperError,
  NonDeterminismError,
  ResumeRefusedError,
  SuspendedError,
} from '../../src/core/runtime/durable.js';
import {
  keyFromByte,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';

const crypto = createNodeCrypto();

function kinds(fixture: LedgerFixture, id: string): string[] {
  return [...fixture.store.entries(id)].map((e) => e.kind);
}

async function suspendedOf(promise: Promise<unknown>): Promise<SuspendedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SuspendedError);
  return error as SuspendedError;
}

describe('DurableSession', () => {
  let fixture: LedgerFixture;
  beforeEach(() => {
    fixture = openFixture('durable');
  });
  afterEach(() => fixture.close());

  const start = (options: { clock?: () => number; random?: () => number } = {}) =>
    DurableSession.start({ store: fixture.store, signer: SESSION_KEY, codeVersion: 'test', ...options });
  const reopen = (id: string, options: { clock?: () => number; random?: () => number } = {}) =>
    DurableSession.open({ store: fixture.store, signer: SESSION_KEY, sessionId: id, crypto, ...options });

  it('replays recorded outcomes by position without executing them; runs live past the frontier', async () => {
    const live = start({ clock: () => 1000, random: () => 0.25 });
    live.record('run_started', () => ({ payload: { contract: 'x' } }));
    let executed = 0;
    const execute = (content: string) => async () => {
      executed++;
      return { payload: { name: 'read_file', input: {}, content, is_error: false } };
    };
    await live.activity('tool_result', 'read_file', execute('first'));
    expect(live.now()).toBe(1000);
    expect(live.random()).toBe(0.25);
    expect(executed).toBe(1);

    const resumed = reopen(live.id, { clock: () => 9999, random: () => 0.9 });
    expect(resumed.replaying).toBe(true);
    resumed.record('run_started', () => {
      throw new Error('must not rebuild a recorded entry');
    });
    const replayed = await resumed.activity('tool_result', 'read_file', execute('second'));
    expect(replayed.replayed).toBe(true);
    expect(replayed.entry.payload.content).toBe('first');
    expect(resumed.now()).toBe(1000);
    expect(resumed.random()).toBe(0.25);
    expect(executed).toBe(1);
    expect(resumed.replaying).toBe(false);
    // Past the frontier: live again.
    const fresh = await resumed.activity('tool_result', 'read_file', execute('third'));
    expect(fresh.replayed).toBe(false);
    expect(executed).toBe(2);
    expect(kinds(fixture, live.id)).toEqual([
      'run_started',
      'tool_result',
      'clock_read',
      'random_draw',
      'tool_result',
    ]);
  });

  it('a different tool requested at a recorded position is a NonDeterminismError naming the seq', async () => {
    const live = start();
    live.record('run_started', () => ({ payload: {} }));
    await live.activity('tool_result', 'read_file', async () => ({ payload: { name: 'read_file' } }));
    await live.activity('tool_result', 'write_file', async () => ({ payload: { name: 'write_file' } }));

    const resumed = reopen(live.id);
    resumed.record('run_started', () => ({ payload: {} }));
    await resumed.activity('tool_result', 'read_file', async () => ({ payload: { name: 'read_file' } }));
    const error = await resumed
      .activity('tool_result', 'bash', async () => ({ payload: { name: 'bash' } }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NonDeterminismError);
    expect((error as NonDeterminismError).seq).toBe(2);
    expect((error as Error).message).toContain('seq 2');
    expect((error as Error).message).toContain('tool_result "bash"');
    expect((error as Error).message).toContain('tool_result "write_file"');

    // A different kind at a position is caught too.
    const again = reopen(live.id);
    expect(() => again.record('verdict', () => ({ payload: { overall: 'fail', clauses: [] } }))).toThrow(
      /seq 0.*verdict.*run_started/,
    );
    // And a detail check (e.g. a request digest) that differs.
    const third = reopen(live.id);
    expect(() =>
      third.record('run_started', () => ({ payload: {} }), { check: () => 'request digest differs' }),
    ).toThrow(NonDeterminismError);
    // Nothing was appended by the refused replays.
    expect(kinds(fixture, live.id)).toHaveLength(3);
  });

  it('side effects: provenance + memo in one append; replay uses the memo and never re-executes', async () => {
    const live = start();
    let commits = 0;
    const commit = async () => {
      commits++;
      return { sha: 'abc123', content: 'committed' };
    };
    const first = await live.sideEffect('git_tool_call', 'git_commit', { message: 'm' }, commit);
    expect(first.replayed).toBe(false);
    expect(first.entry.payload).toMatchObject({ name: 'git_commit', result: { sha: 'abc123' } });
    const memo = fixture.store.memo(live.id, String(first.entry.payload.memo_key));
    expect(memo).toEqual({ seq: first.entry.seq, result: { sha: 'abc123', content: 'committed' } });

    const resumed = reopen(live.id);
    const again = await resumed.sideEffect('git_tool_call', 'git_commit', { message: 'm' }, commit);
    expect(again.replayed).toBe(true);
    expect(again.result).toEqual({ sha: 'abc123', content: 'committed' });
    expect(commits).toBe(1);

    // A different input at the same position is non-determinism.
    const other = reopen(live.id);
    await expect(other.sideEffect('git_tool_call', 'git_commit', { message: 'x' }, commit)).rejects.toThrow(
      NonDeterminismError,
    );
  });

  it('a tampered memo is refused: edited result, deleted row, or a memo with no signed provenance', async () => {
    const live = start();
    const commit = async () => ({ sha: 'abc123' });
    const first = await live.sideEffect('git_tool_call', 'git_commit', {}, commit);
    const key = String(first.entry.payload.memo_key);

    fixture.raw
      .prepare('UPDATE tool_memo SET result = ? WHERE session_id = ? AND memo_key = ?')
      .run('{"sha":"evil"}', live.id, key);
    await expect(reopen(live.id).sideEffect('git_tool_call', 'git_commit', {}, commit)).rejects.toThrow(
      /does not match its signed provenance/,
    );

    fixture.raw.prepare('DELETE FROM tool_memo WHERE session_id = ?').run(live.id);
    await expect(reopen(live.id).sideEffect('git_tool_call', 'git_commit', {}, commit)).rejects.toThrow(
      MemoTamperError,
    );

    // A memo planted for the next position (no signed entry records it) is not trusted either.
    const planted = start();
    fixture.raw
      .prepare('INSERT INTO tool_memo (session_id, memo_key, seq, result, created_at) VALUES (?, ?, 0, ?, 0)')
      .run(planted.id, 'git_commit#0', '{"sha":"planted"}');
    let executed = false;
    const error = await planted
      .sideEffect('git_tool_call', 'git_commit', {}, async () => {
        executed = true;
        return {};
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoTamperError);
    expect((error as Error).message).toMatch(/no signed git_tool_call entry records it/);
    expect(executed).toBe(false);
  });

  it('refuses to open a session whose chain does not verify, or with another key', async () => {
    const live = start();
    live.record('run_started', () => ({ payload: { a: 1 } }));
    await live.activity('tool_result', 'bash', async () => ({ payload: { name: 'bash', content: 'ok' } }));
    expect(() =>
      DurableSession.open({ store: fixture.store, signer: keyFromByte(0x44), sessionId: live.id, crypto }),
    ).toThrow(ResumeRefusedError);
    fixture.raw
      .prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 1')
      .run('{"content":"forged","name":"bash"}', live.id);
    expect(() => reopen(live.id)).toThrow(/chain does not verify at seq 1/);
  });

  it('signals: suspend, queue, resume consumes it once; a signal queued before the wait is taken directly', async () => {
    const live = start();
    live.record('run_started', () => ({ payload: {} }));
    const suspended = await suspendedOf(live.awaitSignal('go', 'waiting for go'));
    expect(suspended.suspension).toMatchObject({ seq: 1, await: { signal: 'go' }, reason: 'waiting for go' });
    expect(fixture.store.session(live.id)?.status).toBe('suspended');

    // Still nothing queued: resume stays suspended and appends nothing.
    const idle = reopen(live.id);
    idle.record('run_started', () => ({ payload: {} }));
    await suspendedOf(idle.awaitSignal('go', 'waiting for go'));
    expect(kinds(fixture, live.id)).toEqual(['run_started', 'suspended']);

    fixture.store.queueSignal(live.id, 'other', null);
    fixture.store.queueSignal(live.id, 'go', { n: 1 });
    const woken = reopen(live.id);
    woken.record('run_started', () => ({ payload: {} }));
    expect(await woken.awaitSignal('go', 'waiting for go')).toEqual({ n: 1 });
    expect(fixture.store.session(live.id)?.status).toBe('running');
    expect(fixture.store.signals(live.id).map((s) => [s.name, s.status])).toEqual([
      ['other', 'pending'],
      ['go', 'delivered'],
    ]);

    // Replaying again returns the recorded payload; nothing is re-consumed.
    const replay = reopen(live.id);
    replay.record('run_started', () => ({ payload: {} }));
    expect(await replay.awaitSignal('go', 'waiting for go')).toEqual({ n: 1 });
    expect(kinds(fixture, live.id)).toEqual(['run_started', 'suspended', 'signal_received']);

    // Pending before the wait: no suspension at all.
    const eager = start();
    fixture.store.queueSignal(eager.id, 'go', 'now');
    expect(await eager.awaitSignal('go', 'r')).toBe('now');
    expect(kinds(fixture, eager.id)).toEqual(['signal_received']);
    expect(await reopen(eager.id).awaitSignal('go', 'r')).toBe('now');
  });

  it('timers fire on the first resume at or after fire_at', async () => {
    let now = 1_000;
    const live = start({ clock: () => now });
    const suspended = await suspendedOf(live.sleepUntil(5_000, 'cool down'));
    expect(suspended.suspension).toMatchObject({ await: { timer: 0 }, fireAt: 5_000 });
    now = 4_999;
    await suspendedOf(reopen(live.id, { clock: () => now }).sleepUntil(123, 'cool down'));
    now = 5_000;
    await reopen(live.id, { clock: () => now }).sleepUntil(123, 'cool down');
    expect(kinds(fixture, live.id)).toEqual(['timer_set', 'suspended', 'timer_fired']);
    const fired = [...fixture.store.entries(live.id)][2] as LedgerEntry;
    expect(fired.payload).toMatchObject({ timer_seq: 0, fire_at: 5_000, fired_at: 5_000 });
  });

  it('approval gates: only a signed approved human_review after the gate releases it', async () => {
    const gate = { gate: 'tool' as const, tool: 'bash' };
    const approvers = new Map([[REVIEWER_KEY.publicKeyHex, 'reviewer']]);
    const live = start();
    live.record('run_started', () => ({ payload: {} }));
    const first = await suspendedOf(live.awaitApproval(gate, 'bash needs approval', approvers));
    expect(first.suspension.await).toEqual({ approval: gate });

    // A raw signal does not release a gate.
    fixture.store.queueSignal(live.id, 'approval_gate', null);
    const raw = reopen(live.id);
    raw.record('run_started', () => ({ payload: {} }));
    await suspendedOf(raw.awaitApproval(gate, 'bash needs approval', approvers));

    // The session key cannot approve its own gate.
    expect(() =>
      fixture.store.appendHumanReview(live.id, SESSION_KEY, {
        decision: 'approved',
        note: '',
        actor: { login: 'me', id: null },
        source: { review_id: null, commit_sha: null, url: null },
      }),
    ).toThrow(/signed by the session key/);

    const review = (decision: 'approved' | 'rejected' | 'needs_changes', note = '') =>
      fixture.store.appendHumanReview(live.id, REVIEWER_KEY, {
        decision,
        note,
        actor: { login: 'alice', id: null },
        source: { review_id: null, commit_sha: null, url: null },
      });
    review('rejected', 'not this way');
    const blocked = reopen(live.id);
    blocked.record('run_started', () => ({ payload: {} }));
    const stillSuspended = await suspendedOf(blocked.awaitApproval(gate, 'bash needs approval', approvers));
    expect(stillSuspended.suspension.blocked).toMatchObject({ decision: 'rejected', note: 'not this way' });

    // Only listed approvers count when approvers are given.
    const approval = review('approved', 'ok');
    const picky = reopen(live.id);
    picky.record('run_started', () => ({ payload: {} }));
    await suspendedOf(picky.awaitApproval(gate, 'r', new Map([[keyFromByte(0x55).publicKeyHex, 'other']])));
    // With no approvers configured, nothing releases the gate, and the suspension says so.
    const unconfigured = reopen(live.id);
    unconfigured.record('run_started', () => ({ payload: {} }));
    const none = await suspendedOf(unconfigured.awaitApproval(gate, 'r', new Map()));
    expect(none.suspension.noApprovers).toBe(true);

    const released = reopen(live.id);
    released.record('run_started', () => ({ payload: {} }));
    const release = await released.awaitApproval(gate, 'bash needs approval', approvers);
    expect(release.payload).toMatchObject({ name: 'approval_gate', review_seq: approval.seq });
    expect(kinds(fixture, live.id)).toEqual([
      'run_started',
      'suspended',
      'human_review',
      'human_review',
      'signal_received',
    ]);
    // The release replays from the journal (and is checked against the signed review).
    const replay = reopen(live.id);
    replay.record('run_started', () => ({ payload: {} }));
    expect((await replay.awaitApproval(gate, 'x', approvers)).seq).toBe(release.seq);
  });
});
