/**
 * Every command that reads a bundle whole refuses one larger than the 512 MiB `truss verify` reads
 * whole files in (docs/cli.md "truss verify"), before reading it: exit 3 and the limit named. `truss
 * attest` read the file and died on the string it could not make ("unexpected error", exit 1, which
 * for attest means "the bundle failed verification"), and `truss report` and `verify-attestation
 * --bundle` read the whole file (and an endless device or pipe until memory ran out). The file is
 * sparse: its size is on disk, its bytes are not. And a workflow artifact zip handed over as the
 * bundle (what the run page's download saves) is named as one, with how to get the bundle out.
 */
import { closeSync, ftruncateSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { MAX_WHOLE_BUNDLE_BYTES } from '../../src/core/ledger/verify-bundle-file.js';
import { type CliHome, cliHome, REPO_ROOT, runCli, runCliInProcess } from '../helpers/cli.js';
import { keyFromByte } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { zipOf } from '../helpers/zip.js';

const HEX = 'a'.repeat(64);

describe('a bundle over the whole-file limit', () => {
  let cli: CliHome;
  let big: string;
  let envelope: string;

  beforeAll(() => {
    cli = cliHome('bundle-read-bounds');
    big = cli.write('truss-ledger-huge.json', '');
    const fd = openSync(big, 'r+');
    ftruncateSync(fd, MAX_WHOLE_BUNDLE_BYTES + 1);
    closeSync(fd);
    envelope = cli.write('verdict.intoto.json', '{}\n');
  });

  const commands = (): Record<string, string[]> => ({
    verify: ['verify', big],
    report: ['report', big, '-o', `${big}.html`],
    attest: ['attest', big, '-o', `${big}.att.json`, '--key', cli.keyFile],
    'verify-attestation --bundle': ['verify-attestation', envelope, '--key', HEX, '--bundle', big],
  });

  it.each(['verify', 'report', 'attest', 'verify-attestation --bundle'])(
    '%s: exit 3, the limit named, nothing read',
    async (name) => {
      const args = commands()[name] as string[];
      const result = await runCliInProcess(args, { env: cli.env });
      const said = `${args.join(' ')}: ${result.stderr}`;
      expect(result.code, said).toBe(3);
      expect(result.stderr, said).toMatch(/512 MiB/);
      expect(result.stderr, said).toContain(big);
      expect(result.stderr, said).not.toContain('unexpected error');
      expect(result.stdout, said).toBe('');
    },
  );

  it('the built CLI answers attest the same way', async () => {
    const args = commands().attest as string[];
    expect(runCli(args, { env: cli.env })).toEqual(await runCliInProcess(args, { env: cli.env }));
  });
});

describe('a workflow artifact zip passed as the bundle', () => {
  it.each(['verify', 'report', 'attest'])(
    '%s names the zip and how to get the bundle out of it (exit 3)',
    async (name) => {
      const cli = cliHome('artifact-zip');
      const bundle = readFileSync(join(REPO_ROOT, 'examples/bundles/valid.json'));
      // What "Download" on the run page saves: truss-ledger-<session>.zip holding the bundle and the database.
      const zip = join(cli.home, 'truss-ledger-example.zip');
      writeFileSync(zip, zipOf({ 'truss-ledger-example.json': bundle, 'ledger.db': 'sqlite' }));
      const args = {
        verify: ['verify', zip],
        report: ['report', zip, '-o', join(cli.home, 'r.html')],
        attest: ['attest', zip, '-o', join(cli.home, 'a.json'), '--key', cli.keyFile],
      }[name] as string[];
      const result = await runCliInProcess(args, { env: cli.env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(`${zip}: not valid JSON: the file is a zip archive`);
      expect(result.stderr).toContain('gh run download');
      expect(result.stderr).not.toContain('is this a truss ledger bundle');
    },
  );
});

describe('a ledger database passed as the bundle', () => {
  it.each(['verify', 'report', 'attest'])(
    '%s names the database and the ledger commands that read it (exit 3)',
    async (name) => {
      const cli = cliHome('db-as-bundle');
      // What `truss run` leaves beside the bundles: .truss/ledger.db, a real SQLite ledger.
      const store = LedgerStore.open(cli.db);
      const session = appendSampleRun(store, keyFromByte(0x61));
      store.close();
      const args = {
        verify: ['verify', cli.db],
        report: ['report', cli.db, '-o', join(cli.home, 'r.html')],
        attest: ['attest', cli.db, '-o', join(cli.home, 'a.json'), '--key', cli.keyFile],
      }[name] as string[];
      const result = await runCliInProcess(args, { env: cli.env });
      expect(result.code, result.stderr).toBe(3);
      expect(result.stderr).toContain(`${cli.db}: not valid JSON: the file is a SQLite database`);
      expect(result.stderr).not.toContain('is this a truss ledger bundle');
      // The command it names reads that database.
      const advised = await runCliInProcess(['ledger', 'verify', session, '--db', cli.db], { env: cli.env });
      expect(advised.stderr).not.toMatch(/error/i);
      expect([0, 4]).toContain(advised.code);
    },
  );
});
