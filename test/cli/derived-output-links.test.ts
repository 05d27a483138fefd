/**
 * Output files whose names truss derives from its input — the report beside `b.json`, the bundle
 * `truss attest SESSION` exports beside `-o` — land in a directory someone else may have prepared.
 * A symbolic or hard link planted there under the derived name must be replaced, never written
 * through: otherwise `truss report ../shared/b.json` fills `~/.ssh/authorized_keys` and prints
 * "wrote ../shared/b.html". The same holds for a link the user names with `-o` (docs/cli.md,
 * "Output files"). Real CLI processes, real links, a real ledger database.
 */
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { writeKeyFile } from '../helpers/keys.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

const PRECIOUS = 'ssh-ed25519 AAAA precious\n';
const SEED = Buffer.alloc(32, 0x11).toString('base64'); // SESSION_KEY's seed

describe('output files at derived or linked names replace the link, never its target', () => {
  let shared: string;
  let victim: string;
  let cwd: string;
  let keys: string;
  beforeEach(() => {
    const root = tempDir('derived-out');
    shared = root.path('shared');
    victim = root.path('victim');
    cwd = root.path('cwd');
    for (const dir of [shared, victim, cwd]) mkdirSync(dir);
    keys = join(victim, 'authorized_keys');
    writeFileSync(keys, PRECIOUS);
    writeFileSync(join(shared, 'b.json'), readFileSync(join(REPO_ROOT, 'examples/bundles/valid.json')));
  });

  /** The file at `path` is a regular file of its own holding the page, and the victim is as it was. */
  const expectPageAt = (path: string) => {
    expect(lstatSync(path).isFile()).toBe(true);
    expect(readFileSync(path, 'utf8').startsWith('<!doctype html>')).toBe(true);
    expect(readFileSync(keys, 'utf8') === PRECIOUS, 'the linked file keeps its bytes').toBe(true);
  };

  it('truss report ../shared/b.json with b.html a link to another file: the link is replaced', () => {
    const page = join(shared, 'b.html');
    symlinkSync(keys, page);
    const run = runCli(['report', '../shared/b.json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expectPageAt(page);
    expect(run.stdout).toContain(`wrote ${page} (`);
    expect(readdirSync(shared).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it('a dangling link at the derived name creates nothing at its target', () => {
    const page = join(shared, 'b.html');
    symlinkSync(join(victim, 'planted'), page);
    const run = runCli(['report', join(shared, 'b.json')], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expectPageAt(page);
    expect(readdirSync(victim)).toEqual(['authorized_keys']);
  });

  it('a hard link at the derived name is replaced too (its other name keeps its bytes)', () => {
    const page = join(shared, 'b.html');
    linkSync(keys, page);
    const run = runCli(['report', join(shared, 'b.json')], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expectPageAt(page);
  });

  it('-o naming a link outside the working directory replaces the link as well', () => {
    const out = join(shared, 'mine.html');
    symlinkSync(keys, out);
    const run = runCli(['report', join(shared, 'b.json'), '-o', out, '--json'], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).output).toBe(out);
    expectPageAt(out);
  });

  it('truss attest SESSION: the bundle exported beside -o and the attestation replace planted links', () => {
    const db = join(cwd, 'ledger.db');
    const store = LedgerStore.open(db);
    const session = appendSampleRun(store, SESSION_KEY);
    store.close();
    writeKeyFile(join(cwd, 'session.key'), SEED);
    const bundle = join(shared, `truss-ledger-${session}.json`);
    const attestation = join(shared, 'v.intoto.json');
    symlinkSync(keys, bundle);
    symlinkSync(keys, attestation);
    const run = runCli(
      [
        'attest',
        session,
        '--db',
        'ledger.db',
        '--key',
        'session.key',
        '-o',
        '../shared/v.intoto.json',
        '--json',
      ],
      { cwd },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ bundle, attestation });
    expect(readFileSync(keys, 'utf8') === PRECIOUS, 'the linked file keeps its bytes').toBe(true);
    for (const file of [bundle, attestation]) {
      expect(lstatSync(file).isFile(), file).toBe(true);
      expect(() => readlinkSync(file)).toThrow();
    }
    expect(JSON.parse(readFileSync(bundle, 'utf8')).ledger.session_id).toBe(session);
    expect(JSON.parse(readFileSync(attestation, 'utf8')).payloadType).toBe('application/vnd.in-toto+json');
    expect(existsSync(join(victim, 'planted'))).toBe(false);
  });
});
