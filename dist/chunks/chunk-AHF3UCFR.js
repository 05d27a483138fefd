#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/cli/exit-codes.ts
var EXIT = {
  ok: 0,
  /** Verification failed (tampered or forged evidence); `truss run`: verdict FAIL. */
  failed: 1,
  /** `truss run`: verdict UNVERIFIABLE. */
  unverifiable: 2,
  /** Input or configuration could not be used: malformed contract, bundle or key, missing file, unknown session. */
  input: 3,
  /** Chain intact but not signed by a pinned key. */
  integrityOnly: 4,
  /** Chain intact but the run has no terminal entry (unfinished or truncated). */
  incomplete: 5,
  /** `truss run|resume|signal`: the run is suspended (approval gate, signal or timer); nothing failed. */
  suspended: 6,
  /** Bad command line (sysexits EX_USAGE). */
  usage: 64,
  /** `truss run|resume|signal` stopped by SIGINT (Ctrl-C) after signing run_failed: 128 + 2, as shells report it. */
  interrupted: 130,
  /** The same stopped by SIGTERM: 128 + 15. */
  terminated: 143
};

export {
  EXIT
};
