import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_FILES } from '../../src/core/anchor/index.js';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { seededKey, writeKeyFile } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const session = seededKey(0x51);
const logKey = seededKey(0x52);
let temp: TempDir;
let dir: string;
let db: string;
let sessionId: string;
const files = () => ({
  log: path.join(dir, 'log'),
  logKey: path.join(dir, 'log.key'),
  sessionKey: path.join(dir, 'session.key'),
  state: path.join(dir, 'witness', 'last-checkpoint'),
});

beforeAll(() => {
  temp = tempDir('anchor-cli');
  dir = temp.dir;
  db = path.join(dir, 'ledger.db');
  const store = LedgerStore.open(db);
  sessionId = appendSampleRun(store, session.key);
  appendSampleRun(store, session.key, { id: 'second-run' });
  store.close();
  writeKeyFile(files().logKey, logKey.seedBase64);
  writeKeyFile(files().sessionKey, session.seedBase64);
});
afterAll(() => temp.cleanup());

const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, { cwd: dir, env });
/** `truss anchor prove SESSION` of ledger.db into the log `log` (log.key), then `more`. */
const prove = (session: string, more: string[], env: Record<string, string> = {}) =>
  cli(
    ['anchor', 'prove', session, '--db', 'ledger.db', '--log', 'log', '--log-key', 'log.key', ...more],
    env,
  );

