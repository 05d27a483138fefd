import { appendFileSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  anchorInLog,
  CheckpointWitness,
  checkReceipt,
  ForkError,
  formatVerifierKey,
  InconsistentCheckpointError,
  LOG_FILES,
  NoteError,
  nodeTreeHasher,
  noteKeyId,
  openCheckpoint,
  openNote,
  parseVerifierKey,
  signNote,
  TransparencyLog,
  verifyInclusion,
  verifyLogDir,
  type WitnessState,
} from '../../src/core/anchor/index.js';
import { createNodeCrypto } from '../../src/core/ledger/crypto-node.js';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import { SigningKey } from '../../src/core/ledger/keys.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const crypto = createNodeCrypto();
const hasher = nodeTreeHasher();
const deps = { crypto, hasher };
const logKey = SigningKey.fromSeed(new Uint8Array(32).fill(7));
const otherKey = SigningKey.fromSeed(new Uint8Array(32).fill(9));
const ORIGIN = 'example.com/truss-test-log';

const temps: TempDir[] = [];
afterAll(() => {
  for (const temp of temps) temp.cleanup();
});
/** A fresh directory for a log, removed after the file's tests. */
function logDir(): string {
  const temp = tempDir('log');
  temps.push(temp);
  return temp.dir;
}

function newLog(dir = logDir(), key = logKey): TransparencyLog {
  return TransparencyLog.create(dir, { origin: ORIGIN, publicKey: key.publicKey }, deps);
}

function memoryState(initial: string | null = null): WitnessState & { value: string | null } {
  const state = {
    value: initial,
    load: () => state.value,
    save: (note: string) => {
      state.value = note;
    },
  };
  return state;
}

