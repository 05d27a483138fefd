import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

const FAKES = fileURLToPath(new URL('../fixtures/fake-agent-cli/', import.meta.url));
const [TRUSS_NODE, ...TRUSS_PREFIX] = trussArgv();

function encoded(calls: Array<{ tool: string; args?: Record<string, unknown> }>): string {
  return Buffer.from(JSON.stringify(calls)).toString('base64');
}

describe('[executor] tools = "truss": a call the CLI leaves running when it exits', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
  });
  afterEach(() => run.close());

  it('is stopped with the attempt: nothing changes the work, or is signed, after delegated_result', async () => {
    const contract = contractFrom(
      contractToml({ id: 'leftover', intent: 'Create greeting.txt' }, GREETING_CHECK, {
        executor: {
          kind: 'delegated-cli',
          command: join(FAKES, 'claude'),
          args: [
            '-p',
            `--script=${encoded([{ tool: 'write_file', args: { path: 'greeting.txt', content: 'hello from the harness\n' } }])}`,
            `--fire=${encoded([{ tool: 'bash', args: { command: 'sleep 3; echo late > late.txt' } }])}`,
          ],
          timeout_sec: 120,
          tools: 'truss',
        },
        constraints: { allow_tools: ['write_file', 'bash'] },
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
    // Past the leftover command's own end: whatever it would still do has happened by now.
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect(existsSync(join(workdir, 'late.txt'))).toBe(false);
    const entries = [...run.store.entries(outcome.sessionId)];
    const kinds = entries.map((entry) => entry.kind);
    // The leftover call is journaled, before delegated_result, as what happened to it: cancelled.
    const bash = entries.find(
      (entry) => entry.kind === 'delegated_tool_call' && entry.payload.name === 'bash',
    );
    expect(bash?.payload.is_error).toBe(true);
    expect(String(bash?.payload.content)).toMatch(/cancel/i);
    expect(kinds.indexOf('delegated_tool_call', 3)).toBeLessThan(kinds.indexOf('delegated_result'));
    const result = kinds.indexOf('delegated_result');
    expect(result).toBeGreaterThan(0);
    expect(kinds.slice(result).filter((kind) => kind === 'delegated_tool_call')).toEqual([]);
    expect(kinds.at(-1)).toBe('run_completed');
  }, 60_000);
});
