/**
 * The CLI children the tests start must make their temp dirs in the suite's TMPDIR (global-setup.ts),
 * which is removed at the end: started with only PATH and HOME, each `truss run` made its harness
 * directory and clean room in /tmp, and every one killed at a test's timeout, or left when its holder
 * outlived it, stayed there for good (many `truss-cleanroom-*` piled up in /tmp). REAL processes: the
 * real CLI, a check that writes down where its clean room is.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { makeWorkdir } from '../helpers/agent-kit.js';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';

describe('CLI children of the tests', () => {
  it("make their clean room in the suite's temp dir, not in /tmp", () => {
    expect(tmpdir()).not.toBe('/tmp');
    const home = cliHome('child-tmp', { workdir: makeWorkdir({ git: true }) });
    const where = `${home.home}/where.txt`;
    const contract = home.write(
      'where.toml',
      contractToml(
        { id: 'where', intent: 'say where the clean room is' },
        { kind: 'check', desc: 'writes its working directory', run: `pwd > ${where}` },
        {
          executor: { kind: 'delegated-cli', command: '/bin/sh', args: ['-c', 'true'], timeout_sec: 30 },
          sandbox: { checkout: 'clean-room' },
        },
      ),
    );
    const run = runCli(['run', contract, ...home.runFlags, '--isolation', 'none'], { env: home.env });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(where, 'utf8')).toMatch(
      new RegExp(`^${tmpdir()}/truss-sandbox-\\d+/keep/truss-harness-\\w+/truss-cleanroom-`),
    );
  }, 60_000);
});
