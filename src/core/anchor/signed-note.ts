/**
 * C2SP signed notes (c2sp.org/signed-note) with Ed25519 signatures: the text, a blank line, then
 * signature lines `— <key name> base64(key ID ‖ signature)`, where key ID = the first 4 bytes of
 * SHA-256(key name ‖ 0x0A ‖ 0x01 ‖ public key). Using the ecosystem's format means any signed-note
 * verifier (Go's sumdb/note, witnesses) can check a Truss log checkpoint.
 */
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { NoteError } from './errors.js';
import { sameBytes } from './merkle-verify.js';

const ED25519_TYPE = 0x01;
const EM_DASH = '\u2014';
const utf8 = new TextEncoder();

/** A note verifier key: who signs (name) and with which Ed25519 public key. */
export interface NoteKey {
  name: string;
  publicKey: Uint8Array;
}

/** The 4-byte key ID a signature line starts with (signed-note §Signatures, type 0x01). */
export function noteKeyId(
  name: string,
  publicKey: Uint8Array,
  sha256: (d: Uint8Array) => Uint8Array,
): Uint8Array {
  const nameBytes = utf8.encode(name);
  const preimage = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  preimage.set(nameBytes, 0);
  preimage[nameBytes.length] = 0x0a;
  preimage[nameBytes.length + 1] = ED25519_TYPE;
  preimage.set(publicKey, nameBytes.length + 2);
  return sha256(preimage).subarray(0, 4);
}

/** The `name+hexkeyid+base64(0x01‖pubkey)` verifier key string used by Go's note package and witnesses. */
export function formatVerifierKey(key: NoteKey, sha256: (d: Uint8Array) => Uint8Array): string {
  const typed = new Uint8Array(33);
  typed[0] = ED25519_TYPE;
  typed.set(key.publicKey, 1);
  return `${key.name}+${hex(noteKeyId(key.name, key.publicKey, sha256))}+${base64(typed)}`;
}

/** Parses a `name+hexkeyid+base64(0x01‖pubkey)` verifier key and checks its key ID. */
export function parseVerifierKey(text: string, sha256: (d: Uint8Array) => Uint8Array): NoteKey {
  const parts = text.trim().split('+');
  if (parts.length !== 3) throw new NoteError('a verifier key has the form name+keyid+base64key');
  const [name, id, encoded] = parts as [string, string, string];
  checkKeyName(name);
  const typed = fromBase64(encoded);
  if (typed?.length !== 33 || typed[0] !== ED25519_TYPE)
    throw new NoteError('the verifier key is not an Ed25519 (type 0x01) key');
  const publicKey = typed.subarray(1);
  if (id !== hex(noteKeyId(name, publicKey, sha256)))
    throw new NoteError('the verifier key id does not match its name and public key');
  return { name, publicKey };
}

/** Signs `text` (which must end in a newline) and returns the signed note. */
export function signNote(
  text: string,
  name: string,
  signer: Signer,
  sha256: (d: Uint8Array) => Uint8Array,
): string {
  checkText(text);
  checkKeyName(name);
  const signature = signer.sign(utf8.encode(text));
  const blob = new Uint8Array(4 + signature.length);
  blob.set(noteKeyId(name, signer.publicKey, sha256), 0);
  blob.set(signature, 4);
  return `${text}\n${EM_DASH} ${name} ${base64(blob)}\n`;
}

/**
 * Verifies a signed note against one trusted key and returns its text. Signatures by other keys are
 * ignored (as the spec requires); a signature that claims to be from the trusted key but does not
 * verify rejects the whole note, and so does the absence of any signature from it.
 */
export function openNote(note: string, key: NoteKey, crypto: LedgerCrypto): string {
  checkNoteChars(note);
  const split = note.lastIndexOf('\n\n');
  if (split === -1 || !note.endsWith('\n'))
    throw new NoteError('not a signed note: no blank line before the signatures');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  const wantId = noteKeyId(key.name, key.publicKey, crypto.sha256);
  let verified = false;
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/.exec(line);
    if (!match) throw new NoteError(`malformed signature line ${JSON.stringify(line.slice(0, 80))}`);
    const blob = fromBase64(match[2] as string);
    if (!blob || blob.length < 5) throw new NoteError('a signature line is too short');
    if (match[1] !== key.name || !sameBytes(blob.subarray(0, 4), wantId)) continue;
    if (!crypto.verify(blob.subarray(4), utf8.encode(text), key.publicKey))
      throw new NoteError(`the signature by ${key.name} does not verify: the note was altered or forged`);
    verified = true;
  }
  if (!verified) throw new NoteError(`the note carries no signature by ${key.name} with the expected key`);
  return text;
}

function checkText(text: string): void {
  if (!text.endsWith('\n')) throw new NoteError('note text must end with a newline');
  checkNoteChars(text);
}

function checkNoteChars(text: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the spec forbids exactly these
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text))
    throw new NoteError('a note must not contain control characters');
  if (text.isWellFormed && !text.isWellFormed()) throw new NoteError('a note must be valid UTF-8');
}

function checkKeyName(name: string): void {
  if (!isKeyName(name)) throw new NoteError(`invalid key name ${JSON.stringify(name)}: no spaces or '+'`);
}

/** A signed-note key name (c2sp.org/signed-note): non-empty, no spaces and no '+'. */
export function isKeyName(name: string): boolean {
  return name !== '' && !/[\s+]/.test(name);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary);
}

/** Strict standard base64 (padded); undefined for anything else. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return undefined;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
