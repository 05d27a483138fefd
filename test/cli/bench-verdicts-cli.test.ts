import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_FILE, makeVerdictDataset, TEXTKIT_REPO } from '../../scripts/make-verdict-dataset.js';
import { AGENT_KEY } from '../helpers/agent-kit.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

/**
 * docs/bench-verdicts.md through the real CLI: the shipped dataset is exactly what its script makes
 * from the textkit history (no network), `truss bench-verdicts` prints the table and JSON, writes
 * the static page and a bundle `truss verify` accepts, grades predictions with `--solve`, and says
 * what to do when a repository is not on the machine.
 */

let repos: TempDir;
beforeAll(() => {
  repos = tempDir('bench-cli-repos');
  const { jsonl, repo } = makeVerdictDataset(repos.dir, { validate: false });
  expect(repo).toBe(join(repos.dir, TEXTKIT_REPO.replace('/', '__')));
  // The committed dataset is reproducible: same commits (fixed authors and dates), same patches.
  expect(jsonl).toBe(readFileSync(DATASET_FILE, 'utf8'));
});
afterAll(() => repos.cleanup());

const TWO = 'truss-examples__textkit-4,truss-examples__textkit-5';

describe('truss bench-verdicts (CLI)', () => {
  it('--json with checks only: exact rates, a page, and a bundle that truss verify accepts', () => {
    const home = cliHome('bench-cli');
    const page = join(home.home, 'bench.html');
    const result = runCli(
      [
        'bench-verdicts',
        DATASET_FILE,
        '--repos',
        repos.dir,
        '--instances',
        TWO,
        '--checks-only',
        '--isolation',
        'none',
        '--key',
        home.keyFile,
        '--db',
        home.db,
        '-o',
        page,
        '--json',
      ],
      { cwd: home.workdir, env: { ...home.env, TMPDIR: tempDir('bench-cli-tmp').dir } },
    );
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toMatchObject({ mode: 'verdicts', records: 2, panel: { kind: 'checks-only' } });
    expect(
      out.judges.map((j: { judge: string; false_pass: number; false_fail: number }) => [
        j.judge,
        j.false_pass,
        j.false_fail,
      ]),
    ).toEqual([
      ['checks', 1, 0],
      ['both', 1, 0],
    ]);
    expect(out.results.map((r: { instance_id: string }) => r.instance_id)).toEqual(TWO.split(','));
    expect(out.wall_ms_per_record).toBeGreaterThan(0);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('<svg role="img" aria-label="False PASS rate"');
    expect(html).not.toContain('<script');
    const verify = runCli(['verify', out.bundle, '--key', AGENT_KEY.publicKeyHex]);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout.match(/✔ VERIFIED/g)).toHaveLength(5);
  });

  it('--solve grades a predictions file; the placeholder panel is labelled in the table', () => {
    const home = cliHome('bench-cli-solve');
    const dataset = readFileSync(DATASET_FILE, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const good = dataset.find((r) => r.instance_id === 'truss-examples__textkit-2');
    const predictions = home.write(
      'preds.jsonl',
      `${JSON.stringify({ instance_id: good.instance_id, model_patch: good.good_patch, model_name_or_path: 'gold' })}\n`,
    );
    const result = runCli(
      [
        'bench-verdicts',
        DATASET_FILE,
        '--repos',
        repos.dir,
        '--solve',
        predictions,
        '--reviewers',
        '1',
        '--isolation',
        'none',
        ...['--key', home.keyFile, '--db', home.db],
      ],
      { cwd: home.workdir, env: { ...home.env, TMPDIR: tempDir('bench-cli-tmp').dir } },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^checks +1\/1 +— +— +0$/m);
    expect(result.stdout).toMatch(/^panel\* +1\/1 +— +0\/1 \(0%\) +0$/m);
    expect(result.stdout).toContain('panel: PLACEHOLDER: 1 scripted seat that always votes met');
    expect(result.stdout).toMatch(/truss-examples__textkit-2 +model pass\/pass\/pass/);
    expect(result.stdout).toMatch(/1 records · \$0\.0000 · 0 tokens · [\d.]+ s \([\d.]+ s per record\)/);
  });

  it('a repository not on the machine: exit 3, says Truss fetches nothing, creates no ledger', () => {
    const home = cliHome('bench-cli-norepo');
    const result = runCli(
      ['bench-verdicts', DATASET_FILE, '--checks-only', '--key', home.keyFile, '--db', home.db],
      {
        cwd: home.workdir,
        env: home.env,
      },
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /repository truss-examples\/textkit is not on this machine: Truss fetches nothing/,
    );
    expect(result.stderr).toContain('--repos DIR');
    expect(existsSync(home.db)).toBe(false);
  });
});
