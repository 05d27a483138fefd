import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContractError, parseArms } from '../../src/core/contract/index.js';
import {
  createNodeCrypto,
  exportBundle,
  type LedgerEntry,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { startEval } from '../../src/core/run/index.js';
import { AGENT_KEY, type AgentRun, contractFrom, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { runCli } from '../helpers/cli.js';
import { contractToml, GREETING_CHECK } from '../helpers/contract-toml.js';

/**
 * docs/eval.md: `truss eval` runs a contract N times per arm — each run a signed child session in
 * one eval session — and signs an exact `eval_report`. The arms here are deterministic: the
 * scripted provider plays the agent, one fixture per arm, served to the arm's runs in turn.
 */

const crypto = createNodeCrypto();
const trusted = new Map([[AGENT_KEY.publicKeyHex, 'agent']]);
const RIGHT = 'hello from the harness\n';
const usage = { input_tokens: 10, output_tokens: 5 };
const run = (content: string) => [
  { content: [{ type: 'tool_use', name: 'write_file', input: { path: 'greeting.txt', content } }], usage },
  { content: [{ type: 'text', text: 'done' }], usage },
];

const CONTRACT = contractToml(
  { id: 'greeting-eval', intent: 'Create greeting.txt containing exactly: hello from the harness' },
  { ...GREETING_CHECK, timeout_sec: 10 },
  {
    executor: { kind: 'in-loop' },
    provider: { kind: 'scripted', script: 'right.json' },
    constraints: { allow_tools: ['write_file'] },
  },
);

function fixtures(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'right.json'), JSON.stringify([...run(RIGHT), ...run(RIGHT), ...run(RIGHT)]));
  writeFileSync(join(dir, 'mixed.json'), JSON.stringify([...run(RIGHT), ...run('hello\n'), ...run(RIGHT)]));
}

