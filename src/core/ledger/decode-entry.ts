import { canonicalJson } from './canonical-json.js';
import type { DecodedEntry } from './chain-verifier.js';
import { hexToBytes } from './encoding.js';
import { seqProblem } from './entry-seq.js';

/**
 * Decodes one bundle entry (JSON from an untrusted file) for the chain verifier. A shape error is
 * reported as a chain failure at that position rather than thrown, so users learn which seq is bad.
 */
export function decodeBundleEntry(raw: unknown, position: number): DecodedEntry | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { error: `entry ${position} is not an object` };
  const e = raw as Record<string, unknown>;
  const seqError = seqProblem(e.seq, position);
  if (seqError) return { error: seqError };
  if (typeof e.kind !== 'string') return { error: `entry ${position}: kind is not a string` };
  if (typeof e.payload !== 'object' || e.payload === null || Array.isArray(e.payload)) {
    return { error: `entry ${position}: payload is not a JSON object` };
  }
  const prevHash = hexToBytes(e.prev_hash, 32);
  const entryHash = hexToBytes(e.entry_hash, 32);
  const signature = hexToBytes(e.signature, 64);
  if (!prevHash) return { error: `entry ${position}: prev_hash is not 64 lowercase hex characters` };
  if (!entryHash) return { error: `entry ${position}: entry_hash is not 64 lowercase hex characters` };
  if (!signature) return { error: `entry ${position}: signature is not 128 lowercase hex characters` };
  let canonicalPayload: string;
  try {
    canonicalPayload = canonicalJson(e.payload);
  } catch (error) {
    return { error: `entry ${position}: payload cannot be canonicalised (${(error as Error).message})` };
  }
  return {
    seq: e.seq as number,
    kind: e.kind,
    payload: e.payload as Record<string, unknown>,
    canonicalPayload,
    prevHash,
    entryHash,
    signature,
  };
}
