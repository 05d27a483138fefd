import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, SigningKey } from '../../src/core/ledger/index.js';
import type { ReportData } from '../../src/core/report/index.js';
import { runCli } from '../helpers/cli.js';
import { git, makeRepo } from '../helpers/git.js';
import { writeKeyFile, writeTrustedKeys } from '../helpers/keys.js';
import {
  exportText,
  FORGER_KEY,
  type LedgerFixture,
  openFixture,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/** The data a report embeds (what its page verifies). */
function embedded(path: string): ReportData {
  const html = readFileSync(path, 'utf8');
  const open = '<script type="application/json" id="truss-data">';
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as ReportData;
}

describe('truss report', () => {
  let fx: LedgerFixture;
  let bundle: Bundle;

  beforeAll(() => {
    fx = openFixture('report-cli');
    const id = appendSampleRun(fx.store, SESSION_KEY);
    writeFileSync(join(fx.dir, 'run.json'), exportText(fx, id, createNodeCrypto()));
    bundle = JSON.parse(readFileSync(join(fx.dir, 'run.json'), 'utf8')) as Bundle;
  });
  afterAll(() => fx.close());

  it('writes BUNDLE.html beside the bundle by default and says what the page will show', () => {
    const result = runCli(['report', 'run.json'], { cwd: fx.dir });
    expect(result.code, result.stderr).toBe(0);
    const out = join(fx.dir, 'run.html');
    expect(result.stdout).toContain(`wrote ${out} (`);
    expect(result.stdout).toContain('7 entries');
    expect(result.stdout).toContain(
      'chain (checked here, and again in the page when opened): integrity_only',
    );
    expect(result.stdout).toContain('no pinned key');
    expect(embedded(out).bundle).toEqual(bundle);
    expect(embedded(out).trusted).toEqual([]);
  });

  it('a broken chain without a pinned key: never promises "intact but key not pinned"', () => {
    const tampered = JSON.parse(JSON.stringify(bundle)) as Bundle;
    const entry = tampered.ledger.entries[1] as unknown as { payload: Record<string, unknown> };
    entry.payload = { ...entry.payload, edited: true };
    writeFileSync(join(fx.dir, 'tampered.json'), JSON.stringify(tampered));
    const result = runCli(['report', 'tampered.json'], { cwd: fx.dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('chain (checked here, and again in the page when opened): failed');
    expect(result.stdout).not.toContain('intact but key not pinned');
    expect(result.stdout).toContain('the page will say where it breaks');
  });

  it('-o and --key: embeds the pinned key; --json reports the file and the CLI verdict', () => {
    const result = runCli(
      ['report', 'run.json', '-o', 'out/r.html', '--key', SESSION_KEY.publicKeyHex, '--json'],
      {
        cwd: fx.dir,
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    const out = join(fx.dir, 'out/r.html');
    expect(json).toMatchObject({
      bundle: join(fx.dir, 'run.json'),
      output: out,
      entries: 7,
      status: 'verified',
      failure: null,
      trust_source: '--key',
    });
    expect(json.bytes).toBe(readFileSync(out).length);
    expect(embedded(out).trusted).toEqual([[SESSION_KEY.publicKeyHex, 'command line']]);
  });

  it('--trusted-keys FILE pins the file’s keys; a bundle signed by another key still gets a report (exit 0) that says failed', () => {
    writeFileSync(join(fx.dir, 'keys'), `${FORGER_KEY.publicKeyHex} someone-else\n`);
    const result = runCli(['report', 'run.json', '-o', 'k.html', '--trusted-keys', 'keys', '--json'], {
      cwd: fx.dir,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'failed', failure: { code: 'untrusted_key' } });
    // An untagged line pins signer + reviewer (docs/ledger.md "Trusted keys and roles"); the page gets the roles.
    expect(embedded(join(fx.dir, 'k.html')).trusted).toEqual([
      [FORGER_KEY.publicKeyHex, { label: 'someone-else', roles: ['signer', 'reviewer'] }],
    ]);
  });

  it('input errors exit 3 with what to do; usage errors exit 64; help lists it', () => {
    const missing = runCli(['report', 'nope.json'], { cwd: fx.dir });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('cannot read');
    writeFileSync(join(fx.dir, 'bad.json'), '{"schema_version":"truss.ledger.v1"');
    const bad = runCli(['report', 'bad.json'], { cwd: fx.dir });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/not valid JSON/);
    expect(existsSync(join(fx.dir, 'bad.html'))).toBe(false);
    expect(runCli(['report', 'run.json', '--key', 'xyz'], { cwd: fx.dir }).code).toBe(3);
    expect(runCli(['report'], { cwd: fx.dir }).code).toBe(64);
    expect(runCli(['report', 'run.json', '--frobnicate'], { cwd: fx.dir }).code).toBe(64);
    expect(runCli(['--help']).stdout).toContain('report BUNDLE.json');
    expect(runCli(['report', '--help']).stdout).toContain('Usage: truss report BUNDLE.json');
  });
});

describe('truss run writes the HTML report beside its bundle', () => {
  it('prints the report path (text and --json) and pins the workdir’s .truss/trusted-keys', () => {
    const repo = makeRepo({ 'greeting.txt': 'hello from the harness\n' }, 'run-report');
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    writeFileSync(
      join(repo, '.truss/contracts/greeting.toml'),
      `[contract]\nid = "greeting-0001"\nintent = "greeting"\n\n[[done]]\nkind = "check"\ndesc = "greeting.txt exists"\nrun = "test -f greeting.txt"\n`,
    );
    const { key, seedBase64 } = SigningKey.generate();
    writeKeyFile(join(repo, 'ci.key'), seedBase64);
    writeTrustedKeys(repo, { ci: key });
    // Committed: a working copy's pins count only as its branch history has them (repo-trusted-keys.ts).
    git(repo, 'add', '.truss/trusted-keys');
    git(repo, 'commit', '-qm', 'pin the ci key');

    // A home outside the working copy: a global git config the work could write is refused.
    const home = mkdtempSync(join(tmpdir(), 'truss-report-home-'));
    const json = runCli(['run', 'greeting', '--key', 'ci.key', '--json'], { cwd: repo, env: { HOME: home } });
    expect(json.code, json.stderr).toBe(0);
    const outcome = JSON.parse(json.stdout);
    expect(outcome.report).toBe(outcome.bundle.replace(/\.json$/, '.html'));
    const data = embedded(outcome.report);
    expect(data.bundle.ledger.session_id).toBe(outcome.session_id);
    expect(data.trusted).toEqual([[key.publicKeyHex, { label: 'ci', roles: ['signer', 'reviewer'] }]]);
    expect(data.trust_source).toBe(join(repo, '.truss/trusted-keys'));

    const text = runCli(['run', 'greeting', '--key', 'ci.key', '--bundle', 'out/b.json'], {
      cwd: repo,
      env: { HOME: home },
    });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`report ${join(repo, 'out/b.html')} (open it in a browser`);
    expect(existsSync(join(repo, 'out/b.html'))).toBe(true);
  });
});
