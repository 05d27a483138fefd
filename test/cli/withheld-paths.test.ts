/**
 * The file tools run in the harness, as its user, for the work. The isolation layer hides the run's
 * key files and the ledger's directory from every untrusted process; the tools must refuse them too,
 * or an agent (a prompt injection in the repository, a hostile provider) replaces the ledger the CLI
 * keeps in the working copy by default (`.truss/ledger.db`: every earlier run's record gone) or the
 * signing key a user keeps there (later runs then sign with a key the attacker chose). Real CLI,
 * scripted model, `isolation none` (the tools' policy does not depend on the mechanism).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { writeKeyFile } from '../helpers/keys.js';

const ATTACKER_SEED = Buffer.alloc(32, 0x7a).toString('base64');

describe('paths the run withholds from the work', () => {
  it('the agent can neither read nor replace the key file or the ledger in the working copy', () => {
    const cli = cliHome('withheld');
    execFileSync('git', ['init', '-q'], { cwd: cli.workdir });
    const keyFile = writeKeyFile(join(cli.workdir, 'keys/signing.key'), 0x61);
    const keyBefore = readFileSync(keyFile, 'utf8');
    const calls = [
      { name: 'read_file', input: { path: 'keys/signing.key' } },
      { name: 'write_file', input: { path: 'keys/signing.key', content: `${ATTACKER_SEED}\n` } },
      { name: 'list_dir', input: { path: '.truss' } },
      { name: 'write_file', input: { path: '.truss/ledger.db', content: 'gone\n' } },
      { name: 'write_file', input: { path: 'keys/../.truss/ledger.db-wal', content: 'gone\n' } },
    ];
    const script = cli.write(
      'agent.json',
      JSON.stringify({
        responses: [
          ...calls.map((call) => ({ content: [{ type: 'tool_use', ...call }] })),
          { content: [{ type: 'text', text: 'done' }] },
        ],
      }),
    );
    const contract = cli.write(
      'c.toml',
      [
        '[contract]\nid = "withheld"\nintent = "an agent that reaches for the key and the ledger"',
        '[[done]]\nkind = "check"\ndesc = "ok"\nrun = "true"\ntimeout_sec = 10',
        '[executor]\nkind = "in-loop"',
        '[budget]\nmax_steps = 10',
        '[constraints]\nallow_tools = ["read_file", "write_file", "list_dir"]',
        `[provider]\nkind = "scripted"\nscript = ${JSON.stringify(script)}`,
      ].join('\n'),
    );
    const run = runCli(
      ['run', contract, '--workdir', cli.workdir, '--key', keyFile, '--isolation', 'none', '--json'],
      { env: cli.env },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(keyFile, 'utf8')).toBe(keyBefore);
    const ledger = join(cli.workdir, '.truss/ledger.db');
    expect(readFileSync(ledger).subarray(0, 15).toString()).toBe('SQLite format 3');
    const bundleDir = join(cli.workdir, '.truss/bundles');
    const bundle = readFileSync(
      join(bundleDir, readdirSync(bundleDir).find((n) => n.endsWith('.json')) ?? ''),
      'utf8',
    );
    expect(bundle.match(/"violation":"withheld"/g)).toHaveLength(calls.length);
    expect(bundle).not.toContain(keyBefore.trim());
  });
});