describe('truss eval', () => {
  let ledger: AgentRun;
  let workdir: string;
  beforeEach(() => {
    ledger = openRunStore();
    workdir = makeWorkdir({ git: true });
  });
  afterEach(() => ledger.close());

  it('two deterministic arms: the exact signed report, every run an anchored, verifiable child', async () => {
    const contractDir = join(workdir, '..', `${workdir.split('/').pop()}-contracts`);
    fixtures(contractDir);
    const { contract, hash } = contractFrom(CONTRACT);
    const arms = parseArms('right:provider.script="right.json",mixed:provider.script=mixed.json');
    const result = await startEval({
      contract,
      contractHash: hash,
      arms,
      repeats: 3,
      workdir,
      store: ledger.store,
      signer: AGENT_KEY,
      codeVersion: 'test',
      principal: { login: 'test' },
      host: {
        events: () => {},
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        contractDir,
        cleanRoomParent: mkdtempSync(join(tmpdir(), 'truss-eval-test-')),
      },
    });
    if (result.status !== 'completed') throw new Error(result.message);
    const { report } = result;
    const withoutTimes = {
      ...report,
      arms: report.arms.map(({ wall_ms: _w, child_refs, ...arm }) => ({
        ...arm,
        runs_passed: child_refs.map((c) => c.overall),
      })),
      delta: report.delta.map(({ wall_ms: _w, ...d }) => d),
    };
    expect(withoutTimes).toEqual({
      repeats: 3,
      arms: [
        {
          name: 'right',
          change: 'provider.script="right.json"',
          contract_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          runs: 3,
          passes: 3,
          pass_rate: 1,
          cost_usd: 0,
          tokens: 90,
          runs_passed: ['pass', 'pass', 'pass'],
        },
        {
          name: 'mixed',
          change: 'provider.script=mixed.json',
          contract_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          runs: 3,
          passes: 2,
          pass_rate: 2 / 3,
          cost_usd: 0,
          tokens: 90,
          runs_passed: ['pass', 'fail', 'pass'],
        },
      ],
      delta: [{ arm: 'mixed', vs: 'right', pass_rate: 2 / 3 - 1, cost_usd: 0, tokens: 0 }],
      summary:
        'right: 3/3 passed (100%), $0.0000, 90 tokens; mixed: 2/3 passed (67%), $0.0000, 90 tokens; mixed vs right: −33 pp pass rate, +$0.0000, +0 tokens',
    });
    expect(report.arms[0]?.contract_hash).not.toBe(report.arms[1]?.contract_hash);

    const entries: LedgerEntry[] = [...ledger.store.entries(result.sessionId)];
    expect(entries.map((e) => e.kind)).toEqual([
      'run_started',
      ...Array(6).fill('child_anchor'),
      'eval_report',
      'run_completed',
    ]);
    expect(entries[0]?.payload).toMatchObject({
      kind: 'eval',
      eval: { repeats: 3, arms: [{ name: 'right' }, { name: 'mixed' }] },
    });
    expect(entries.find((e) => e.kind === 'eval_report')?.payload).toEqual(
      JSON.parse(JSON.stringify(report)),
    );
    // Every child ref is an anchor of this session, and each child ran its arm's contract.
    for (const arm of report.arms) {
      for (const ref of arm.child_refs) {
        const anchor = entries[ref.anchor_seq] as LedgerEntry;
        expect(anchor.payload).toMatchObject({
          child_session_id: ref.child_session_id,
          arm: arm.name,
          verdict_ref: ref.verdict_ref,
        });
        const child = [...ledger.store.entries(ref.child_session_id)];
        expect(child[0]?.payload.contract_hash).toBe(arm.contract_hash);
      }
    }
    const verified = verifyBundle(exportBundle(ledger.store, result.sessionId, crypto), { crypto, trusted });
    expect(verified.status).toBe('verified');
    expect(verified.children).toHaveLength(6);
  });

  it('arms: at least two, unique names, one change each, never the task or its definition of done', () => {
    const message = (text: string) => {
      try {
        parseArms(text);
      } catch (error) {
        if (error instanceof ContractError) return error.message;
        throw error;
      }
      return '';
    };
    expect(parseArms('executor.model=a,executor.model=b').map((a) => [a.name, a.path, a.value])).toEqual([
      ['executor.model=a', ['executor', 'model'], 'a'],
      ['executor.model=b', ['executor', 'model'], 'b'],
    ]);
    expect(
      parseArms('x:budget.max_steps=3,y:constraints.allow_tools=["read_file","write_file"]')[1]?.value,
    ).toEqual(['read_file', 'write_file']);
    expect(message('executor.model=a')).toMatch(/at least two arms/);
    expect(message('a:executor.model=a,a:executor.model=b')).toMatch(/two arms are named "a"/);
    expect(message('contract.intent=other,executor.model=b')).toMatch(/may not change \[contract\]/);
    expect(message('fanout.attempts=2,executor.model=b')).toMatch(/may not change \[fanout\]/);
    expect(message('model a,model b')).toMatch(/is not \[NAME:\]PATH=VALUE/);
  });

  it('the CLI prints the table, writes the page and a bundle that verifies (exit 0)', () => {
    const dir = join(workdir, '.truss/contracts');
    fixtures(dir);
    writeFileSync(join(workdir, '.truss/contracts/greet.toml'), CONTRACT);
    const home = makeWorkdir();
    const keyFile = join(home, 'k');
    writeFileSync(keyFile, `${Buffer.alloc(32, 0x61).toString('base64')}\n`, { mode: 0o600 });
    const result = runCli(
      [
        'eval',
        'greet',
        '--arms',
        'right:provider.script=right.json,mixed:provider.script=mixed.json',
        '--repeats',
        '3',
        '--key',
        keyFile,
        '--isolation',
        'none',
      ],
      // Clean rooms under a TMPDIR of this test's own (not among other suites' in /tmp).
      { cwd: workdir, env: { HOME: home, TMPDIR: makeWorkdir() } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/right +provider\.script=right\.json +3\/3 +100% +\$0\.0000 +90/);
    expect(result.stdout).toMatch(/mixed +provider\.script=mixed\.json +2\/3 +67%/);
    expect(result.stdout).toContain('mixed vs right: −33 pp pass rate');
    const page = readFileSync(/^page (.+)$/m.exec(result.stdout)?.[1] as string, 'utf8');
    expect(page).toContain('<svg role="img" aria-label="Pass rate"');
    expect(page).toContain("default-src 'none'".replace(/'/g, '&#39;'));
    expect(page).not.toContain('<script');
    const bundle = /^bundle (.+)$/m.exec(result.stdout)?.[1] as string;
    // The key file holds AGENT_KEY's seed: the eval session and its six children verify under it.
    const verify = runCli(['verify', bundle, '--key', AGENT_KEY.publicKeyHex]);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout.match(/✔ VERIFIED/g)).toHaveLength(7);
  });
});
