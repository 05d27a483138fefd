import { bytesToHex } from './encoding.js';
import { tryReadEntry } from './entry-kinds.js';

/**
 * Checks a `compaction_performed` entry against what a verifier can see without the store
 * (docs/context.md "What the ledger records"): the elided range is a range of earlier entries that
 * starts after the range the previous compaction elided; in `summarize` mode the summary was written
 * by the `model_result` right before this entry (`purpose: "context_summary"`; annotations such as
 * human reviews may sit between them), and `summary_sha256`
 * is the SHA-256 of that answer's text. Returns what is wrong, or null. `previous` is the last
 * non-annotation entry before this one; `lastToSeq` the end of the previous compaction's range (-1 for none).
 */
export function checkCompaction(
  seq: number,
  p: Record<string, unknown>,
  previous: { seq: number; kind: string; payload: Record<string, unknown> } | null,
  lastToSeq: number,
  sha256: (bytes: Uint8Array) => Uint8Array,
): string | null {
  const where = `seq ${seq}: compaction_performed`;
  const range = isObject(p.elided_range) ? p.elided_range : {};
  const from = range.from_seq;
  const to = range.to_seq;
  if (!isSeq(from) || !isSeq(to) || from > to || to >= seq) {
    return `${where} elides ${String(from)}…${String(to)}, which is not a range of earlier entries`;
  }
  if (from <= lastToSeq) {
    return `${where} elides from seq ${from}, inside the range an earlier compaction already elided (up to seq ${lastToSeq})`;
  }
  for (const field of ['before_tokens', 'after_tokens'] as const) {
    if (!isSeq(p[field])) return `${where} ${field} is not a token count`;
  }
  const policy = isObject(p.policy) ? p.policy : {};
  if (policy.mode !== 'summarize' && policy.mode !== 'evict') {
    return `${where} policy.mode ${JSON.stringify(policy.mode ?? null)} is not summarize or evict`;
  }
  if (typeof p.summary_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(p.summary_sha256)) {
    return `${where} summary_sha256 is not a SHA-256`;
  }
  if (policy.mode === 'evict') return null;
  if (
    !previous ||
    p.summary_seq !== previous.seq ||
    previous.kind !== 'model_result' ||
    previous.payload.purpose !== 'context_summary'
  ) {
    return `${where} names summary_seq ${String(p.summary_seq)}, but the entry before it is not the summary call (a model_result with purpose context_summary)`;
  }
  const content = Array.isArray(previous.payload.content) ? previous.payload.content : [];
  const text = content
    .flatMap((block) =>
      isObject(block) && block.type === 'text' && typeof block.text === 'string' ? [block.text] : [],
    )
    .join('\n');
  if (bytesToHex(sha256(new TextEncoder().encode(text))) !== p.summary_sha256) {
    return `${where} summary_sha256 is not the hash of the summary the model_result at seq ${previous.seq} holds`;
  }
  return null;
}

/**
 * What a streaming verifier keeps to check compactions: the last non-annotation entry and where the
 * last compaction's range ended. `next` takes every non-annotation entry in order and calls `fail`
 * with what is wrong when it is a `compaction_performed` that does not hold.
 */
export class CompactionChecker {
  #previous: { seq: number; kind: string; payload: Record<string, unknown> } | null = null;
  #compactedTo = -1;

  next(
    entry: { seq: number; kind: string; payload: Record<string, unknown> },
    sha256: (bytes: Uint8Array) => Uint8Array,
    fail: (why: string) => void,
  ): void {
    if (entry.kind === 'compaction_performed') {
      // Read as its kind first (entry-kinds.ts), then what the fields must mean.
      const read = tryReadEntry(entry, 'compaction_performed');
      const error =
        'error' in read
          ? `seq ${entry.seq}: ${read.error}`
          : checkCompaction(entry.seq, read.payload, this.#previous, this.#compactedTo, sha256);
      if (error) fail(error);
      else this.#compactedTo = (entry.payload.elided_range as { to_seq: number }).to_seq;
    }
    this.#previous = entry;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