describe('truss anchor (real CLI, child process)', () => {
  it('init → prove → ledger verify → verify-log, in text and JSON', () => {
    const f = files();
    const init = cli([
      'anchor',
      'init',
      'log',
      '--origin',
      'example.com/truss-ci-log',
      '--log-key',
      'log.key',
      '--json',
    ]);
    expect(init.code, init.stderr).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({
      origin: 'example.com/truss-ci-log',
      public_key: logKey.key.publicKeyHex,
      key_created: false,
      verifier_key: expect.stringMatching(/^example\.com\/truss-ci-log\+[0-9a-f]{8}\+/),
    });
    expect(init.stdout).not.toContain(logKey.seedBase64);

    const proved = prove(sessionId, ['--key', 'session.key']);
    expect(proved.code, proved.stderr).toBe(0);
    expect(proved.stdout).toMatch(/✔ anchored session .*: seq 6 \(run_completed\)/);
    expect(proved.stdout).toMatch(/leaf 0 of checkpoint 1/);
    expect(proved.stdout).toContain('recorded anchor_receipt at seq 7');
    expect(proved.stdout).toContain('— example.com/truss-ci-log ');

    const second = prove('second-run', ['--json'], { TRUSS_SIGNING_KEY: session.seedBase64 });
    expect(second.code, second.stderr).toBe(0);
    const receipt = JSON.parse(second.stdout);
    expect(receipt).toMatchObject({ leaf_index: 1, tree_size: 2, verified: true, receipt_seq: 7 });
    expect(receipt.inclusion_proof).toHaveLength(1);
    for (const secret of [session.seedBase64, logKey.seedBase64]) {
      expect(proved.stdout + proved.stderr + second.stdout + second.stderr).not.toContain(secret);
    }

    // The ledger verifier re-checks the receipt; pinning the log key shows up per receipt.
    const verify = cli([
      'ledger',
      'verify',
      sessionId,
      '--db',
      'ledger.db',
      '--key',
      session.key.publicKeyHex,
      '--key',
      logKey.key.publicKeyHex,
    ]);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout).toMatch(
      /anchored seq 6 in example\.com\/truss-ci-log: leaf 0 of checkpoint 1 \(receipt seq 7; .*log key pinned\)/,
    );
    expect(verify.stdout).toContain('last entry: run_completed');

    const log = cli(['anchor', 'verify-log', 'log', '--key', logKey.key.publicKeyHex, '--state', f.state]);
    expect(log.code, log.stdout).toBe(0);
    expect(log.stdout).toMatch(/✔ VERIFIED {2}log example\.com\/truss-ci-log {2}\(2 leaves/);
    expect(log.stdout).toContain('first visit');
    expect(readFileSync(f.state, 'utf8')).toBe(readFileSync(path.join(f.log, LOG_FILES.checkpoint), 'utf8'));
    const unpinned = cli(['anchor', 'verify-log', 'log', '--json']);
    expect(unpinned.code).toBe(4);
    expect(JSON.parse(unpinned.stdout)).toMatchObject({ status: 'integrity_only', size: 2, checkpoints: 2 });
  });

  it('verify-log --state reports a rewritten log as a fork with both checkpoints (exit 1)', () => {
    const f = files();
    // Someone with the log key rebuilds the log with a different history of the same length + 1.
    expect(
      cli(['anchor', 'init', 'forked', '--origin', 'example.com/truss-ci-log', '--log-key', 'log.key']).code,
    ).toBe(0);
    const store = LedgerStore.open(path.join(dir, 'other.db'));
    const other = appendSampleRun(store, session.key, { id: 'other-run' });
    const other2 = appendSampleRun(store, session.key, { id: 'other-run-2', extra: 1 });
    const other3 = appendSampleRun(store, session.key, { id: 'other-run-3', extra: 2 });
    store.close();
    for (const id of [other, other2, other3]) {
      const r = cli([
        'anchor',
        'prove',
        id,
        '--db',
        'other.db',
        '--log',
        'forked',
        '--log-key',
        'log.key',
        '--no-record',
      ]);
      expect(r.code, r.stderr).toBe(0);
    }
    const intact = cli(['anchor', 'verify-log', 'forked', '--key', logKey.key.publicKeyHex]);
    expect(intact.code).toBe(0); // on its own the forked log is perfectly well-formed…
    const fork = cli([
      'anchor',
      'verify-log',
      'forked',
      '--key',
      logKey.key.publicKeyHex,
      '--state',
      f.state,
      '--json',
    ]);
    expect(fork.code).toBe(1); // …but not to a client who saw the other history
    const evidence = JSON.parse(fork.stdout);
    expect(evidence).toMatchObject({ error: 'ForkError', message: expect.stringMatching(/forked/) });
    expect(evidence.earlier).toBe(readFileSync(path.join(f.log, LOG_FILES.checkpoint), 'utf8'));
    expect(evidence.later).toBe(readFileSync(path.join(dir, 'forked', LOG_FILES.checkpoint), 'utf8'));
  });

  it('verify-log fails (exit 1) on a tampered leaf; checkpoint refuses to sign over it', () => {
    const f = files();
    const leaves = path.join(f.log, LOG_FILES.leaves);
    const original = readFileSync(leaves, 'utf8');
    writeFileSync(leaves, original.replace('"seq":6', '"seq":5'));
    const result = cli(['anchor', 'verify-log', 'log', '--key', logKey.key.publicKeyHex]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✘ FAILED[\s\S]*broken: .*does not match the hash recomputed/);
    writeFileSync(leaves, original);
    expect(cli(['anchor', 'verify-log', 'log', '--key', logKey.key.publicKeyHex]).code).toBe(0);

    // The node that commits to both leaves (level 1): changing it changes the signed root.
    const level1 = path.join(f.log, LOG_FILES.treeDir, 'level-01.bin');
    const tree = readFileSync(level1);
    const flipped = Buffer.from(tree);
    flipped[3] = (flipped[3] as number) ^ 0x80;
    writeFileSync(level1, flipped);
    const refused = cli(['anchor', 'checkpoint', 'log', '--log-key', 'log.key']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /refusing to sign checkpoint 2[\s\S]*earlier checkpoint:[\s\S]*later checkpoint:/,
    );
    writeFileSync(level1, tree);
    expect(cli(['anchor', 'checkpoint', 'log', '--log-key', 'log.key']).code).toBe(0);
  });

  it('verify-log --state on a copy without tree/ (as the ledger branch keeps it) accepts an honest append', () => {
    const anchorInto = (id: string) =>
      cli([
        'anchor',
        'prove',
        id,
        '--db',
        'ledger.db',
        '--log',
        'kept',
        '--log-key',
        'log.key',
        '--no-record',
      ]);
    expect(
      cli(['anchor', 'init', 'kept', '--origin', 'example.com/branch-log', '--log-key', 'log.key']).code,
    ).toBe(0);
    const state = path.join(dir, 'branch-witness');
    /** What a checkout of the branch holds: the text files, no derived level files. */
    const checkout = () => {
      const copy = path.join(dir, 'checkout');
      rmSync(copy, { recursive: true, force: true });
      cpSync(path.join(dir, 'kept'), copy, { recursive: true });
      rmSync(path.join(copy, LOG_FILES.treeDir), { recursive: true, force: true });
      return cli(['anchor', 'verify-log', 'checkout', '--key', logKey.key.publicKeyHex, '--state', state]);
    };
    expect(anchorInto(sessionId).code).toBe(0);
    const first = checkout();
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).toContain('first visit');
    const stale = path.join(dir, 'stale-checkout');
    cpSync(path.join(dir, 'checkout'), stale, { recursive: true });
    expect(anchorInto('second-run').code).toBe(0);
    expect(anchorInto(sessionId).code).toBe(0);
    const later = checkout();
    expect(later.code, later.stdout + later.stderr).toBe(0);
    expect(later.stdout).toMatch(
      /✔ VERIFIED {2}log example\.com\/branch-log {2}\(3 leaves[\s\S]*consistent with the checkpoint remembered in .* \(size 1\)/,
    );
    expect(readFileSync(state, 'utf8')).toBe(
      readFileSync(path.join(dir, 'kept', LOG_FILES.checkpoint), 'utf8'),
    );
    // An older copy (a mirror that lags) cannot prove checkpoint 3 from its one leaf: refused, with
    // both notes, but not called a fork — the two checkpoints are consistent.
    const lagging = cli([
      'anchor',
      'verify-log',
      'stale-checkout',
      '--key',
      logKey.key.publicKeyHex,
      '--state',
      state,
      '--json',
    ]);
    expect(lagging.code, lagging.stderr).toBe(1);
    const evidence = JSON.parse(lagging.stdout);
    expect(evidence).toMatchObject({
      error: 'UncheckedCheckpointError',
      message: expect.stringMatching(
        /shows checkpoint 1, older than checkpoint 3 seen before.*check a current copy/,
      ),
    });
    expect(evidence.message).not.toMatch(/fork/);
    expect(evidence.later).toBe(readFileSync(state, 'utf8'));
    expect(readFileSync(state, 'utf8')).toBe(
      readFileSync(path.join(dir, 'kept', LOG_FILES.checkpoint), 'utf8'),
    );
  });

  it("verify-log --state: a log re-keyed since the remembered checkpoint fails (exit 1) with both notes; another log's state is refused (exit 3)", () => {
    const state = path.join(dir, 'rekey-witness');
    const anchorInto = (log: string, key: string) =>
      cli([
        'anchor',
        'prove',
        'second-run',
        '--db',
        'ledger.db',
        '--log',
        log,
        '--log-key',
        key,
        '--no-record',
      ]);
    writeKeyFile(path.join(dir, 'new-log.key'), 0x5e);
    expect(
      cli(['anchor', 'init', 'rekeyed', '--origin', 'example.com/rekeyed', '--log-key', 'log.key']).code,
    ).toBe(0);
    expect(anchorInto('rekeyed', 'log.key').code).toBe(0);
    expect(cli(['anchor', 'verify-log', 'rekeyed', '--state', state]).code).toBe(4);
    const remembered = readFileSync(state, 'utf8');
    // The same origin, rebuilt under another key (nobody pinned the log key: integrity only).
    rmSync(path.join(dir, 'rekeyed'), { recursive: true });
    expect(
      cli(['anchor', 'init', 'rekeyed', '--origin', 'example.com/rekeyed', '--log-key', 'new-log.key']).code,
    ).toBe(0);
    expect(anchorInto('rekeyed', 'new-log.key').code).toBe(0);
    const rekeyed = cli(['anchor', 'verify-log', 'rekeyed', '--state', state, '--json']);
    expect(rekeyed.code, rekeyed.stderr).toBe(1);
    const evidence = JSON.parse(rekeyed.stdout);
    expect(evidence).toMatchObject({
      error: 'UncheckedCheckpointError',
      message: expect.stringMatching(/re-keyed or replaced/),
    });
    expect(evidence.earlier).toBe(remembered);
    expect(evidence.later).toBe(readFileSync(path.join(dir, 'rekeyed', LOG_FILES.checkpoint), 'utf8'));
    expect(readFileSync(state, 'utf8')).toBe(remembered);

    // A state file kept for another log is a wrong argument, and the message says which file to pass.
    const other = cli(['anchor', 'verify-log', 'log', '--state', state]);
    expect(other.code).toBe(3);
    expect(other.stderr).toMatch(
      /not one of log example\.com\/truss-ci-log .*pass the state file kept for this log/,
    );
  });

  it("a log.json naming another log's key id beside its own key is refused, not shown as that log", () => {
    // Someone's log signed with the session key, labelled with the CI log's fingerprints.
    expect(
      cli(['anchor', 'init', 'spoof', '--origin', 'example.com/truss-ci-log', '--log-key', 'session.key'])
        .code,
    ).toBe(0);
    const config = path.join(dir, 'spoof', LOG_FILES.config);
    const honest = JSON.parse(readFileSync(path.join(dir, 'log', LOG_FILES.config), 'utf8'));
    const spoofed = JSON.parse(readFileSync(config, 'utf8'));
    writeFileSync(
      config,
      JSON.stringify({ ...spoofed, key_id: honest.key_id, verifier_key: honest.verifier_key }),
    );
    const edited = new RegExp(
      `key_id and verifier_key are not those of public_key ${session.key.publicKeyHex} \\(${session.key.keyId.replace(/[+/]/g, '\\$&')}\\); the file was edited`,
    );
    // verify-log: a failed log (exit 1), shown under its real key id, never the one it claims.
    const verified = cli(['anchor', 'verify-log', 'spoof']);
    expect(verified.code).toBe(1);
    expect(verified.stdout).toMatch(/✘ FAILED[\s\S]*broken: log\.json: key_id and verifier_key/);
    expect(verified.stdout).toMatch(edited);
    expect(verified.stdout).not.toContain(honest.key_id);
    expect(verified.stdout).toContain(`log key ${session.key.keyId} (NOT pinned)`);
    // Commands that would write to it refuse (exit 3) before appending or signing.
    for (const args of [
      ['anchor', 'checkpoint', 'spoof', '--log-key', 'session.key'],
      [
        'anchor',
        'prove',
        sessionId,
        '--db',
        'ledger.db',
        '--log',
        'spoof',
        '--log-key',
        'session.key',
        '--no-record',
      ],
    ]) {
      const result = cli(args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr).toMatch(edited);
    }
    expect(
      existsSync(path.join(dir, 'spoof', LOG_FILES.leaves))
        ? readFileSync(path.join(dir, 'spoof', LOG_FILES.leaves), 'utf8')
        : '',
    ).toBe('');
  });

  it('errors say what to do next: missing log, missing key, wrong session key, usage', () => {
    const missing = cli(['anchor', 'verify-log', 'nowhere']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/no log in .*truss anchor init/);
    const noKey = cli(['anchor', 'checkpoint', 'log']);
    expect(noKey.code).toBe(3);
    expect(noKey.stderr).toMatch(/--log-key FILE/);
    const wrongKey = prove(sessionId, ['--key', 'log.key']);
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toMatch(/pass its key with --key FILE/);
    const wrongLogKey = cli(['anchor', 'checkpoint', 'log', '--log-key', 'session.key']);
    expect(wrongLogKey.code).toBe(3);
    expect(wrongLogKey.stderr).toMatch(/is not the key of log/);
    // prove with a key that cannot sign the log appends nothing: no unsigned leaf for the next checkpoint.
    const leaves = readFileSync(path.join(dir, 'log', LOG_FILES.leaves), 'utf8');
    const notTheLogKey = cli([
      'anchor',
      'prove',
      sessionId,
      '--db',
      'ledger.db',
      '--log',
      'log',
      '--log-key',
      'session.key',
      '--no-record',
    ]);
    expect(notTheLogKey.code).toBe(3);
    expect(notTheLogKey.stderr).toMatch(/is not the key of log .*pass the log's key file/);
    expect(readFileSync(path.join(dir, 'log', LOG_FILES.leaves), 'utf8')).toBe(leaves);
    // An origin is also the checkpoint's signing key name: one that could never sign is refused
    // before a log exists, and a log.json edited to hold one takes no leaf.
    const spaced = cli(['anchor', 'init', 'spaced', '--origin', 'my log', '--log-key', 'log.key']);
    expect(spaced.code).toBe(3);
    expect(spaced.stderr).toMatch(
      /invalid log origin "my log": .*no spaces or '\+' \(e\.g\. example\.com\/truss-log\)/,
    );
    expect(existsSync(path.join(dir, 'spaced'))).toBe(false);
    expect(
      cli(['anchor', 'init', 'spaced', '--origin', 'example.com/a+b', '--log-key', 'log.key']).code,
    ).toBe(3);
    expect(
      cli(['anchor', 'init', 'spaced', '--origin', 'example.com/spaced', '--log-key', 'log.key']).code,
    ).toBe(0);
    const config = path.join(dir, 'spaced', LOG_FILES.config);
    writeFileSync(config, readFileSync(config, 'utf8').replace('example.com/spaced', 'example.com/my log'));
    const edited = cli([
      'anchor',
      'prove',
      sessionId,
      '--db',
      'ledger.db',
      '--log',
      'spaced',
      '--log-key',
      'log.key',
      '--no-record',
    ]);
    expect(edited.code).toBe(3);
    expect(edited.stderr).toContain('invalid log origin "example.com/my log"');
    expect(
      existsSync(path.join(dir, 'spaced', LOG_FILES.leaves))
        ? readFileSync(path.join(dir, 'spaced', LOG_FILES.leaves), 'utf8')
        : '',
    ).toBe('');
    // A --state that is a directory: exit 3 naming it, not an unexpected error.
    const stateDir = cli(['anchor', 'verify-log', 'log', '--key', logKey.key.publicKeyHex, '--state', '.']);
    expect(stateDir.code).toBe(3);
    expect(stateDir.stderr).toMatch(
      /cannot read the witness state .*: it is a directory, not a file \(EISDIR\); pass --state a file path/,
    );
    expect(cli(['anchor', 'prove', sessionId]).code).toBe(64);
    expect(cli(['anchor', 'bogus']).code).toBe(64);
    expect(cli(['anchor', '--help']).stdout).toContain('verify-log LOGDIR');
  });
});
