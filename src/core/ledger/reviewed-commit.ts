import { readPayload } from './entry-kinds.js';

/**
 * The commit a session's run judged, read as entries go by: its verdict's `git.head_sha` (the head
 * after the executor's work), else the one its `run_started` recorded; null when it names none. One
 * definition for the verifiers, the report page and the sign-off hosts (docs/ledger.md "Human
 * sign-off"), so they agree on which commit a sign-off has to name.
 */
export class JudgedCommit {
  #verdict: string | null = null;
  #started: string | null | undefined;

  see(kind: string, payload: unknown): void {
    if (kind === 'verdict') {
      const read = readPayload('verdict', payload);
      this.#verdict = ('payload' in read ? read.payload.git?.head_sha : null) ?? null;
    } else if (kind === 'run_started' && this.#started === undefined) {
      const read = readPayload('run_started', payload);
      this.#started = ('payload' in read ? read.payload.git?.head_sha : null) ?? null;
    }
  }

  get value(): string | null {
    return this.#verdict ?? this.#started ?? null;
  }
}

/** The judged commit of a whole list of entries (see JudgedCommit). */
export function judgedCommitOf(entries: Iterable<{ kind: string; payload: unknown }>): string | null {
  const judged = new JudgedCommit();
  for (const entry of entries) judged.see(entry.kind, entry.payload);
  return judged.value;
}

/**
 * Whether a sign-off names the commit its reviewer looked at (`source.commit_sha`: a pull-request
 * review's commit as the App and the Action's `mode: review` sign it, `truss review --commit`) and the
 * run names another one as judged: it vouches for a change the evidence is not about, so it is stale
 * whatever head hash it attests (docs/ledger.md "Human sign-off"). A sign-off that names no commit, or
 * a run that names none, is not judged by this: there is nothing to compare.
 */
export function reviewsAnotherCommit(source: unknown, judged: string | null): boolean {
  if (typeof source !== 'object' || source === null || judged === null) return false;
  const commit = (source as { commit_sha?: unknown }).commit_sha;
  return typeof commit === 'string' && commit !== judged;
}
