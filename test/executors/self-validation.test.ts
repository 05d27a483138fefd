import { readFileSync, realpathSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportBundle } from '../../src/core/ledger/export.js';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import { type ReportClause, reportFromEntries, selfValidationLine } from '../../src/core/run/index.js';
import { renderCheckOutput, renderJobSummary, renderStickyComment } from '../../src/github/render/index.js';
import {
  type AgentRun,
  contractFrom,
  kindsOf,
  makeWorkdir,
  openRunStore,
  PositionalAgent,
  resumeAgent,
  runAgent,
  text,
  toolUse,
  waitFor,
} from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A repository that ignores node_modules, with a check that puts node_modules/.bin first on PATH. */
function setup() {
  const workdir = makeWorkdir({ git: true });
  commitFiles(workdir, { '.gitignore': '.truss/\nnode_modules/\n' }, 'ignore node_modules');
  const log = tempDir('selfcheck-log').path('runs.log');
  const contract = contractFrom(`
[contract]
id = "self-validation"
intent = "Create greeting.txt containing exactly: hello from the harness"

[[done]]
kind = "review"
desc = "reads well"

[[done]]
kind = "check"
desc = "greeting.txt has the exact line"
run = "echo \\"$PWD\\" >> ${log}; PATH=\\"$PWD/node_modules/.bin:$PATH\\"; printf 'hello from the harness\\\\n' | cmp - greeting.txt"
timeout_sec = 20

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["write_file", "bash"]
`);
  const runsIn = (dir: string) =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line === realpathSync(dir)).length;
  return { workdir, contract, runsIn };
}

/** Writes the wrong greeting, hides a `cmp` shim that always succeeds, then asks for its own check run. */
const answers = [
  {
    content: [
      toolUse('c1', 'write_file', { path: 'greeting.txt', content: 'hello\n' }),
      toolUse('c2', 'bash', {
        command:
          "mkdir -p node_modules/.bin && printf '#!/bin/sh\\nexit 0\\n' > node_modules/.bin/cmp && chmod +x node_modules/.bin/cmp",
      }),
    ],
  },
  { content: [text('checking'), toolUse('c3', 'run_checks', { clause: 2 })] },
  { content: [text('my checks pass')] },
];

describe('self-validation (run_checks)', () => {
  let run: AgentRun;
  beforeEach(() => {
    run = openRunStore();
  });
  afterEach(() => run.close());

  it('the agent runs the check in its own copy; it is journaled as evidence only and never changes the verdict: agent saw pass, harness saw fail', async () => {
    const { workdir, contract, runsIn } = setup();
    const agent = new PositionalAgent(answers);
    const outcome = (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: agent,
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.verdict.clauses[1]).toMatchObject({ kind: 'check', status: 'not_met' });
    expect(runsIn(workdir)).toBe(1); // the agent's run; the harness's ran in the clean copy

    const entries = [...run.store.entries(outcome.sessionId)];
    const selfCheck = entries.filter((e) => e.kind === 'self_validation');
    expect(selfCheck).toHaveLength(1);
    expect(selfCheck[0]?.payload).toMatchObject({
      clause: 1,
      cmd: contract.contract.done[1]?.kind === 'check' ? contract.contract.done[1].run : '',
      exit: 0,
      met: true,
      evidence_only: true,
      summary: 'met (exit 0)',
    });
    expect(String(selfCheck[0]?.payload.workdir_hash)).toMatch(/^[0-9a-f]{40}$/);
    // The agent saw its run's answer.
    const started = entries.find((e) => e.kind === 'executor_started');
    expect(started?.payload.tools).toContain('run_checks');

    const bundle = exportBundle(run.store, outcome.sessionId, createNodeCrypto());
    expect(bundle.evidence?.self_validation).toEqual([selfCheck[0]?.payload]);

    // Every surface shows the agent's run beside the harness's.
    const report = reportFromEntries(outcome.sessionId, entries);
    const line = selfValidationLine(report.clauses[1] as ReportClause);
    expect(line).toMatch(/^agent saw pass, harness saw fail ⚠ \(the agent ran it once/);
    expect(report.checkout).toMatchObject({ mode: 'clean-room', error: null });
    const links = { bundleFileName: 'b.json', publicKey: 'ab'.repeat(32), keyId: 'SHA256:test' };
    expect(renderCheckOutput(report, links).summary).toContain('Clause 2: agent saw pass, harness saw fail');
    expect(renderStickyComment(report, links, '<!-- m -->', {})).toContain(
      'agent saw pass, harness saw fail',
    );
    expect(renderJobSummary(report, links)).toContain('Checks ran in a clean room: base');
  });

  it('a resumed run replays the recorded self_validation by position and never runs it again', async () => {
    const { workdir, contract, runsIn } = setup();
    const first = new PositionalAgent(answers, { hangAt: 2 });
    void runAgent({ store: run.store, contract, workdir, provider: first });
    await waitFor(() => first.requests.includes(2));
    const sessionId = run.store.sessions()[0]?.id as string;
    expect(kindsOf(run.store, sessionId)).toContain('self_validation');
    expect(runsIn(workdir)).toBe(1);

    const second = new PositionalAgent(answers);
    const outcome = (await resumeAgent({
      store: run.store,
      sessionId,
      contract: contract.contract,
      workdir,
      provider: second,
    })) as CompletedOutcome;
    expect(second.requests).toEqual([2]);
    expect(outcome.verdict.overall).toBe('fail');
    expect(runsIn(workdir)).toBe(1);
    expect(kindsOf(run.store, sessionId).filter((k) => k === 'self_validation')).toHaveLength(1);
  });

  it('an unknown clause is refused as a tool_result and runs nothing', async () => {
    const { workdir, contract, runsIn } = setup();
    const agent = new PositionalAgent([
      { content: [toolUse('c1', 'run_checks', { clause: 1 })] },
      { content: [text('ok')] },
    ]);
    const outcome = (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: agent,
    })) as CompletedOutcome;
    const refused = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'tool_result');
    expect(refused?.payload).toMatchObject({ name: 'run_checks', refused: true, is_error: true });
    expect(String(refused?.payload.content)).toContain(
      'clause 1 is not a check clause; the checks are: 2. greeting.txt',
    );
    expect(runsIn(workdir)).toBe(0);
  });
});
