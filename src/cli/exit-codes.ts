/** Process exit codes; documented in docs/cli.md and `truss --help`. */
export const EXIT = {
  ok: 0,
  /** Verification failed: tampered, forged or unreadable-as-a-ledger evidence. */
  failed: 1,
  /** Bad command line. */
  usage: 2,
  /** Input could not be used: missing file, malformed bundle or key, unknown session. */
  input: 3,
  /** Chain intact but not signed by a pinned key. */
  integrityOnly: 4,
  /** Chain intact but the run has no terminal entry (unfinished or truncated). */
  incomplete: 5,
} as const;
