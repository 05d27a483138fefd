import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';

type Point = InstanceType<typeof ed.Point>;

const N = ed.Point.CURVE().n;
const WINDOWS = 33;
const WINDOW_POINTS = 128;

/**
 * Ed25519 verification (RFC 8032, @noble's strict `zip215: false` branch, step for step) for many
 * signatures by ONE public key — a ledger is signed by its session key — with the multiples of that
 * key precomputed once in fixed 8-bit windows, as @noble does for the base point. [k]A then costs
 * ~33 point additions instead of a full variable-base multiplication, which makes the in-browser
 * check of a long ledger several times faster. Every other step (strict decoding, the small-order
 * key refusal, s < L, the cofactored group equation) is @noble's; a property test holds the result
 * equal to `ed.verify(…, { zip215: false })` on valid, mutated and malformed inputs.
 */
export class FixedKeyVerifier {
  readonly #publicKey: Uint8Array;
  readonly #table: Point[] | null;

  constructor(publicKey: Uint8Array) {
    this.#publicKey = Uint8Array.from(publicKey);
    let A: Point | null = null;
    try {
      A = ed.Point.fromBytes(this.#publicKey, false);
      if (A.isSmallOrder()) A = null;
    } catch {
      A = null;
    }
    this.#table = A ? windowTable(A) : null;
  }

  verify(signature: Uint8Array, message: Uint8Array): boolean {
    if (!this.#table || signature.length !== 64) return false;
    let R: Point;
    let SB: Point;
    const r = signature.subarray(0, 32);
    try {
      R = ed.Point.fromBytes(r, false);
      const s = littleEndian(signature.subarray(32, 64));
      if (s >= N) return false;
      SB = s === 0n ? ed.Point.ZERO : ed.Point.BASE.multiply(s, false);
    } catch {
      return false;
    }
    const k = ed.etc.mod(littleEndian(sha512(ed.etc.concatBytes(r, this.#publicKey, message))), N);
    const RkA = R.add(multiplyWindowed(this.#table, k));
    return RkA.subtract(SB).clearCofactor().is0();
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
