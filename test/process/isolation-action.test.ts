import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, createdCheckRuns, TOKEN } from '../helpers/action-harness.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import {
  attackScript,
  LOOT_FILE,
  leaked,
  lootIn,
  mechanismAvailable,
  secret,
  survivors,
} from './isolation-kit.js';

/**
 * The isolation layer through the REAL action entry (dist/action.cjs; `npm run build` first): a base
 * branch contract whose check tries every known way to the action's inputs and tokens. Under uid and
 * bwrap it gets nothing and nothing outlives the deadline; every surface names the mechanism. Without
 * any mechanism an agent executor is refused.
 */

function attackContract(marker: string, kill = true): string {
  const script = attackScript({
    files: ['$RUNNER_TEMP/truss/ledger.db', '$HOME/.config/truss/signing.key'],
    marker,
    destructive: kill,
    // Unisolated (the `none` demonstration), reading other processes' fds would read the test
    // runner's own IPC pipes.
    fds: kill,
  });
  return contractToml(
    { id: 'greeting-0001', intent: "steal the action's secrets" },
    { kind: 'check', desc: 'adversarial check', run: script, timeout_sec: 3 },
  );
}

describe('the action entry with isolation', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  for (const level of ['uid', 'bwrap'] as const) {
    it(`isolation: ${level} — a PR check gets no input, token or key, dies at its deadline, and every surface says "${level}"`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED isolation-action ${level}: ${unavailable}`);
        return;
      }
      const marker = `43${Math.floor(Math.random() * 1e6)}.`;
      harness.baseContract = attackContract(marker);
      const secrets = {
        signingKey: harness.seed,
        githubToken: TOKEN,
        review: secret('REVIEW'),
        anthropic: secret('sk-ant'),
        runtime: secret('ACTIONSRUNTIME'),
        idToken: secret('ACTIONSID'),
      };
      const run = await harness.runPullRequest({
        INPUT_ISOLATION: level,
        INPUT_REVIEW_SIGNING_KEY: secrets.review,
        INPUT_ANTHROPIC_API_KEY: secrets.anthropic,
        ACTIONS_RUNTIME_TOKEN: secrets.runtime,
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: secrets.idToken,
        INPUT_UPLOAD_ARTIFACT: 'false',
      });
      expect(run.outputs.verdict, run.stdout.slice(-3000)).toBe('fail');
      expect(survivors(marker)).toEqual([]);
      const bundle = readFileSync(run.outputs['bundle-path'] as string, 'utf8');
      const started = JSON.parse(bundle).ledger.entries[0].payload;
      expect(started.isolation).toMatchObject({ level, requested: level, network_enforced: true });
      expect(bundle.includes('attacker uid')).toBe(true);
      // Under uid the work runs as the sandbox user, never as the harness's (root here).
      if (level === 'uid')
        expect(/attacker uid (\d+)/.exec(bundle)?.[1]).not.toBe(String(process.getuid?.()));
      const patched = harness.fake.calls('PATCH', /\/check-runs\/\d+$/)[0]?.body as
        | { output: { summary: string } }
        | undefined;
      const check = patched?.output.summary ?? '';
      const comment = harness.comments.map((c) => c.body).join('\n');
      expect(check).toContain(`checks isolated: ${level}`);
      expect(comment).toContain(`checks isolated: ${level}`);
      expect(run.summary).toContain(`checks isolated: ${level}`);
      // `::add-mask::<secret>` is how core.setSecret tells the runner what to mask: the log's only copy.
      const log = run.stdout
        .split('\n')
        .filter((line) => !line.startsWith('::add-mask::'))
        .join('\n');
      // The attack's own drop file (untouched by the secret scan) proves isolation, not redaction, held.
      expect(existsSync(join(harness.source, LOOT_FILE))).toBe(true);
      const loot = lootIn(harness.source);
      const surfaces = { bundle, check, comment, summary: run.summary, log, stderr: run.stderr, loot };
      const leaks = Object.entries(surfaces).flatMap(([where, text]) =>
        leaked(secrets, [text]).map((what) => `${what} in ${where}`),
      );
      expect(leaks).toEqual([]);
    }, 120_000);
  }

  it('isolation: none — the same check reads the action inputs from /proc (what the isolated runs prevent)', async () => {
    harness.baseContract = attackContract(`44${Math.floor(Math.random() * 1e6)}.`, false);
    const run = await harness.runPullRequest({ INPUT_ISOLATION: 'none', INPUT_UPLOAD_ARTIFACT: 'false' });
    const bundle = readFileSync(run.outputs['bundle-path'] as string, 'utf8');
    expect(JSON.parse(bundle).ledger.entries[0].payload.isolation).toMatchObject({ level: 'none' });
    expect(
      leaked({ signingKey: harness.seed }, [lootIn(harness.source)]),
      lootIn(harness.source).slice(0, 3000),
    ).toEqual(['signingKey']);
    // The secret scan keeps the key out of the signed bundle even so.
    expect(leaked({ signingKey: harness.seed }, [bundle])).toEqual([]);
    expect(run.summary).toContain('checks isolated: none');
  }, 120_000);

  it('without any isolation mechanism an agent executor is refused, and says how to fix it', async () => {
    // A runner whose PATH has no unshare, setpriv, sudo or bwrap: the probe finds nothing.
    const bin = join(harness.runnerTemp, 'bare-bin');
    mkdirSync(bin);
    for (const tool of ['node', 'git', 'sh']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
    const script = harness.fixture(
      'agent.json',
      JSON.stringify({ responses: [{ content: [{ type: 'text', text: 'done' }] }] }),
    );
    harness.baseContract = contractToml({ id: 'greeting-0001', intent: 'an agent' }, TRUE_CHECK, {
      executor: { kind: 'in-loop' },
      provider: { kind: 'scripted', script },
    });
    const run = await harness.runPullRequest({ PATH: bin, INPUT_UPLOAD_ARTIFACT: 'false' });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('refusing to run the in-loop executor without isolation');
    expect(run.stdout).toContain('isolation: none');
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toEqual([]);

    // Explicit `isolation: none` runs it, and says so everywhere.
    const explicit = await harness.runPullRequest({
      PATH: bin,
      INPUT_ISOLATION: 'none',
      INPUT_UPLOAD_ARTIFACT: 'false',
    });
    expect(explicit.outputs.verdict, explicit.stdout.slice(-3000)).toBe('pass');
    expect(explicit.summary).toContain('checks isolated: none');
  }, 120_000);
});