describe('C2SP signed notes', () => {
  // golang.org/x/mod/sumdb/note's documented example key and note (note_test.go).
  const seed = Buffer.from('AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz', 'base64').subarray(1);
  const peter = SigningKey.fromSeed(seed);
  const text =
    "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
  const goNote = `${text}\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

  it('reproduces the Go reference note byte for byte, key id and verifier key included', () => {
    expect(Buffer.from(noteKeyId('PeterNeumann', peter.publicKey, crypto.sha256)).toString('hex')).toBe(
      'c74f20a3',
    );
    expect(formatVerifierKey({ name: 'PeterNeumann', publicKey: peter.publicKey }, crypto.sha256)).toBe(
      'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
    );
    expect(signNote(text, 'PeterNeumann', peter, crypto.sha256)).toBe(goNote);
    const key = parseVerifierKey(
      'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
      crypto.sha256,
    );
    expect(openNote(goNote, key, crypto)).toBe(text);
    expect(openNote(goNote, key, portableCrypto)).toBe(text);
  });

  it('rejects an edited text, a wrong key, an unsigned note and a bad verifier key', () => {
    const key = { name: 'PeterNeumann', publicKey: peter.publicKey };
    expect(() => openNote(goNote.replace('answer', 'Answer'), key, crypto)).toThrow(/does not verify/);
    expect(() => openNote(goNote, { name: 'PeterNeumann', publicKey: otherKey.publicKey }, crypto)).toThrow(
      /no signature by PeterNeumann/,
    );
    expect(() => openNote(text, key, crypto)).toThrow(NoteError);
    expect(() =>
      parseVerifierKey('PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW', crypto.sha256),
    ).toThrow(/key id/);
    expect(() => signNote('no newline', 'n', peter, crypto.sha256)).toThrow(NoteError);
  });
});

describe('TransparencyLog', () => {
  it('signs C2SP checkpoints whose inclusion proofs verify, and survives reopening', () => {
    const dir = logDir();
    const log = newLog(dir);
    for (let i = 0; i < 10; i++) log.append(`{"n":${i}}`);
    const checkpoint = log.sign(logKey);
    expect(checkpoint.note).toMatch(
      new RegExp(`^${ORIGIN}\\n10\\n[A-Za-z0-9+/]{43}=\\n\\n— ${ORIGIN} [A-Za-z0-9+/=]+\\n$`),
    );
    const root = Buffer.from(log.root());
    log.close();

    const again = TransparencyLog.open(dir, deps);
    expect(again.size).toBe(10);
    expect(Buffer.from(again.root())).toEqual(root);
    const opened = openCheckpoint(
      readFileSync(path.join(dir, LOG_FILES.checkpoint), 'utf8'),
      again.key,
      crypto,
    );
    for (let i = 0; i < 10; i++) {
      const leaf = hasher.leaf(Buffer.from(`{"n":${i}}`));
      verifyInclusion(hasher, i, opened.size, leaf, again.inclusionProof(i, opened.size), opened.root);
    }
    // Appending after reopen continues the same tree.
    again.append('{"n":10}');
    const next = again.sign(logKey);
    expect(next.size).toBe(11);
    again.close();
    expect(verifyLogDir(dir, { ...deps, pinnedKeys: [logKey.publicKeyHex] })).toMatchObject({
      status: 'verified',
      size: 11,
      checkpoints: 2,
    });
  });

  it('refuses to sign with a key that is not the log key', () => {
    const log = newLog();
    log.append('x');
    expect(() => log.sign(otherKey)).toThrow(/is not the key of log/);
    log.close();
  });

  it('refuses to sign a checkpoint inconsistent with the one it signed before (rewritten leaf)', () => {
    const dir = logDir();
    const log = newLog(dir);
    for (let i = 0; i < 6; i++) log.append(`{"n":${i}}`);
    const first = log.sign(logKey);
    log.close();
    // An attacker with write access rebuilds the tree with leaf 2 changed, keeping the signed checkpoint.
    const forgedDir = logDir();
    const forged = newLog(forgedDir);
    for (let i = 0; i < 6; i++) forged.append(i === 2 ? '{"n":"rewritten"}' : `{"n":${i}}`);
    forged.close();
    for (const file of [
      LOG_FILES.leaves,
      `${LOG_FILES.treeDir}/level-00.bin`,
      `${LOG_FILES.treeDir}/level-01.bin`,
      `${LOG_FILES.treeDir}/level-02.bin`,
    ])
      writeFileSync(path.join(dir, file), readFileSync(path.join(forgedDir, file)));
    const reopened = TransparencyLog.open(dir, deps);
    reopened.append('{"n":6}');
    let refusal: unknown;
    try {
      reopened.sign(logKey);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InconsistentCheckpointError);
    expect((refusal as InconsistentCheckpointError).earlier).toBe(first.note);
    expect((refusal as InconsistentCheckpointError).later).toMatch(new RegExp(`^${ORIGIN}\\n7\\n`));
    expect(readFileSync(path.join(dir, LOG_FILES.checkpoint), 'utf8')).toBe(first.note);
    reopened.close();
  });

  it('refuses to sign after leaves were truncated below the last checkpoint', () => {
    const dir = logDir();
    const log = newLog(dir);
    for (let i = 0; i < 5; i++) log.append(`{"n":${i}}`);
    log.sign(logKey);
    log.close();
    const leaves = readFileSync(path.join(dir, LOG_FILES.leaves), 'utf8').split('\n');
    writeFileSync(path.join(dir, LOG_FILES.leaves), `${leaves.slice(0, 3).join('\n')}\n`);
    const reopened = TransparencyLog.open(dir, deps);
    expect(reopened.size).toBe(3);
    expect(() => reopened.sign(logKey)).toThrow(/already signed 5/);
    reopened.close();
  });

  it('rebuilds a missing tree from the leaf lines (a copy of the log without tree/)', () => {
    const dir = logDir();
    const log = newLog(dir);
    for (let i = 0; i < 13; i++) log.append(`{"n":${i}}`);
    const signed = log.sign(logKey);
    log.close();
    rmSync(path.join(dir, LOG_FILES.treeDir), { recursive: true });
    expect(verifyLogDir(dir, { ...deps, pinnedKeys: [logKey.publicKeyHex] }).status).toBe('verified');
    const reopened = TransparencyLog.open(dir, deps);
    expect(reopened.size).toBe(13);
    expect(Buffer.from(reopened.root())).toEqual(Buffer.from(signed.root));
    reopened.append('{"n":13}');
    expect(reopened.sign(logKey).size).toBe(14);
    reopened.close();
    expect(verifyLogDir(dir, { ...deps, pinnedKeys: [logKey.publicKeyHex] }).status).toBe('verified');
  });

  it('repairs a torn append (partial leaf line, half-written tree) on open', () => {
    const dir = logDir();
    const log = newLog(dir);
    for (let i = 0; i < 7; i++) log.append(`{"n":${i}}`);
    log.sign(logKey);
    log.close();
    appendFileSync(path.join(dir, LOG_FILES.leaves), '{"n":7'); // crash mid-line
    appendFileSync(path.join(dir, LOG_FILES.treeDir, 'level-00.bin'), Buffer.alloc(20)); // crash mid-hash
    truncateSync(path.join(dir, LOG_FILES.treeDir, 'level-01.bin'), 64); // parent 2 lost
    const reopened = TransparencyLog.open(dir, deps);
    expect(reopened.size).toBe(7);
    reopened.append('{"n":7}');
    expect(reopened.sign(logKey).size).toBe(8);
    reopened.close();
    expect(verifyLogDir(dir, deps).status).toBe('integrity_only');
  });
});

describe('verify-log catches tampering', () => {
  function builtLog(): string {
    const dir = logDir();
    const log = newLog(dir);
    for (let i = 0; i < 9; i++) {
      log.append(`{"n":${i}}`);
      if (i % 3 === 2) log.sign(logKey);
    }
    log.close();
    return dir;
  }
  const pinned = { ...deps, pinnedKeys: [logKey.publicKeyHex] };

  it('an intact log verifies, and is integrity_only without a pinned key', () => {
    const dir = builtLog();
    expect(verifyLogDir(dir, pinned)).toMatchObject({ status: 'verified', size: 9, checkpoints: 3 });
    expect(verifyLogDir(dir, deps).status).toBe('integrity_only');
  });

  it('an edited leaf line', () => {
    const dir = builtLog();
    const file = path.join(dir, LOG_FILES.leaves);
    writeFileSync(file, readFileSync(file, 'utf8').replace('{"n":4}', '{"n":5}'));
    expect(verifyLogDir(dir, pinned)).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/level-00.bin node 4 /),
    });
  });

  it('a flipped byte in a level file', () => {
    const dir = builtLog();
    const file = path.join(dir, LOG_FILES.treeDir, 'level-01.bin');
    const bytes = readFileSync(file);
    bytes[40] = (bytes[40] as number) ^ 1;
    writeFileSync(file, bytes);
    expect(verifyLogDir(dir, pinned)).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/level-01/),
    });
  });

  it('a consistently rebuilt tree under old signed checkpoints (rewritten history)', () => {
    const dir = builtLog();
    const rebuilt = logDir();
    const log = newLog(rebuilt);
    for (let i = 0; i < 9; i++) log.append(i === 1 ? '{"n":"x"}' : `{"n":${i}}`);
    log.close();
    writeFileSync(path.join(dir, LOG_FILES.leaves), readFileSync(path.join(rebuilt, LOG_FILES.leaves)));
    for (let level = 0; level < 4; level++) {
      const name = `level-0${level}.bin`;
      writeFileSync(
        path.join(dir, LOG_FILES.treeDir, name),
        readFileSync(path.join(rebuilt, LOG_FILES.treeDir, name)),
      );
    }
    expect(verifyLogDir(dir, pinned)).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/root the leaves do not produce/),
    });
  });

  it('a forged checkpoint signature, and a log re-signed with another key', () => {
    const dir = builtLog();
    const history = path.join(dir, LOG_FILES.history);
    const lines = readFileSync(history, 'utf8').trimEnd().split('\n');
    const note = JSON.parse(lines[1] as string) as string;
    lines[1] = JSON.stringify(note.replace(/\n6\n/, '\n5\n'));
    writeFileSync(history, `${lines.join('\n')}\n`);
    expect(verifyLogDir(dir, pinned)).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/checkpoint 2/),
    });

    const resigned = builtLog();
    const config = JSON.parse(readFileSync(path.join(resigned, LOG_FILES.config), 'utf8'));
    config.public_key = otherKey.publicKeyHex;
    config.key_id = otherKey.keyId;
    writeFileSync(path.join(resigned, LOG_FILES.config), JSON.stringify(config));
    // Old notes no longer verify under the swapped key; and a wholly re-signed log fails the pin.
    expect(verifyLogDir(resigned, pinned).status).toBe('failed');
    // A log.json whose key id or verifier key is not its public key's fails, showing the real key id.
    const relabelled = builtLog();
    const own = JSON.parse(readFileSync(path.join(relabelled, LOG_FILES.config), 'utf8'));
    writeFileSync(
      path.join(relabelled, LOG_FILES.config),
      JSON.stringify({ ...own, key_id: otherKey.keyId }),
    );
    expect(verifyLogDir(relabelled, pinned)).toMatchObject({
      status: 'failed',
      key_id: logKey.keyId,
      failure: expect.stringMatching(/^log\.json: key_id and verifier_key are not those of public_key/),
    });
  });

  it('a removed tail (leaves the signed checkpoints covered)', () => {
    const dir = builtLog();
    const file = path.join(dir, LOG_FILES.leaves);
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, `${lines.slice(0, 8).join('\n')}\n`);
    expect(verifyLogDir(dir, pinned).status).toBe('failed');
  });
});

describe('CheckpointWitness (client)', () => {
  it('accepts a growing log with consistency proofs and remembers the newest checkpoint', () => {
    const log = newLog();
    const state = memoryState();
    const witness = new CheckpointWitness(log.key, deps, state);
    const prove = (a: number, b: number) => log.consistencyProof(a, b);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 3 + round; i++) log.append(`{"r":${round},"i":${i}}`);
      const checkpoint = log.sign(logKey);
      witness.observe(checkpoint.note, prove);
      expect(state.value).toBe(checkpoint.note);
    }
    // An older checkpoint is still consistent; the newest one stays remembered.
    const newest = state.value;
    const oldest = JSON.parse(
      readFileSync(path.join(log.dir, LOG_FILES.history), 'utf8').split('\n')[0] as string,
    );
    witness.observe(oldest, prove);
    expect(state.value).toBe(newest);
    log.close();
  });

  it('detects a fork: same key and origin, two histories — ForkError carries both signed notes', () => {
    const honest = newLog();
    const evil = newLog();
    for (let i = 0; i < 4; i++) {
      honest.append(`{"n":${i}}`);
      evil.append(`{"n":${i}}`);
    }
    const common = honest.sign(logKey);
    evil.sign(logKey);
    honest.append('{"n":"honest"}');
    evil.append('{"n":"evil"}');
    const a = honest.sign(logKey);
    const b = evil.sign(logKey);
    const state = memoryState(common.note);
    const witness = new CheckpointWitness(honest.key, deps, state);
    witness.observe(a.note, (x, y) => honest.consistencyProof(x, y));
    let fork: unknown;
    try {
      witness.observe(b.note, (x, y) => evil.consistencyProof(x, y));
    } catch (error) {
      fork = error;
    }
    expect(fork).toBeInstanceOf(ForkError);
    expect([(fork as ForkError).earlier, (fork as ForkError).later].sort()).toEqual([a.note, b.note].sort());
    expect(state.value).toBe(a.note);

    // A longer forked tree with a consistency proof from its own history is also caught.
    evil.append('{"n":"more"}');
    const c = evil.sign(logKey);
    expect(() => witness.observe(c.note, (x, y) => evil.consistencyProof(x, y))).toThrow(ForkError);
    honest.close();
    evil.close();
  });

  it('rejects a checkpoint not signed by the log key before looking at consistency', () => {
    const log = newLog();
    log.append('x');
    const imposter = newLog(logDir(), otherKey);
    imposter.append('x');
    const forged = imposter.sign(otherKey);
    const witness = new CheckpointWitness(log.key, deps, memoryState());
    expect(() => witness.observe(forged.note, () => [])).toThrow(NoteError);
    log.close();
    imposter.close();
  });
});

describe('anchorInLog receipts', () => {
  it('returns a receipt that checks out on its own, and fails for a different head', () => {
    const dir = logDir();
    newLog(dir).close();
    const head = { headHash: 'ab'.repeat(32), seq: 4 };
    for (let i = 0; i < 5; i++)
      anchorInLog({ dir, signer: logKey, ...deps }, { headHash: `${i}`.repeat(64), seq: i });
    const receipt = anchorInLog({ dir, signer: logKey, ...deps }, head);
    expect(receipt).toMatchObject({ leaf_index: 5, anchored_seq: 4, log_origin: ORIGIN });
    expect(checkReceipt({ ...receipt }, crypto)).toHaveProperty('finding.tree_size', 6);
    expect(checkReceipt({ ...receipt }, portableCrypto)).toHaveProperty('finding.leaf_index', 5);
    expect(checkReceipt({ ...receipt, anchored_head_hash: 'cd'.repeat(32) }, crypto)).toHaveProperty('error');
    expect(checkReceipt({ ...receipt, anchored_seq: 3 }, crypto)).toHaveProperty('error');
    expect(checkReceipt({ ...receipt, leaf_index: 4 }, crypto)).toHaveProperty('error');
    expect(checkReceipt({ ...receipt, log_public_key: otherKey.publicKeyHex }, crypto)).toHaveProperty(
      'error',
    );
    expect(
      checkReceipt({ ...receipt, checkpoint: receipt.checkpoint.replace('\n6\n', '\n7\n') }, crypto),
    ).toHaveProperty('error');
  });
});
