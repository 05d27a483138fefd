import { concatBytes } from '../ledger/encoding.js';

/** SHA-256 as a function, so the same Merkle code runs on node:crypto and on @noble in a browser. */
export type Sha256 = (data: Uint8Array) => Uint8Array;

const LEAF_PREFIX = new Uint8Array([0x00]);
const NODE_PREFIX = new Uint8Array([0x01]);

/**
 * RFC 6962 domain-separated hashing: leaf = SHA-256(0x00 ‖ data), node = SHA-256(0x01 ‖ L ‖ R).
 * The prefixes stop a leaf from being passed off as an inner node (second-preimage attacks).
 */
export interface TreeHasher {
  readonly emptyRoot: Uint8Array;
  leaf(data: Uint8Array): Uint8Array;
  node(left: Uint8Array, right: Uint8Array): Uint8Array;
}

/** Builds the RFC 6962 hasher over `sha256`; `concat` is only used when no incremental hash exists. */
export function rfc6962Hasher(sha256: Sha256): TreeHasher {
  return {
    emptyRoot: sha256(new Uint8Array(0)),
    leaf: (data) => sha256(concatBytes(LEAF_PREFIX, data)),
    node: (left, right) => sha256(concatBytes(NODE_PREFIX, left, right)),
  };
}
