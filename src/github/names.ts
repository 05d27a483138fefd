import { createHash } from 'node:crypto';
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
 * Beside `WORKDIR_PATCH_FILE_NAME`: the session key's signed statement naming the patch's sha256 and
 * the ledger head it was captured at, so a resuming job applies no workspace changes the run did not
 * sign (src/github/workdir-patch.ts).
 */
export const WORKDIR_PATCH_STATEMENT_FILE_NAME = 'workdir.patch.sig.json';

/**
 * The verdict attestations written beside a bundle (`<bundle>.intoto.json`, `<bundle>.sigstore.json`)
 * and shipped in its artifact.
 */
export function attestationPaths(bundlePath: string): { intoto: string; sigstore: string } {
  const stem = bundlePath.replace(/\.json$/, '');
  return { intoto: `${stem}.intoto.json`, sigstore: `${stem}.sigstore.json` };
}

/**
 * Prefix of a fan-out leg's workflow artifact (docs/fanout.md "Fan-out across runners"):
 * `truss-leg-<n>` for attempt n, `truss-leg-<arm>-<n>` for repeat n of an eval arm.
 */
export const LEG_ARTIFACT_PREFIX = 'truss-leg-';

/** The artifact a leg uploads: attempt `attempt` of a fan-out, or repeat `attempt` of eval arm `arm`. */
export function legArtifactName(attempt: number, arm?: string | null): string {
  return `${LEG_ARTIFACT_PREFIX}${arm ? `${arm}-` : ''}${attempt}`;
}

/**
 * The attempt (and eval arm) an artifact name claims, or null when it is not a leg artifact. Only a
 * claim: the reducer admits a leg only when its signed `run_started` names the same attempt.
 */
export function legOfArtifact(name: string): { attempt: number; arm: string | null } | null {
  if (!name.startsWith(LEG_ARTIFACT_PREFIX)) return null;
  const match = /^(?:(.+)-)?([1-9]\d{0,5})$/.exec(name.slice(LEG_ARTIFACT_PREFIX.length));
  return match ? { attempt: Number(match[2]), arm: match[1] ?? null } : null;
}

/** The leg's executor diff inside its artifact, beside the bundle. */
export const LEG_PATCH_FILE_NAME = 'leg.patch';

/**
 * The session id of the parent a workflow run's legs belong to: derived from the run and the
 * contract, so every leg signs it into its `run_started` before the reducer job writes that session,
 * and a leg of another workflow run or contract is refused. Same input, same id (a name-based UUID).
 */
export function fanoutSessionId(runUrl: string, contract: string, kind: 'fanout' | 'eval'): string {
  const hex = createHash('sha256').update(`truss ${kind}\n${runUrl}\n${contract}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
