import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { hasSmallOrderR } from './ed25519-small-order.js';

type Point = InstanceType<typeof ed.Point>;

const N = ed.Point.CURVE().n;
const WINDOWS = 33;
const WINDOW_POINTS = 128;

/**
 * Ed25519 verification under the Truss signature rule (docs/ledger.md "Signature rule"): the same
 * set node:crypto/OpenSSL accepts — S < L, then the cofactorless check that the canonical encoding of
 * [S]B − [k]A equals R's 32 bytes — and additionally a public key that is a canonical encoding of a
 * point outside the small-order subgroup, and an R that is not a small-order point. Cofactored
 * checking (what @noble's strict verify does) would accept signatures whose R or A carries a
 * small-order component that `truss verify` rejects, so the page and the CLI would disagree on the
 * same bundle.
 *
 * Built for many signatures by ONE public key — a ledger is signed by its session key — with the
 * multiples of that key precomputed once in fixed 8-bit windows, as @noble does for the base point.
 * [k]A then costs ~33 point additions instead of a full variable-base multiplication, which makes the
 * in-browser check of a long ledger several times faster. test/ledger/ed25519-edge-vectors.test.ts
 * holds every path to test/fixtures/vectors/ed25519-edge.json, and a property test holds it equal to
 * node:crypto on valid, mutated and malformed inputs.
 */
export class FixedKeyVerifier {
  readonly #publicKey: Uint8Array;
  readonly #table: Point[] | null;

  constructor(publicKey: Uint8Array) {
    this.#publicKey = Uint8Array.from(publicKey);
    this.#table = isAcceptablePublicKey(this.#publicKey)
      ? windowTable(ed.Point.fromBytes(this.#publicKey, false))
      : null;
  }

  verify(signature: Uint8Array, message: Uint8Array): boolean {
    if (!this.#table || signature.length !== 64 || hasSmallOrderR(signature)) return false;
    const r = signature.subarray(0, 32);
    const s = littleEndian(signature.subarray(32, 64));
    if (s >= N) return false;
    const k = ed.etc.mod(littleEndian(sha512(ed.etc.concatBytes(r, this.#publicKey, message))), N);
    const SB = s === 0n ? ed.Point.ZERO : ed.Point.BASE.multiply(s, false);
    // Cofactorless and byte-exact, as OpenSSL: encode([S]B − [k]A) must equal R's bytes. Encodings
    // are canonical, so that holds exactly when R decodes strictly (y < p, no x = 0 with the sign bit)
    // to the same point; a projective comparison then avoids the field inversion encoding would cost.
    let R: Point;
    try {
      R = ed.Point.fromBytes(r, false);
    } catch {
      return false;
    }
    return SB.subtract(multiplyWindowed(this.#table, k)).equals(R);
  }
}

/**
 * The key half of the signature rule (docs/ledger.md "Signature rule"): 32 bytes that decode strictly
 * (y < p, no "negative zero" x) to a point that is not of small order. OpenSSL accepts small-order keys,
 * for which one signature verifies every message; every Truss path refuses them.
 */
export function isAcceptablePublicKey(publicKey: Uint8Array): boolean {
  if (publicKey.length !== 32) return false;
  try {
    return !ed.Point.fromBytes(publicKey, false).isSmallOrder();
  } catch {
    return false;
  }
}

function littleEndian(bytes: Uint8Array): bigint {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i] as number);
  return n;
}

/** [1..128]·2^(8w)·A for each of the 33 windows (signed digits need the extra window for carries). */
function windowTable(A: Point): Point[] {
  const points: Point[] = [];
  let p = A;
  for (let w = 0; w < WINDOWS; w++) {
    let b = p;
    points.push(b);
    for (let i = 1; i < WINDOW_POINTS; i++) {
      b = b.add(p);
      points.push(b);
    }
    p = b.double();
  }
  return points;
}

/** [n]A from the window table with signed 8-bit digits (variable time: verification handles public data only). */
function multiplyWindowed(table: Point[], scalar: bigint): Point {
  let n = scalar;
  let acc = ed.Point.ZERO;
  for (let w = 0; w < WINDOWS; w++) {
    let digit = Number(n & 255n);
    n >>= 8n;
    if (digit > 128) {
      digit -= 256;
      n += 1n;
    }
    if (digit === 0) continue;
    const point = table[w * WINDOW_POINTS + Math.abs(digit) - 1] as Point;
    acc = acc.add(digit < 0 ? point.negate() : point);
  }
  return acc;
}
