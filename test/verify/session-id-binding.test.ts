/**
 * `ledger.session_id` is bound to the signed chain (docs/ledger.md "Bundle"): new runs record their
 * session id in `run_started`, and every verifier compares the id a bundle or database claims with it
 * (`session_mismatch`), so a renamed bundle neither verifies nor gets attested. Ledgers written before
 * run_started carried the id (examples/bundles) still verify, reported as `session_id_signed: false`.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { contractFrom, makeWorkdir, openRunStore, runAgent, say, scripted } from '../helpers/agent-kit.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

const KEY = SESSION_KEY.publicKeyHex;

describe('session id binding', () => {
  let fx: LedgerFixture;
  let browser: Browser | undefined;
  let bound: Bundle;
  beforeAll(async () => {
    fx = openFixture('session-id');
    const id = 'run-2024-a';
    fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id });
    fx.store.append(id, 'run_started', { session_id: id, contract: { id: 'c' } }, SESSION_KEY);
    fx.store.append(id, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
    fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    bound = JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
    if (runBrowserTests) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    fx.close();
  });

  const renamed = (): Bundle => {
    const copy = structuredClone(bound);
    copy.ledger.session_id = 'someone-elses-run';
    return copy;
  };
  const verify = (name: string, bundle: Bundle) => {
    writeFileSync(join(fx.dir, name), JSON.stringify(bundle));
    const result = runCli(['verify', name, '--key', KEY, '--json'], { cwd: fx.dir });
    return { code: result.code, report: JSON.parse(result.stdout || '{}') };
  };

  it('a bundle whose run_started names its session verifies, session_id_signed', () => {
    const { code, report } = verify('bound.json', bound);
    expect(code).toBe(0);
    expect(report.session_id_signed).toBe(true);
  });

  it('renaming ledger.session_id fails as session_mismatch at seq 0', () => {
    const { code, report } = verify('renamed.json', renamed());
    expect(code).toBe(1);
    expect(report.failure).toMatchObject({ code: 'session_mismatch', seq: 0 });
    expect(report.failure.message).toContain('"someone-elses-run"');
    expect(report.failure.message).toContain('"run-2024-a"');
  });

  it('truss attest refuses the renamed bundle', () => {
    writeFileSync(join(fx.dir, 'renamed.json'), JSON.stringify(renamed()));
    const keyFile = join(fx.dir, 'signing.key');
    writeFileSync(keyFile, `${Buffer.from(new Uint8Array(32).fill(0x11)).toString('base64')}\n`);
    chmodSync(keyFile, 0o600);
    const result = runCli(['attest', 'renamed.json', '-o', 'att.json', '--key', keyFile], { cwd: fx.dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('renamed session');
  });

  it('the store refuses a run_started that names another session', () => {
    fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: 'mine' });
    expect(() => fx.store.append('mine', 'run_started', { session_id: 'theirs' }, SESSION_KEY)).toThrow(
      /names session "theirs"/,
    );
  });

  it('old bundles in examples/bundles still verify, reported as not signed', () => {
    const result = runCli(
      ['verify', 'examples/bundles/valid.json', '--trusted-keys', 'examples/bundles/trusted-keys', '--json'],
      { cwd: REPO_ROOT },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).session_id_signed).toBe(false);
  });

  it('a real run records its session id in run_started', async () => {
    const run = openRunStore();
    const { contract, hash } = contractFrom(
      contractToml(
        { id: 'bound', intent: 'say done' },
        { ...TRUE_CHECK, timeout_sec: 10 },
        { executor: { kind: 'in-loop' } },
      ),
    );
    const outcome = await runAgent({
      store: run.store,
      contract: { contract, hash },
      workdir: makeWorkdir(),
      provider: scripted([say('done')]),
    });
    expect(run.store.entry(outcome.sessionId, 0)?.payload.session_id).toBe(outcome.sessionId);
    const report = run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: new Map(),
    });
    expect(report.session_id_signed).toBe(true);
  });

  it.runIf(runBrowserTests)('the report page fails the renamed bundle the same way', async () => {
    writeFileSync(join(fx.dir, 'renamed.json'), JSON.stringify(renamed()));
    const cli = JSON.parse(
      runCli(['verify', 'renamed.json', '--key', KEY, '--json'], { cwd: fx.dir }).stdout,
    );
    const made = runCli(['report', 'renamed.json', '-o', 'renamed.html', '--key', KEY], { cwd: fx.dir });
    expect(made.code, made.stderr).toBe(0);
    const opened = await openReport(browser as Browser, join(fx.dir, 'renamed.html'));
    try {
      expect(opened.result?.report.failure).toEqual(cli.failure);
    } finally {
      await opened.close();
    }
  });
});
