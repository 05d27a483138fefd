import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { LedgerStore } from '../core/ledger/index.js';
import { type PublishedArtifact, type PublishFiles, REPORT_FILE_NAME } from '../github/run-and-report.js';
import type { EventContext } from './event-context.js';

/**
 * Uploads `truss-ledger-<session>` (bundle JSON + SQLite snapshot + the HTML report as `report.html`)
 * as a workflow artifact. Outside
 * a runner (no ACTIONS_RUNTIME_TOKEN) it returns null: the bundle stays on disk and in the outputs.
 */
export function artifactPublisher(options: {
  store: LedgerStore;
  context: EventContext;
  env: Record<string, string | undefined>;
  warn: (message: string) => void;
}): (files: PublishFiles) => Promise<PublishedArtifact | null> {
  return async ({ bundlePath, sessionId, reportPath }) => {
    const name = `truss-ledger-${sessionId}`;
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
    const dbCopy = join(dir, 'ledger.db');
    await options.store.backupTo(dbCopy);
    const files = [bundleCopy, dbCopy];
    if (reportPath) {
      const reportCopy = join(dir, REPORT_FILE_NAME);
      copyFileSync(reportPath, reportCopy);
      files.push(reportCopy);
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
