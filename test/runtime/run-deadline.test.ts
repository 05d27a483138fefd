import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DeadlineReachedError } from '../../src/core/runtime/index.js';
import { armDeadline, deadlineReached, limitFrom } from '../../src/core/runtime/run-deadline.js';

describe('armDeadline', () => {
  it('aborts at the tightest limit with a DeadlineReachedError naming it', async () => {
    const now = Date.now();
    const armed = armDeadline({
      limits: [limitFrom('1h', '[budget] max_duration', now), limitFrom('50ms', '--timeout', now), null],
      now: Date.now,
    });
    try {
      expect(armed.deadline).toMatchObject({ limit: '50ms', source: '--timeout', at: now + 50 });
      expect(armed.signal.aborted).toBe(false);
      await sleep(120);
      expect(armed.signal.aborted).toBe(true);
      const reached = deadlineReached(armed.signal);
      expect(reached).toBeInstanceOf(DeadlineReachedError);
      expect(reached?.message).toMatch(/^wall-clock deadline of 50ms reached \(--timeout\)/);
    } finally {
      armed.dispose();
    }
  });

  it("passes the host's cancellation on with its own reason: not a deadline", () => {
    const host = new AbortController();
    const armed = armDeadline({
      signal: host.signal,
      limits: [limitFrom('1h', '--timeout', Date.now())],
      now: Date.now,
    });
    host.abort('SIGINT');
    expect(armed.signal.aborted).toBe(true);
    expect(armed.signal.reason).toBe('SIGINT');
    expect(deadlineReached(armed.signal)).toBeNull();
    armed.dispose();
  });

  it('a limit already past aborts at once; no limit leaves the host signal as it is', () => {
    const past = armDeadline({ limits: [{ at: 0, limit: '1s', source: '--timeout' }], now: Date.now });
    expect(deadlineReached(past.signal)).toBeInstanceOf(DeadlineReachedError);
    const host = new AbortController();
    const none = armDeadline({ signal: host.signal, limits: [undefined, null], now: Date.now });
    expect(none).toMatchObject({ signal: host.signal, deadline: null });
  });

  it('dispose stops the timer: a finished run is never aborted afterwards', async () => {
    const armed = armDeadline({ limits: [limitFrom('30ms', '--timeout', Date.now())], now: Date.now });
    armed.dispose();
    await sleep(80);
    expect(armed.signal.aborted).toBe(false);
  });

  it('a deadline whose moment has come counts as reached before its timer fires; a host cancellation still wins', () => {
    const limit = limitFrom('1h', '--timeout', 1_000_000);
    const armed = armDeadline({ limits: [limit], now: () => 1_000_000 });
    try {
      expect(deadlineReached(armed.signal, limit, limit.at - 1)).toBeNull();
      expect(deadlineReached(armed.signal, limit, limit.at)?.deadline).toEqual(limit);
      expect(deadlineReached(armed.signal, null, limit.at + 1)).toBeNull();
    } finally {
      armed.dispose();
    }
    const host = new AbortController();
    const cancelled = armDeadline({ signal: host.signal, limits: [limit], now: () => 1_000_000 });
    host.abort('SIGINT');
    expect(deadlineReached(cancelled.signal, limit, limit.at + 1)).toBeNull();
    cancelled.dispose();
  });
});
