/**
 * The names Truss gives what it leaves on GitHub, in one place: a later job, the App and users'
 * scripts (`gh run download -n truss-ledger-<session>`) find a run's evidence by them.
 */

/** Prefix of a run's workflow artifact; the session id follows. */
export const LEDGER_ARTIFACT_PREFIX = 'truss-ledger-';

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
