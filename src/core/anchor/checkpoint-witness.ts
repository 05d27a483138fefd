/**
 * The client side of a transparency log: remember the last checkpoint seen and accept a new one only
 * with a consistency proof from it. A log that shows different histories to different people (a
 * fork) is caught the moment one client sees both, and the two signed notes are the proof.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readInputText } from '../input-file.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { cannotRead } from '../read-failure.js';
import { openCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import { ForkError, LogError, NoteError, type ProofError, UncheckedCheckpointError } from './errors.js';
import type { TreeHasher } from './hasher.js';
import { verifyConsistency } from './merkle-verify.js';
import type { NoteKey } from './signed-note.js';

/** Where a client keeps the last checkpoint it accepted (a file, a database row, …). */
export interface WitnessState {
  load(): string | null;
  save(note: string): void;
}

/** Supplies the consistency proof from the tree of `size1` leaves to the tree of `size2` leaves. */
export type ConsistencyProver = (size1: number, size2: number) => Uint8Array[];

export class CheckpointWitness {
  constructor(
    private readonly key: NoteKey,
    private readonly deps: { crypto: LedgerCrypto; hasher: TreeHasher },
    private readonly state: WitnessState,
  ) {}

  /**
   * Verifies `note` and checks it against the remembered checkpoint; remembers it when it is newer.
   * Throws ForkError (carrying both notes) when the two cannot come from one append-only log, and
   * UncheckedCheckpointError when they cannot be compared (no proof between them, another key).
   */
  observe(
    note: string,
    prove: ConsistencyProver,
  ): { checkpoint: SignedCheckpoint; previous: SignedCheckpoint | null } {
    const checkpoint = openCheckpoint(note, this.key, this.deps.crypto);
    const saved = this.state.load();
    const previous = saved === null ? null : this.#remembered(saved, note);
    if (!previous) {
      this.state.save(note);
      return { checkpoint, previous };
    }
    const [older, newer] = previous.size <= checkpoint.size ? [previous, checkpoint] : [checkpoint, previous];
    const fork = (why: string): never => {
      throw new ForkError(
        `log ${this.key.name} forked: checkpoint ${older.size} and checkpoint ${newer.size} cannot both be honest (${why}); keep both notes as evidence`,
        older.note,
        newer.note,
      );
    };
    if (older.size === newer.size) {
      if (!sameRoot(older.root, newer.root)) fork('same size, different roots');
    } else if (older.size > 0) {
      let proof: Uint8Array[] = [];
      try {
        proof = prove(older.size, newer.size);
      } catch (error) {
        // No proof is no evidence either way (docs/anchor.md): refused, but not called a fork.
        const why = (error as Error).message;
        throw new UncheckedCheckpointError(
          newer === previous
            ? `log ${this.key.name} shows checkpoint ${checkpoint.size}, older than checkpoint ${previous.size} seen before, with no consistency proof between them (${why}): a stale copy, or a log rolled back to hide what it added; check a current copy of the log`
            : `log ${this.key.name}: no consistency proof from checkpoint ${older.size} to ${newer.size} is available (${why}); nothing was accepted`,
          older.note,
          newer.note,
        );
      }
      try {
        verifyConsistency(this.deps.hasher, older.size, newer.size, proof, older.root, newer.root);
      } catch (error) {
        fork((error as ProofError).message);
      }
    }
    if (checkpoint.size > previous.size) this.state.save(note);
    return { checkpoint, previous };
  }

  /**
   * The remembered checkpoint, opened with the log's key. One of this log's origin that this key did
   * not sign means the log now shows another key: its history cannot be compared with what was seen,
   * which is a failure with both notes, not an unreadable state (docs/anchor.md).
   */
  #remembered(saved: string, note: string): SignedCheckpoint {
    try {
      return openCheckpoint(saved, this.key, this.deps.crypto);
    } catch (error) {
      if (!(error instanceof NoteError)) throw error;
      const origin = saved.split('\n', 1)[0];
      if (origin !== this.key.name)
        throw new NoteError(
          `the remembered checkpoint is not one of log ${this.key.name} (${error.message}); pass the state file kept for this log, or a new one to start over`,
        );
      throw new UncheckedCheckpointError(
        `log ${this.key.name}: the checkpoint remembered before does not verify under the key the log has now (${error.message}): the log was re-keyed or replaced, so what it shows cannot be checked against what was seen; keep both notes as evidence`,
        saved,
        note,
      );
    }
  }
}

function sameRoot(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Keeps the last accepted checkpoint note in a file (written atomically). A path that cannot be read
 * or written (a directory, no permission) is a LogError naming it, not an unexpected failure.
 */
export function fileWitnessState(path: string): WitnessState {
  const what = `the witness state ${path}`;
  const fix = 'pass --state a file path this user can read and write';
  return {
    load: () => {
      try {
        return readInputText(path); // a FIFO or device is refused, never waited on (docs/cli.md "Input files")
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new LogError(`${cannotRead(what, error)}; ${fix}`);
      }
    },
    save: (note) => {
      const temp = `${path}.tmp-${process.pid}`;
      try {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(temp, note);
        renameSync(temp, path);
      } catch (error) {
        rmSync(temp, { force: true });
        throw new LogError(`cannot write ${what} (${(error as Error).message}); ${fix}`);
      }
    },
  };
}
