/**
 * `$XDG_CACHE_HOME/truss` (else `~/.cache/truss`) holds the bytecode the next `truss` runs
 * (test/cli/bytecode-cache.test.ts). It is hidden from the work under every mechanism, also when a
 * working copy holds it (a run in the home directory, XDG_CACHE_HOME pointing into the checkout):
 * under bubblewrap the checks run as the harness's own user and could otherwise plant bytecode there.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { mechanismAvailable } from '../process/isolation-kit.js';

describe('the bytecode cache inside a working copy', () => {
  it.each(['bwrap', 'uid'] as const)('a %s-sandboxed check cannot write it', async (mechanism) => {
    const unavailable = await mechanismAvailable(mechanism);
    if (unavailable) {
      console.warn(`skipped: ${mechanism} isolation unavailable here (${unavailable})`);
      return;
    }
    const cli = cliHome(`bytecode-${mechanism}`);
    execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
    const cacheDir = join(cli.workdir, 'xdg/truss/cli-bytecode');
    // The check overwrites the bytecode `truss run` keeps (made at the end of the first run).
    const attack = `for f in xdg/truss/cli-bytecode/cli-run-*.v8; do echo planted > "$f"; done; true`;
    const contract = join(cli.home, 'contract.toml');
    writeFileSync(
      contract,
      `[contract]\nid = "bytecode"\nintent = "a check that plants bytecode for the next truss"\n\n[[done]]\nkind = "check"\ndesc = "attack"\nrun = ${JSON.stringify(attack)}\ntimeout_sec = 20\n`,
    );
    const env = { ...cli.env, XDG_CACHE_HOME: join(cli.workdir, 'xdg') };
    for (let i = 0; i < 2; i++) {
      const run = runCli(['run', contract, ...cli.runFlags, '--isolation', mechanism, '--json'], { env });
      expect(run.code, run.stderr).toBe(0);
    }
    const kept = readdirSync(cacheDir).filter((name) => name.startsWith('cli-run-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(cacheDir, kept[0] as string), 'utf8')).not.toContain('planted');
  });
});
