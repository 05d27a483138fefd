import { describe, expect, it } from 'vitest';
import { createNodeCrypto, LedgerStore } from '../../src/core/ledger/index.js';
import { AGENT_KEY } from '../helpers/agent-kit.js';
import { trustedOf } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * What a verifier checks of a `tools = "truss"` delegated run (docs/mcp.md "What the ledger
 * records"): tool calls only inside a delegated run, and a result whose call count the entries bear
 * out. Each ledger here is correctly signed: only its shape is wrong.
 */

type Step = [kind: string, payload: Record<string, unknown>];

function verify(steps: Step[]) {
  const store = LedgerStore.open(tempDir('delegated-check').path('ledger.db'));
  try {
    const { id } = store.createSession({ signer: AGENT_KEY, codeVersion: 'test' });
    store.append(id, 'run_started', { session_id: id }, AGENT_KEY);
    for (const [kind, payload] of steps) store.append(id, kind, payload, AGENT_KEY);
    store.append(id, 'run_completed', {}, AGENT_KEY);
    return store.verifySession(id, { crypto: createNodeCrypto(), trusted: trustedOf(AGENT_KEY) });
  } finally {
    store.close();
  }
}

const started: Step = ['delegated_started', { command: 'claude', tools: 'truss', offered: ['write_file'] }];
const call = (n: number): Step => [
  'delegated_tool_call',
  { call: n, name: 'write_file', input_sha256: 'a'.repeat(64), is_error: false },
];
const result = (tools: Record<string, unknown> | undefined): Step => [
  'delegated_result',
  { command: 'claude', ...(tools ? { tools: { server: 'truss', ...tools } } : {}) },
];

describe('delegated tool calls under verification', () => {
  it('a run whose calls add up verifies, a restarted attempt counted from its first call too', () => {
    expect(verify([started, call(1), call(2), result({ calls: 2, first_seq: 2 })]).status).toBe('verified');
    // Attempt 1 made one call and was stopped (a crash, a gate); attempt 2 made two.
    expect(verify([started, call(1), call(1), call(2), result({ calls: 2, first_seq: 3 })]).status).toBe(
      'verified',
    );
    expect(verify([started, result({ calls: 0, first_seq: null })]).status).toBe('verified');
  });

  it('refuses a tool call outside a delegated run', () => {
    const report = verify([call(1)]);
    expect(report.failure).toMatchObject({ code: 'bad_delegated_tools', seq: 1 });
    expect(report.failure?.message).toMatch(/outside a delegated run/);
  });

  it('refuses a result whose count the entries do not bear out', () => {
    const dropped = verify([started, call(1), call(3), result({ calls: 2, first_seq: 2 })]);
    expect(dropped.failure).toMatchObject({ code: 'bad_delegated_tools', seq: 4 });
    expect(dropped.failure?.message).toMatch(/counts 2 tool calls.*numbered 1, 3/);
    const more = verify([started, call(1), call(2), result({ calls: 1, first_seq: 2 })]);
    expect(more.failure?.code).toBe('bad_delegated_tools');
    const wrongStart = verify([started, call(1), result({ calls: 1, first_seq: 7 })]);
    expect(wrongStart.failure?.message).toMatch(/first_seq 7 is not a tool call/);
    const silent = verify([started, call(1), result(undefined)]);
    expect(silent.failure?.message).toMatch(/does not account for the tool calls/);
    // Read through the catalogue: a call whose payload does not fit its kind fails the chain too.
    const malformed = verify([
      started,
      ['delegated_tool_call', { call: 1, name: 'bash' }],
      result(undefined),
    ]);
    expect(malformed.failure).toMatchObject({ code: 'bad_delegated_tools', seq: 2 });
    expect(malformed.failure?.message).toMatch(/input_sha256 missing is malformed/);
  });
});
