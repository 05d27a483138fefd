/**
 * Looks for fixed strings across a whole byte stream — including the part past the capture cap —
 * holding back only `longest needle - 1` bytes between chunks so matches spanning chunk boundaries
 * are found. Needles are compared as UTF-8 bytes: for any valid needle, finding its bytes in the raw
 * stream is the same as finding it in the stream decoded lossily as UTF-8.
 */
export class SubstringScanner {
  readonly #needles: Buffer[];
  readonly #found: boolean[];
  readonly #overlap: number;
  #carry: Buffer = Buffer.alloc(0);
  #pending: number;

  constructor(needles: readonly string[]) {
    this.#needles = needles.map((needle) => Buffer.from(needle, 'utf8'));
    this.#found = this.#needles.map((needle) => needle.length === 0);
    this.#pending = this.#found.filter((found) => !found).length;
    this.#overlap = Math.max(0, ...this.#needles.map((needle) => needle.length - 1));
  }

  push(chunk: Buffer): void {
    if (this.#pending === 0 || chunk.length === 0) return;
    const window = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    for (let i = 0; i < this.#needles.length; i++) {
      if (this.#found[i]) continue;
      const needle = this.#needles[i];
      if (needle && window.indexOf(needle) !== -1) {
        this.#found[i] = true;
        this.#pending--;
      }
    }
    const keep = Math.min(this.#overlap, window.length);
    this.#carry = keep === 0 ? Buffer.alloc(0) : Buffer.from(window.subarray(window.length - keep));
  }

  /** Whether needle `index` (in constructor order) occurred anywhere in the stream so far. */
  found(index: number): boolean {
    return this.#found[index] ?? false;
  }
}
