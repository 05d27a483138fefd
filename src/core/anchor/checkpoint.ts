/**
 * C2SP tlog-checkpoint (c2sp.org/tlog-checkpoint): the note text `<origin>\n<tree size>\n<base64 root>\n`
 * (optionally followed by extension lines), signed as a signed note whose key name is the origin.
 */
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { NoteError } from './errors.js';
import { base64, fromBase64, type NoteKey, openNote, signNote } from './signed-note.js';

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
}

/** A checkpoint together with the exact signed note it came from. */
export interface SignedCheckpoint extends Checkpoint {
  note: string;
}

/** The checkpoint body (the note text that gets signed). */
export function formatCheckpoint(checkpoint: Checkpoint): string {
  return `${checkpoint.origin}\n${checkpoint.size}\n${base64(checkpoint.root)}\n`;
}

/** Parses checkpoint text strictly: origin line, decimal size without leading zeros, 32-byte base64 root. */
export function parseCheckpoint(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.length < 4 || lines[lines.length - 1] !== '')
    throw new NoteError('a checkpoint has an origin line, a size line and a root line');
  const [origin, sizeText, rootText] = lines as [string, string, string];
  if (origin === '') throw new NoteError('the checkpoint origin line is empty');
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    throw new NoteError(`the checkpoint size ${JSON.stringify(sizeText)} is not a decimal integer`);
  const root = fromBase64(rootText);
  if (root?.length !== 32) throw new NoteError('the checkpoint root is not a base64 SHA-256 hash');
  return { origin, size: Number(sizeText), root };
}

/** Signs a checkpoint with the log key, using the origin as the key name (the C2SP convention). */
export function signCheckpoint(
  checkpoint: Checkpoint,
  signer: Signer,
  sha256: (d: Uint8Array) => Uint8Array,
): SignedCheckpoint {
  const note = signNote(formatCheckpoint(checkpoint), checkpoint.origin, signer, sha256);
  return { ...checkpoint, note };
}

/**
 * Verifies a signed checkpoint note against the log's key and origin and parses it. Why: a
 * checkpoint is only meaningful when signed by the log that claims it.
 */
export function openCheckpoint(note: string, key: NoteKey, crypto: LedgerCrypto): SignedCheckpoint {
  const checkpoint = parseCheckpoint(openNote(note, key, crypto));
  if (checkpoint.origin !== key.name)
    throw new NoteError(
      `the checkpoint is for origin ${JSON.stringify(checkpoint.origin)}, not ${JSON.stringify(key.name)}`,
    );
  return { ...checkpoint, note };
}
