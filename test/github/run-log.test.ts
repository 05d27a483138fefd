/**
 * The Actions log of a run's events redacts the host's secrets, as the CLI's progress lines do: a
 * warning can carry text from outside the run (a provider's error body, git's stderr), and the
 * runner masks only the values it was told about, not their base64 form.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/github/logger.js';
import { runEventLog } from '../../src/github/run-log.js';

const KEY = 'sk-proj-Zx81kQ2mPv7Lr4Ws9Tn3Yb6Hc0Jd5Fg';
const env = { OPENAI_API_KEY: KEY, HOME: '/home/runner' };

function capture(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (message) => lines.push(`info ${message}`),
      warning: (message) => lines.push(`warning ${message}`),
      error: (message) => lines.push(`error ${message}`),
      group: (_name, fn) => fn(),
    },
  };
}

describe('runEventLog', () => {
  it('redacts secrets and their encodings from warnings and retry reasons', () => {
    const { log, lines } = capture();
    const events = runEventLog(log, env);
    events({ type: 'warning', message: `delegated-cli: fatal: could not read ${KEY}` });
    events({ type: 'warning', message: `echoed ${Buffer.from(KEY).toString('base64')}` });
    events({ type: 'provider_retry', provider: 'openai', attempt: 1, delayMs: 20, reason: `401 ${KEY}` });
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(KEY);
      expect(line).not.toContain(Buffer.from(KEY).toString('base64'));
      expect(line).toMatch(/\[REDACTED/);
    }
  });

  it('with warningsOnly logs a reducer job warnings and nothing else', () => {
    const { log, lines } = capture();
    const events = runEventLog(log, env, { warningsOnly: true });
    events({ type: 'check_finished', clause: 0, desc: 'tests pass', met: true, durationMs: 3 } as never);
    events({ type: 'warning', message: `token ${KEY}` });
    expect(lines).toEqual([expect.stringMatching(/^warning token \[REDACTED/)]);
  });
});
