import { bytesToHex } from './encoding.js';
import { tryReadEntry } from './entry-kinds.js';

/**
 * What a verifier can check about a maintainer's memory approval (docs/memory.md "A maintainer's own
 * key on GitHub") from its own session, without the memory it approves: a `memory_approval` sits in a
 * session of its own (`run_started.kind` "memory_approval"), once, about the entry that `run_started`
 * names — the same `memory_id`, the same kind, key, body hash and producer — and that entry's body
 * hashes to `body_sha256` and its kind ‖ key ‖ body to `memory_id`. Whether the approval counts for a
 * promotion (who signed it, which decision it follows) is the memory view's to decide.
 */
export class MemoryApprovalCheck {
  #started: Record<string, unknown> | null = null;
  #approved = false;

  /** Looks at one entry in chain order; says why it is inconsistent, if it is. */
  observe(
    entry: { seq: number; kind: string; payload: Record<string, unknown> },
    sha256: (bytes: Uint8Array) => Uint8Array,
    fail: (why: string) => void,
  ): void {
    if (entry.seq === 0 && entry.kind === 'run_started') this.#started = entry.payload;
    if (entry.kind !== 'memory_approval') return;
    const why = this.#check(entry, sha256);
    if (why) fail(`seq ${entry.seq}: memory_approval ${why}`);
  }

  #check(
    entry: { seq: number; kind: string; payload: Record<string, unknown> },
    sha256: (bytes: Uint8Array) => Uint8Array,
  ): string | null {
    const read = tryReadEntry(entry, 'memory_approval');
    if ('error' in read) return read.error.replace(/^memory_approval /, '');
    const approval = read.payload;
    const started = this.#started;
    if (started?.kind !== 'memory_approval')
      return 'is not in an approval session (run_started.kind is not memory_approval)';
    if (this.#approved) return 'is the second approval in its session (one session, one approval)';
    this.#approved = true;
    if (started.memory_id !== approval.memory_id)
      return `approves ${approval.memory_id.slice(0, 12)}, but its session is about ${String(started.memory_id).slice(0, 12)}`;
    const pinned = (started.entry ?? {}) as Record<string, unknown>;
    const hex = (text: string) => bytesToHex(sha256(new TextEncoder().encode(text)));
    if (
      pinned.kind !== approval.entry.kind ||
      pinned.key !== approval.entry.key ||
      pinned.body_sha256 !== approval.entry.body_sha256 ||
      JSON.stringify(pinned.produced_by) !== JSON.stringify(approval.entry.produced_by)
    )
      return 'pins another entry than its session names';
    if (typeof pinned.body !== 'string' || hex(pinned.body) !== approval.entry.body_sha256)
      return 'names a body hash that is not the hash of the body its session carries';
    if (hex(`${approval.entry.kind}\0${approval.entry.key}\0${pinned.body}`) !== approval.memory_id)
      return "names an id that is not the hash of the entry's kind, key and body";
    return null;
  }
}
