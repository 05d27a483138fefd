import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { AGENT_KEY, makeWorkdir } from '../helpers/agent-kit.js';
import { cliHome, REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';

const setup = () => cliHome('inloop-cli', { workdir: makeWorkdir() });

describe('truss run with the in-loop executor', () => {
  it('examples/contracts/in-loop-scripted.toml: a scripted agent writes greeting.txt in a fresh workdir → PASS', () => {
    const { home, workdir, env, runFlags } = setup();
    const result = runCli(
      [
        'run',
        join(REPO_ROOT, 'examples/contracts/in-loop-scripted.toml'),
        ...runFlags,
        '--bundle',
        join(home, 'bundle.json'),
        '--json',
      ],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({
      status: 'completed',
      verdict: 'pass',
      executor: { kind: 'in-loop', steps: 4, failure: null, changed_files: ['greeting.txt'] },
    });
    expect(readFileSync(join(workdir, 'greeting.txt'), 'utf8')).toBe('hello from the harness\n');
    expect(result.stderr).toContain('step 2: write_file');
    const verify = runCli(['verify', join(home, 'bundle.json'), '--key', AGENT_KEY.publicKeyHex, '--json']);
    expect(JSON.parse(verify.stdout).status).toBe('verified');
    // The human output says the agent was scripted.
    const human = runCli(['resume', outcome.session_id, ...runFlags, '--bundle', join(home, 'b2.json')], {
      env,
    });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('note: the agent is SCRIPTED');
    expect(human.stdout).toContain('VERDICT: PASS');
  });

  it('an in-loop executor without a usable model is a config error (exit 3) and nothing is journaled', () => {
    const { db, env, runFlags, write } = setup();
    const contract = write(
      'needs-key.toml',
      contractToml({ id: 'needs-key', intent: 'anything' }, TRUE_CHECK, {
        executor: { kind: 'in-loop', provider: 'anthropic', model: 'claude-sonnet-4-5' },
      }),
    );
    const result = runCli(['run', contract, ...runFlags], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/ANTHROPIC_API_KEY/);
    if (existsSync(db)) {
      const store = LedgerStore.open(db, { readonly: true });
      expect(store.sessions()).toEqual([]);
      store.close();
    }
  });

  it('truss signal takes the options truss resume takes (isolation, timeout, contract, approvers) for the run it resumes', () => {
    const { home, db, workdir, env, runFlags, write } = setup();
    // A scripted fixture a resume may read lives in the repository the run works in.
    const script = join(workdir, 'waits.json');
    writeFileSync(
      script,
      JSON.stringify({
        responses: [
          { content: [{ type: 'tool_use', name: 'await_signal', input: { name: 'deploy-done' } }] },
          { content: [{ type: 'text', text: 'deployed' }] },
        ],
      }),
    );
    const contract = write(
      'waits.toml',
      contractToml({ id: 'waits', intent: 'wait for the deploy' }, TRUE_CHECK, {
        executor: { kind: 'in-loop' },
        constraints: { allow_tools: ['await_signal'] },
        provider: { kind: 'scripted', script },
      }),
    );
    const other = write('other.toml', contractToml({ id: 'other', intent: 'something else' }, TRUE_CHECK));
    const approvers = write('approvers', '');
    const first = runCli(['run', contract, ...runFlags, '--isolation', 'none', '--json'], { env });
    expect(first.code, first.stderr).toBe(6);
    const session = JSON.parse(first.stdout).session_id as string;
    const signal = (...extra: string[]) =>
      runCli(['signal', session, 'deploy-done', '{"ok":true}', ...runFlags, ...extra], { env });

    // --contract is checked before the signal is queued: another contract is refused, nothing queued.
    const wrong = signal('--contract', other);
    expect(wrong.code, wrong.stderr).toBe(1);
    expect(wrong.stderr).toContain(`refusing to resume ${session}: the contract resolves to`);
    const store = LedgerStore.open(db, { readonly: true });
    expect(store.signals(session)).toEqual([]);
    store.close();
    const resumed = signal(
      '--isolation',
      'none',
      '--timeout',
      '5m',
      '--contract',
      contract,
      '--approvers',
      approvers,
      '--bundle',
      join(home, 'signalled.json'),
    );
    expect(resumed.code, `${resumed.stderr}\n${resumed.stdout}`).toBe(0);
    expect(resumed.stderr).toContain('isolation = "none" was set explicitly');
    expect(resumed.stdout).toContain('VERDICT: PASS');

    // The run has completed: nothing waits for a signal, so none is queued (nor does a replayed PASS
    // make it look delivered).
    for (const late of [signal(), signal('--no-resume')]) {
      expect(late.code, late.stderr).toBe(3);
      expect(late.stderr).toContain(`session ${session} has completed: no run waits for a signal any more`);
      expect(late.stdout).not.toContain('VERDICT');
    }
    const after = LedgerStore.open(db, { readonly: true });
    expect(after.signals(session).map((s) => s.status)).toEqual(['delivered']);
    after.close();
  });

  it('resume and signal are registered, with help', () => {
    expect(runCli(['resume', '--help']).stdout).toContain('Usage: truss resume SESSION');
    expect(runCli(['signal', '--help']).stdout).toContain('Usage: truss signal SESSION NAME [PAYLOAD]');
    const main = runCli(['--help']);
    expect(main.stdout).toContain('resume SESSION');
    expect(main.stdout).toContain('6  run suspended');
  });
});
