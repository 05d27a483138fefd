import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { type LedgerStore, readEntry, type Signer } from '../core/ledger/index.js';
import {
  LEDGER_DB_FILE_NAME,
  ledgerArtifactName,
  REPORT_FILE_NAME,
  WORKDIR_PATCH_FILE_NAME,
  WORKDIR_PATCH_STATEMENT_FILE_NAME,
} from '../github/names.js';
import type { PublishEvidence } from '../github/publish-run.js';
import { captureWorkdirPatch, signWorkdirPatch } from '../github/workdir-patch.js';
import type { EventContext } from './event-context.js';

/** The commit a session's run started from, as its signed `run_started` names it (null without git). */
export function startedHeadSha(store: LedgerStore, sessionId: string): string | null {
  const first = store.entry(sessionId, 0);
  return first ? (readEntry(first, 'run_started').git?.head_sha ?? null) : null;
}

/**
 * Uploads the ledger artifact (`ledgerArtifactName`: bundle JSON + SQLite snapshot + the HTML report
 * as `REPORT_FILE_NAME` + any extra files such as the verdict attestations) as a workflow artifact.
 * Outside a runner (no ACTIONS_RUNTIME_TOKEN) it returns null: the bundle stays on disk and in the
 * outputs. A suspended run also carries its workspace changes (`WORKDIR_PATCH_FILE_NAME`), which a
 * resuming job applies to a fresh checkout before it replays the journal, with the session key's
 * signed statement of the patch's hash at the snapshot's head (`WORKDIR_PATCH_STATEMENT_FILE_NAME`).
 */
export function artifactPublisher(options: {
  store: LedgerStore;
  context: EventContext;
  env: Record<string, string | undefined>;
  warn: (message: string) => void;
  /** The workspace, whose changes a suspended run's artifact carries. */
  workdir?: string | undefined;
  /** The session key, which signs a suspended run's workspace changes (with `workdir`). */
  signer?: Signer | undefined;
  /** Another artifact name than `ledgerArtifactName(session)` (a fan-out leg's `truss-leg-<n>`). */
  name?: string | undefined;
  /** Ship the SQLite snapshot (default); a leg ships its bundle only. */
  includeDb?: boolean | undefined;
}): PublishEvidence {
  return async ({ bundlePath, sessionId, suspended, reportPath, extraFiles = [] }) => {
    const name = options.name ?? ledgerArtifactName(sessionId);
    if (!options.env.ACTIONS_RUNTIME_TOKEN) {
      options.warn(
        `artifact upload skipped (no ACTIONS_RUNTIME_TOKEN: not on an Actions runner); the bundle is at ${bundlePath}`,
      );
      return null;
    }
    const dir = join(options.context.tempDir, name);
    mkdirSync(dir, { recursive: true });
    const bundleCopy = join(dir, basename(bundlePath));
    copyFileSync(bundlePath, bundleCopy);
    const files = [bundleCopy];
    if (options.includeDb !== false) {
      const dbCopy = join(dir, LEDGER_DB_FILE_NAME);
      await options.store.backupTo(dbCopy);
      files.push(dbCopy);
    }
    const startSha = startedHeadSha(options.store, sessionId);
    if (suspended && options.workdir && startSha) {
      const patch = await captureWorkdirPatch(options.workdir, startSha);
      const patchPath = join(dir, WORKDIR_PATCH_FILE_NAME);
      writeFileSync(patchPath, patch);
      files.push(patchPath);
      // The snapshot above ends at this head: nothing appends between the backup and here.
      const session = options.store.session(sessionId);
      if (options.signer && session?.head_hash && session.public_key === options.signer.publicKeyHex) {
        const statementPath = join(dir, WORKDIR_PATCH_STATEMENT_FILE_NAME);
        const head = { sessionId, seq: session.entries - 1, hash: session.head_hash };
        writeFileSync(statementPath, signWorkdirPatch(options.signer, head, patch));
        files.push(statementPath);
      }
    }
    if (reportPath) {
      const reportCopy = join(dir, REPORT_FILE_NAME);
      copyFileSync(reportPath, reportCopy);
      files.push(reportCopy);
    }
    for (const file of extraFiles) {
      const copy = join(dir, basename(file));
      copyFileSync(file, copy);
      files.push(copy);
    }
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const uploaded = await new DefaultArtifactClient().uploadArtifact(name, files, dir);
    const { serverUrl, owner, repo, runId } = options.context;
    const id = uploaded.id ?? null;
    return {
      name,
      id,
      url: id === null ? null : `${serverUrl}/${owner}/${repo}/actions/runs/${runId}/artifacts/${id}`,
    };
  };
}
