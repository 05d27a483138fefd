import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import {
  type AgentRun,
  contractFrom,
  kindsOf,
  makeWorkdir,
  openRunStore,
  PositionalAgent,
  resumeAgent,
  runAgent,
} from '../helpers/agent-kit.js';
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';

const FAKE_AGENT = fileURLToPath(new URL('../fixtures/fake-agent-cli/fake-agent.mjs', import.meta.url));

function delegated(args: string[]) {
  return contractFrom(
    contractToml(
      { id: 'delegated', intent: 'Create greeting.txt containing exactly: hello from the harness' },
      GREETING_CHECK,
      {
        executor: {
          kind: 'delegated-cli',
          command: process.execPath,
          args: [FAKE_AGENT, ...args],
          timeout_sec: 30,
        },
      },
    ),
  );
}

describe('executors in runContract: delegated-cli', () => {
  let run: AgentRun;
  let workdir: string;
  beforeEach(() => {
    run = openRunStore();
    workdir = makeWorkdir({ git: true });
  });
  afterEach(() => run.close());

  /** Runs `contract` in this test's store and workdir; a delegated run needs no model. */
  const runDelegated = async (contract: ReturnType<typeof delegated>) =>
    (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: new PositionalAgent([]),
    })) as CompletedOutcome;

  it('journals the delegated run as one delegated_result activity; the harness verifies at the boundary', async () => {
    const contract = delegated(['--write=greeting.txt:hello from the harness']);
    const outcome = await runDelegated(contract);
    expect(outcome.status).toBe('completed');
    expect(outcome.verdict.overall).toBe('pass');
    expect(outcome.executor).toMatchObject({
      kind: 'delegated-cli',
      failure: null,
      changedFiles: ['greeting.txt'],
    });
    expect(kindsOf(run.store, outcome.sessionId)).toEqual([
      'run_started',
      'delegated_result',
      'checks_workspace',
      'check_result',
      'verdict',
      'run_completed',
    ]);
    const entry = [...run.store.entries(outcome.sessionId)][1];
    expect(entry?.payload).toMatchObject({ exit_code: 0, timed_out: false, changed_files: ['greeting.txt'] });
    const diff = run.store.blob(String(entry?.payload.diff_sha256));
    expect(diff?.bytes?.toString('utf8')).toContain('+hello from the harness');

    // A resume replays the recorded result: the CLI does not run again.
    const count = kindsOf(run.store, outcome.sessionId).length;
    const again = (await resumeAgent({
      store: run.store,
      sessionId: outcome.sessionId,
      contract: contract.contract,
      workdir,
      provider: new PositionalAgent([]),
    })) as CompletedOutcome;
    expect(again.verdict).toEqual(outcome.verdict);
    expect(kindsOf(run.store, outcome.sessionId)).toHaveLength(count);
  });

  it('a delegated CLI that exits non-zero is an executor failure: FAIL even when the checks pass', async () => {
    const contract = delegated(['--write=greeting.txt:hello from the harness', '--exit=3']);
    const outcome = await runDelegated(contract);
    expect(readFileSync(`${workdir}/greeting.txt`, 'utf8')).toBe('hello from the harness\n');
    expect(outcome.verdict.clauses[0]?.status).toBe('met');
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.verdict.forced[0]).toMatch(/executor failed: delegated CLI .* exited with code 3/);
  });
});
