import type { Redactor } from '../process/redact.js';
import type { DurableSession } from '../runtime/durable.js';

/** The run a publisher is asked to publish: only ever a PASS. */
export interface PassedRun {
  sessionId: string;
  contractId: string;
  title: string | null;
  /** The commit the run started from, and the verdict entry's hash (what the PASS is signed as). */
  startSha: string | null;
  verdictHash: string;
}

/**
 * What a host does with the changes of a passing run (push them to the PR branch, open a pull
 * request). Its result is what the ledger records: `status` (`pushed`, `pull_request_opened`,
 * `no_changes`, `skipped`, `dry_run`, `failed`), `commit`, `branch`, `pull_request_url`, `detail`.
 */
export interface ChangesPublisher {
  mode: string;
  publish: (run: PassedRun) => Promise<Record<string, unknown>>;
}

/**
 * Publishes a PASS as one memoised side effect (`changes_published`), journaled with its signed
 * provenance before `run_completed`: a resumed or replayed run never commits, pushes or opens a
 * pull request twice. A publisher that throws is recorded as `failed` (redacted) rather than
 * turning a signed PASS into a crashed run; the host decides how loudly to fail.
 */
export async function publishPassingRun(
  session: DurableSession,
  publisher: ChangesPublisher,
  run: PassedRun,
  redact: Redactor,
): Promise<Record<string, unknown>> {
  const { result } = await session.sideEffect(
    'changes_published',
    'publish_changes',
    { mode: publisher.mode, verdict_hash: run.verdictHash },
    async () => {
      try {
        return await publisher.publish(run);
      } catch (error) {
        return { status: 'failed', detail: redact((error as Error).message ?? String(error)) };
      }
    },
  );
  return result;
}
