/**
 * The names Truss gives what it leaves on GitHub, in one place: a later job, the App and users'
 * scripts (`gh run download -n truss-ledger-<session>`) find a run's evidence by them.
 */

/** Prefix of a run's workflow artifact; the session id follows. */
export const LEDGER_ARTIFACT_PREFIX = 'truss-ledger-';

/** The branch signed bundles and the transparency log are committed to, unless configured otherwise. */
export const DEFAULT_LEDGER_BRANCH = 'truss-ledger';

/** The workflow artifact holding a run's ledger: bundle, SQLite snapshot, HTML report. */
export function ledgerArtifactName(sessionId: string): string {
  return `${LEDGER_ARTIFACT_PREFIX}${sessionId}`;
}

/** The bundle file inside that artifact (and on the ledger branch). */
export function ledgerBundleFileName(sessionId: string): string {
  return `${ledgerArtifactName(sessionId)}.json`;
}

/** The session id an artifact name carries, or null when it is not a Truss ledger artifact. */
export function sessionIdOfArtifact(name: string): string | null {
  return name.startsWith(LEDGER_ARTIFACT_PREFIX) ? name.slice(LEDGER_ARTIFACT_PREFIX.length) : null;
}

/** The self-verifying HTML report written beside the bundle on the runner. */
export function htmlReportFileName(sessionId: string): string {
  return `truss-report-${sessionId}.html`;
}

/** The HTML report's name inside the ledger artifact. */
export const REPORT_FILE_NAME = 'report.html';

/** The SQLite ledger: on the runner (in the output directory) and its snapshot inside the artifact. */
export const LEDGER_DB_FILE_NAME = 'ledger.db';

/** The file in a suspended run's artifact that carries its workspace changes to the resuming job. */
export const WORKDIR_PATCH_FILE_NAME = 'workdir.patch';

/**
 * The verdict attestations written beside a bundle (`<bundle>.intoto.json`, `<bundle>.sigstore.json`)
 * and shipped in its artifact.
 */
export function attestationPaths(bundlePath: string): { intoto: string; sigstore: string } {
  const stem = bundlePath.replace(/\.json$/, '');
  return { intoto: `${stem}.intoto.json`, sigstore: `${stem}.sigstore.json` };
}
