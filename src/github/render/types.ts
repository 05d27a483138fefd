/** Where the evidence of a run can be found; everything a reader needs to check it themselves. */
export interface ReportLinks {
  /** Name of the workflow artifact holding the ledger bundle (`ledgerArtifactName` in names.ts). */
  artifactName?: string;
  artifactUrl?: string | null;
  /** The workflow run, e.g. `https://github.com/o/r/actions/runs/123`. */
  runUrl?: string | null;
  checkRunUrl?: string | null;
  /** File name of the bundle inside the artifact, as `truss verify` takes it. */
  bundleFileName: string;
  /** File name of the self-verifying HTML report inside the artifact, when one was written. */
  reportFileName?: string;
  /** Hex ed25519 public key the run signed with. */
  publicKey: string;
  keyId: string;
  /** True when the repository pins its keys in `.truss/trusted-keys` (verification can use it). */
  trustedKeysHint?: boolean;
  /** The comment trigger (`/truss` unless configured), for the commands a reader is shown. */
  trigger?: string;
}

/** A check run annotation, shaped as the GitHub Checks API takes it (send at most 50 per request). */
export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  title: string;
  message: string;
}

export interface CheckOutput {
  title: string;
  summary: string;
  text: string;
  annotations: Annotation[];
}

export interface CheckOutputOptions {
  /** Repository path of the contract file, for annotations; without it there are none. */
  contractPath?: string;
  /** 1-based line of each clause (keyed by clause index) in the contract file. */
  clauseLines?: Record<number, number>;
  /** The commit the check run is on: reviewer citations are annotations only on its lines (citations.ts). */
  headSha?: string;
}
