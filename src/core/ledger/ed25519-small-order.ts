import { bytesEqual, hexToBytes } from './encoding.js';

/**
 * The canonical encodings of the eight points of small order on edwards25519 (the identity, the point
 * of order 2, two of order 4, four of order 8). A test derives them from the curve.
 */
export const SMALL_ORDER_ENCODINGS: readonly string[] = [
  '0100000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
  '0000000000000000000000000000000000000000000000000000000000000080',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
  '0000000000000000000000000000000000000000000000000000000000000000',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
];

const SMALL_ORDER_BYTES = SMALL_ORDER_ENCODINGS.map((hex) => hexToBytes(hex, 32) as Uint8Array);

/**
 * Whether a signature's R (its first 32 bytes) is one of the canonical encodings of a small-order
 * point: the R half of the signature rule (docs/ledger.md "Signature rule"). OpenSSL 3.5 (Node 24)
 * refuses such an R and OpenSSL 3.0 (Node 20) accepts it, so every Truss path refuses it before it
 * asks any engine: one answer on every Node, and in the report page. A non-canonical encoding of
 * such a point never passes the byte-exact check anyway.
 */
export function hasSmallOrderR(signature: Uint8Array): boolean {
  const r = signature.subarray(0, 32);
  return SMALL_ORDER_BYTES.some((encoding) => bytesEqual(r, encoding));
}
