#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

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
  CanonicalJsonError,
  KeyError,
  LedgerError,
  BundleFormatError
};
