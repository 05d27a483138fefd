/**
 * `truss run` with a run secret that holds characters outside ASCII, printed by a check raw and
 * inside JSON (docs/security.md, "The secret scan"): neither the printed output nor the bundle,
 * the HTML report or any blob in ledger.db keeps it. Before, the JSON form was on stdout and in the
 * bundle in clear, and the raw form was kept in clear in the full-output blob in ledger.db (its
 * bytes were scanned one byte per character, where a non-ASCII secret never matched). The real CLI
 * in a child process, the real database read back with SQLite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { openRaw } from '../helpers/ledger-env.js';

const PASSWORD = 'Grüße-Passw0rd-2024';

describe('truss run: a non-ASCII secret a check prints', () => {
  it('is in no output, bundle, report or ledger.db blob, raw or JSON-escaped', () => {
    const cli = cliHome('escaped-secrets');
    // As Python's json.dumps prints it: characters outside ASCII as \u escapes.
    const printJson = cli.write(
      'print-json.js',
      "console.log(JSON.stringify({ pw: process.env.DB_PASSWORD }).replace(/[\\u0080-\\uffff]/g, (c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));\n",
    );
    const contract = cli.write(
      'c.toml',
      contractToml({ id: 'prints-password', intent: 'A check that prints a password' }, [
        {
          kind: 'check',
          desc: 'prints the password',
          run: `printf 'pw=%s\\n' "$DB_PASSWORD"; "${process.execPath}" "${printJson}"; exit 1`,
          env: ['DB_PASSWORD'],
        },
      ]),
    );
    const run = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none', '--json'], {
      env: { ...cli.env, DB_PASSWORD: PASSWORD },
    });
    expect(run.code, run.stderr).toBe(1);
    const outcome = JSON.parse(run.stdout) as { bundle: string; report?: string };
    const texts: Array<[string, string]> = [
      ['stdout', run.stdout],
      ['stderr', run.stderr],
    ];
    const bundleDir = join(outcome.bundle, '..');
    for (const file of readdirSync(bundleDir))
      texts.push([file, readFileSync(join(bundleDir, file), 'utf8')]);
    const db = openRaw(cli.db);
    const blobs = db.prepare('SELECT bytes FROM blobs').all() as Array<{ bytes: Buffer }>;
    db.close();
    expect(blobs.length).toBeGreaterThan(0);
    for (const [i, { bytes }] of blobs.entries()) texts.push([`blob ${i}`, bytes.toString('utf8')]);
    const seen = texts.map(([, text]) => text).join('\n');
    expect(seen.includes('pw=[REDACTED]'), 'the check printed the password raw').toBe(true);
    expect(seen.includes('{"pw":"[REDACTED:run_secret_json]"}'), 'and inside JSON').toBe(true);
    const leaked = texts.filter(([, text]) => text.includes('Passw0rd') || text.includes('Gr\\u00fc'));
    expect(leaked.map(([where]) => where)).toEqual([]);
  });
});
