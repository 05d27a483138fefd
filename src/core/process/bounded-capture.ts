/** What a check's stdout or stderr looked like, with memory bounded however much it printed. */
export interface CapturedStream {
  /** The first `maxCaptureBytes` bytes of the stream, exactly as produced. */
  bytes: Buffer;
  /** Every byte the stream produced, including those past the cap. */
  totalBytes: number;
  /** True when `totalBytes` exceeds what `bytes` holds. */
  truncated: boolean;
  /** The last `tailBytes` bytes decoded as UTF-8; invalid sequences become U+FFFD. */
  tail: string;
  /** True when `tail` begins mid-stream (the stream was longer than the tail window). */
  tailCut?: boolean;
}

/**
 * Where the windows of a captured stream were cut, for the redactor (redact.ts, `WindowCut`): a
 * secret printed across the capture limit or the start of the tail is only partly in the window.
 */
export function streamCuts(captured: CapturedStream): { bytes: { end: boolean }; tail: { start: boolean } } {
  return {
    bytes: { end: captured.truncated },
    tail: { start: captured.tailCut ?? captured.totalBytes > Buffer.byteLength(captured.tail) },
  };
}

export const DEFAULT_MAX_CAPTURE_BYTES = 16 * 1024 * 1024;
export const DEFAULT_TAIL_BYTES = 4096;

/**
 * Accumulates a byte stream: keeps at most `maxBytes` of its head and `tailBytes` of its tail, and
 * counts the rest. Memory stays within `maxBytes + tailBytes` plus one chunk.
 */
export class BoundedCapture {
  readonly #maxBytes: number;
  readonly #tailBytes: number;
  readonly #head: Buffer[] = [];
  #headLength = 0;
  #tail: Buffer[] = [];
  #tailLength = 0;
  #total = 0;

  constructor(maxBytes: number = DEFAULT_MAX_CAPTURE_BYTES, tailBytes: number = DEFAULT_TAIL_BYTES) {
    this.#maxBytes = nonNegativeInteger(maxBytes, 'maxCaptureBytes');
    this.#tailBytes = nonNegativeInteger(tailBytes, 'tailBytes');
  }

  get totalBytes(): number {
    return this.#total;
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.#total += chunk.length;

    const room = this.#maxBytes - this.#headLength;
    if (room > 0) {
      // Copy a partial chunk so the part past the cap can be collected.
      const kept = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
      this.#head.push(kept);
      this.#headLength += kept.length;
    }

    if (this.#tailBytes === 0) return;
    if (chunk.length >= this.#tailBytes) {
      this.#tail = [Buffer.from(chunk.subarray(chunk.length - this.#tailBytes))];
      this.#tailLength = this.#tailBytes;
      return;
    }
    this.#tail.push(chunk);
    this.#tailLength += chunk.length;
    for (let first = this.#tail[0]; first && this.#tailLength - first.length >= this.#tailBytes; ) {
      this.#tail.shift();
      this.#tailLength -= first.length;
      first = this.#tail[0];
    }
  }

  result(): CapturedStream {
    const bytes = Buffer.concat(this.#head, this.#headLength);
    const tailWindow = Buffer.concat(this.#tail, this.#tailLength);
    const tailBytes = tailWindow.subarray(Math.max(0, tailWindow.length - this.#tailBytes));
    return {
      bytes,
      totalBytes: this.#total,
      truncated: this.#total > bytes.length,
      tail: decodeTail(tailBytes, this.#total > tailBytes.length),
      tailCut: this.#total > tailBytes.length,
    };
  }
}

/**
 * Decodes a tail window as UTF-8, lossily. When the window starts mid-stream it may begin inside a
 * multi-byte character; those orphaned continuation bytes (at most 3) are dropped rather than shown
 * as U+FFFD. Never throws: any other invalid sequence becomes U+FFFD.
 */
export function decodeTail(window: Uint8Array, startsMidStream: boolean): string {
  let start = 0;
  if (startsMidStream) {
    while (start < 3 && start < window.length && ((window[start] ?? 0) & 0xc0) === 0x80) start++;
  }
  return Buffer.from(window.buffer, window.byteOffset + start, window.length - start).toString('utf8');
}

function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  return value;
}
