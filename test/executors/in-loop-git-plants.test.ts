/**
 * A whole in-loop run whose agent plants a FIFO in `.git` with its own `bash` (under `none` nothing
 * sweeps it) and then calls a git tool (docs/security.md, "Git metadata"): the tool call ends at once
 * as a tool error the model reads and the ledger records, nothing waits, and the run ends with a
 * signed chain that verifies. Real SQLite ledger, real git, real child processes, a scripted model.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import { contractFrom, runAgent, say, scripted, use, useAgentRun } from '../helpers/agent-kit.js';

/** Far below the git tools' own minute of silence: a run still going by then has waited on the FIFO. */
const AT_ONCE_MS = 20_000;

const CONTRACT = contractFrom(`
[contract]
id = "agent-git-plant"
intent = "Look at the repository"

[[done]]
kind = "check"
desc = "README.md is still there"
run = "test -f README.md"
timeout_sec = 10

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["bash", "git_status"]

[sandbox]
isolation = "none"
checkout = "in-place"
`);

describe('an in-loop agent that plants a FIFO in .git, then asks git_status', () => {
  const state = useAgentRun({ git: true });

  it('gets a tool error naming the FIFO at once; the run ends and its signed chain verifies', async () => {
    const provider = scripted([
      use('bash', { command: 'mkfifo .git/objects/info/alternates' }),
      use('git_status', {}),
      use('bash', { command: 'rm .git/objects/info/alternates' }),
      use('git_status', {}),
      say('Done.'),
    ]);
    const started = Date.now();
    const outcome = await runAgent({
      store: state.run.store,
      contract: CONTRACT,
      workdir: state.workdir,
      provider,
    });
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);

    const results = [...state.run.store.entries(outcome.sessionId)]
      .filter((entry) => entry.kind === 'tool_result')
      .map((entry) => entry.payload as { name: string; is_error: boolean; content: string });
    expect(results.map((result) => [result.name, result.is_error])).toEqual([
      ['bash', false],
      ['git_status', true],
      ['bash', false],
      ['git_status', false],
    ]);
    const refused = results[1]?.content ?? '';
    expect(refused).toContain(`${join(state.workdir, '.git/objects/info/alternates')} is a FIFO`);
    expect(refused).toContain('rm ');
    expect(results[3]?.content).toMatch(/^## main/);

    expect(outcome.status).toBe('completed');
    const report = state.run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: new Map(),
    });
    expect(report.failure).toBeNull();
    expect(report.terminal_kind).toBe('run_completed');
  });
});
