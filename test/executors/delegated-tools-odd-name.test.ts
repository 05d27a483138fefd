import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import {
  type AgentRun,
  contractFrom,
  makeWorkdir,
  openRunStore,
  PositionalAgent,
  runAgent,
} from '../helpers/agent-kit.js';
import { trussArgv } from '../helpers/built-dist.js';
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';

/**
 * A delegated CLI (tools = "truss") that calls a tool whose name holds a lone UTF-16 surrogate (a JSON
 * `\ud800` escape), which no signed payload holds. The call could not be journaled, yet it used up a
 * call number: the run signed a delegated_result whose `tools` (calls 3, first_seq null) its own
 * ledger contradicts, and `truss verify` failed the ledger with bad_delegated_tools — any CLI could
 * spoil the evidence of its run. The call is journaled as an unknown tool's, U+FFFD in place
 * (docs/mcp.md). The CLI is the fake vendor agent on the SDK, through the real relay.
 */
const FAKES = fileURLToPath(new URL('../fixtures/fake-agent-cli/', import.meta.url));
const [TRUSS_NODE, ...TRUSS_PREFIX] = trussArgv();

function encoded(calls: Array<{ tool: string; args?: Record<string, unknown> }>): string {
  return Buffer.from(JSON.stringify(calls)).toString('base64');
}

describe('[executor] tools = "truss": a tool name no signed payload can hold', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
  });
  afterEach(() => run.close());

  it('is journaled as an unknown tool, and the ledger verifies', async () => {
    const contract = contractFrom(
      contractToml({ id: 'odd-name', intent: 'Create greeting.txt' }, GREETING_CHECK, {
        executor: {
          kind: 'delegated-cli',
          command: join(FAKES, 'claude'),
          args: [
            '-p',
            `--script=${encoded([
              { tool: 'write\ud800file', args: {} },
              { tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } },
            ])}`,
          ],
          timeout_sec: 120,
          tools: 'truss',
        },
        constraints: { allow_tools: ['write_file'] },
      }),
    );
    const outcome = (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: new PositionalAgent([]),
      events: run.events,
      host: { toolServer: { command: TRUSS_NODE, args: TRUSS_PREFIX } },
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    const entries = [...run.store.entries(outcome.sessionId)];
    const calls = entries.filter((entry) => entry.kind === 'delegated_tool_call');
    expect(
      calls.map((entry) => [entry.payload.call, entry.payload.name, entry.payload.refused ?? false]),
    ).toEqual([
      [1, 'write\ufffdfile', true],
      [2, 'write_file', false],
    ]);
    const result = entries.find((entry) => entry.kind === 'delegated_result');
    expect(result?.payload.tools).toMatchObject({ calls: 2, first_seq: calls[0]?.seq });
    const report = run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: new Map(),
    });
    expect(report.failure).toBeNull();
  }, 60_000);
});
