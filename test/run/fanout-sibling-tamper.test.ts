/**
 * The auditor's reproduction of fan-out attempts tampering with each other (docs/fanout.md "Where
 * attempts work"), as a user runs it: the real CLI, a real repository, `delegated-cli` agents under
 * real isolation, `[fanout] concurrency = 2`. Each attempt writes BAD into its own copy, then keeps
 * writing GOOD into every other attempt's copy it can find in /proc/self/mountinfo. The check passes
 * only on GOOD. When the attempts shared one isolation view, a sibling's GOOD landed in the other's
 * copy before its diff was recorded, and that attempt passed with work it never did (and its diff was
 * applied to the workdir). Now each attempt's copy is out of the other's reach: both record BAD and
 * fail, and the diff applied is the work its check judged.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import type { IsolationLevel } from '../../src/core/process/index.js';
import { runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { git } from '../helpers/git.js';
import { mechanismAvailable } from '../process/isolation-kit.js';

const TAMPER = `echo BAD > result.txt
me=$(pwd -P)
end=$(( $(date +%s) + 4 ))
while [ "$(date +%s)" -lt "$end" ]; do
  for d in $(awk '{print $5}' /proc/self/mountinfo | grep -o '^.*/truss-attempt-[^/]*' | sort -u); do
    case "$me" in "$d"|"$d"/*) continue;; esac
    echo GOOD 2>/dev/null > "$d/result.txt" && echo "tampered $d"
  done
  sleep 0.1
done
exit 0`;

const asRoot = process.getuid?.() === 0;

describe.runIf(asRoot).each<IsolationLevel>(['uid', 'bwrap'])(
  'fan-out attempts side by side (%s)',
  (level) => {
    it('an attempt cannot pass with what its sibling wrote into its copy', async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) return void console.warn(`SKIPPED ${level}: ${unavailable}`);
      const scratch = mkdtempSync(join(tmpdir(), 'truss-tamper-tmp-'));
      const home = mkdtempSync(join(tmpdir(), 'truss-tamper-home-'));
      const repo = mkdtempSync(join(tmpdir(), 'truss-tamper-'));
      git(repo, 'init', '-q', '-b', 'main');
      writeFileSync(join(repo, 'README.md'), '# demo\n');
      git(repo, 'add', '.');
      git(repo, 'commit', '-qm', 'base');
      mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
      writeFileSync(
        join(repo, '.truss/contracts/tamper.toml'),
        contractToml(
          { id: 'tamper', intent: 'Write GOOD into result.txt' },
          { kind: 'check', desc: 'result.txt says GOOD', run: 'grep -qx GOOD result.txt' },
          {
            executor: { kind: 'delegated-cli', command: '/bin/sh', args: ['-c', TAMPER], timeout_sec: 60 },
            fanout: { attempts: 2, reducer: 'best_score', concurrency: 2 },
          },
        ),
      );
      const { seedBase64 } = SigningKey.generate();
      const keyFile = join(home, 'truss.key');
      writeFileSync(keyFile, `${seedBase64}\n`, { mode: 0o600 });
      const result = runCli(['run', 'tamper', '--key', keyFile, '--isolation', level, '--json'], {
        cwd: repo,
        env: { HOME: home, TMPDIR: scratch },
      });
      const out = JSON.parse(result.stdout);
      expect(out.isolation?.level, result.stderr).toBe(level);
      expect(out.fanout.legs.map((leg: { verdict: string }) => leg.verdict)).toEqual(['fail', 'fail']);
      expect(out.verdict).toBe('fail');
      // The winner (best score among two failures) brings its own recorded work, as its check judged it.
      expect(readFileSync(join(repo, 'result.txt'), 'utf8')).toBe('BAD\n');
    }, 120_000);
  },
);

/** Fails when another attempt's check is running in the workdir at the same time. */
const ALONE = 'mkdir running.lock || { echo overlap; exit 1; }; sleep 1; rmdir running.lock';

describe.runIf(asRoot).each<IsolationLevel>(['uid', 'bwrap'])('fan-out without an executor (%s)', (level) => {
  it("runs the attempts one at a time: no attempt's check runs in the workdir while another's is judged", async () => {
    const unavailable = await mechanismAvailable(level);
    if (unavailable) return void console.warn(`SKIPPED ${level}: ${unavailable}`);
    const scratch = mkdtempSync(join(tmpdir(), 'truss-alone-tmp-'));
    const home = mkdtempSync(join(tmpdir(), 'truss-alone-home-'));
    const repo = mkdtempSync(join(tmpdir(), 'truss-alone-'));
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    writeFileSync(
      join(repo, '.truss/contracts/alone.toml'),
      contractToml(
        { id: 'alone', intent: 'Judge the workdir' },
        { kind: 'check', desc: 'no other check runs meanwhile', run: ALONE },
        { fanout: { attempts: 2, reducer: 'best_score', concurrency: 2 } },
      ),
    );
    const { seedBase64 } = SigningKey.generate();
    const keyFile = join(home, 'truss.key');
    writeFileSync(keyFile, `${seedBase64}\n`, { mode: 0o600 });
    const result = runCli(['run', 'alone', '--key', keyFile, '--isolation', level, '--json'], {
      cwd: repo,
      env: { HOME: home, TMPDIR: scratch },
    });
    const out = JSON.parse(result.stdout);
    expect(
      out.fanout.legs.map((leg: { verdict: string }) => leg.verdict),
      result.stderr,
    ).toEqual(['pass', 'pass']);
    expect(result.stderr).toContain('they run one at a time');
  }, 120_000);
});
