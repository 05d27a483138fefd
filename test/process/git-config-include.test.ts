import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { commitFiles, git } from '../helpers/git.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';
import { makeWorkRepo, mechanismAvailable } from './isolation-kit.js';

/**
 * The attacker's seat (docs/security.md, "Git metadata"): a repository keeps a shared `.gitconfig`
 * in its tree and its config includes it (`git config include.path ../.gitconfig`, a known pattern).
 * That file is the judged work's to rewrite, whatever the sandbox keeps read-only in `.git`: a check
 * writes a `filter.x.clean` there (and a `.gitattributes` selecting it) and changes a file, and the
 * harness's next `git status` — this run's, or the next run's git facts — would run the filter as
 * the harness user, who can read the signing key. The harness must refuse every git on such a
 * repository, at once, saying which include to remove, and the run must end red.
 */

interface Lab {
  workdir: string;
  keyFile: string;
  seed: string;
  harnessDir: string;
  stolen: string;
}

function lab(): Lab {
  const harnessDir = tempDir('include-harness').dir;
  const seed = SigningKey.generate().seedBase64;
  const keyFile = writeKeyFile(join(harnessDir, 'signing.key'), seed);
  const workdir = makeWorkRepo();
  commitFiles(workdir, { '.gitconfig': '[core]\n\tautocrlf = false\n' }, 'shared config');
  git(workdir, 'config', 'include.path', '../.gitconfig');
  return { workdir, keyFile, seed, harnessDir, stolen: join(workdir, '.stolen') };
}

/**
 * What the check does: a clean filter in the included file that copies the key, selected for every
 * file, and a change to the README that keeps its size, so `git status` must hash it (through the
 * filter) to know whether it changed.
 */
function attack(l: Lab): string {
  return String.raw`W="$PWD/.filter.sh"
printf '#!/bin/sh\ncat "%s" > "%s" 2>&1; echo "$(id -u)" >> "%s"; cat\n' "${l.keyFile}" "${l.stolen}" "${l.stolen}" > "$W"; chmod 755 "$W"
printf '[filter "x"]\n\tclean = %s\n' "$W" >> .gitconfig && echo "wrote included config"
printf '* filter=x\n' > .gitattributes
printf 'WORK\n' > README.md`;
}

function runTruss(l: Lab, script: string, isolation: string | null) {
  const contract = join(l.workdir, '.truss/contracts/include.toml');
  writeFileSync(
    contract,
    contractToml(
      { id: 'include', intent: 'a check that rewrites a config file the repository includes' },
      { kind: 'check', desc: 'adversarial check', run: `(${script}) 2>&1; true`, timeout_sec: 20 },
    ),
  );
  const bundle = join(l.harnessDir, 'bundle.json');
  const db = join(l.harnessDir, 'ledger.db');
  const args = ['run', contract, '--workdir', l.workdir, '--key', l.keyFile, '--db', db, '--bundle', bundle];
  if (isolation) args.push('--isolation', isolation);
  return { ...runCli([...args, '--json'], { env: { HOME: tempDir('include-home').dir } }), db, bundle };
}

const stolenText = (l: Lab) => (existsSync(l.stolen) ? readFileSync(l.stolen, 'utf8') : '');

describe('a config file the repository includes from its work tree', () => {
  for (const isolation of ['none', null] as const) {
    const name = isolation ?? 'the default isolation';
    it(`${name}: the harness runs no git on it; the run ends red and says which include to remove`, async () => {
      if (isolation === null) {
        const unavailable = await mechanismAvailable(process.getuid?.() === 0 ? 'uid' : 'bwrap');
        if (unavailable) {
          console.warn(`SKIPPED default-isolation include test: ${unavailable}`);
          return;
        }
      }
      const l = lab();
      const first = runTruss(l, attack(l), isolation);
      // The next run on the same checkout: its git facts are the first thing it asks git.
      const second = runTruss(l, 'true', isolation);
      expect(stolenText(l)).toBe('');
      for (const run of [first, second]) {
        // Exit 3: the repository's setup must change (docs/cli.md), said without calling it a bug.
        expect(run.code, run.stderr).toBe(3);
        expect(run.stderr).not.toContain('Please report it');
        const said = run.stdout + run.stderr;
        expect(said).toContain(join(l.workdir, '.git/config'));
        expect(said).toContain(join(l.workdir, '.gitconfig'));
        expect(said).toContain("--unset-all 'include.path'");
        expect(said).not.toContain(l.seed);
      }
      // Once the include is gone, the same checkout runs green (the work's filter is no longer read).
      git(l.workdir, 'config', '--unset', 'include.path');
      const third = runTruss(l, 'true', isolation);
      expect(third.code, third.stderr).toBe(0);
      expect(stolenText(l)).toBe('');
      const verify = runCli(['verify', third.bundle, '--json']);
      expect(['verified', 'integrity_only']).toContain(JSON.parse(verify.stdout).status);
    }, 90_000);
  }
});
