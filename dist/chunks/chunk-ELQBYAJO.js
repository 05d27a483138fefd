#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/anchor/errors.ts
var ProofError = class extends Error {
  name = "ProofError";
};
var NoteError = class extends Error {
  name = "NoteError";
};
var LogError = class extends Error {
  name = "LogError";
};
var ForkError = class extends Error {
  constructor(message, earlier, later) {
    super(message);
    this.earlier = earlier;
    this.later = later;
  }
  earlier;
  later;
  name = "ForkError";
};
var InconsistentCheckpointError = class extends ForkError {
  name = "InconsistentCheckpointError";
};

// src/core/ledger/errors.ts
var CanonicalJsonError = class extends Error {
  name = "CanonicalJsonError";
};
var KeyError = class extends Error {
  name = "KeyError";
};
var LedgerError = class extends Error {
  name = "LedgerError";
};
var BundleFormatError = class extends Error {
  name = "BundleFormatError";
};

export {
  ProofError,
  NoteError,
  LogError,
  ForkError,
  InconsistentCheckpointError,
  CanonicalJsonError,
  KeyError,
  LedgerError,
  BundleFormatError
};
