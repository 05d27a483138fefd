#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/attest/errors.ts
var AttestationRefusedError = class extends Error {
  name = "AttestationRefusedError";
  status;
  constructor(message, status) {
    super(message);
    this.status = status;
  }
};
var AttestationFormatError = class extends Error {
  name = "AttestationFormatError";
};

export {
  AttestationRefusedError,
  AttestationFormatError
};
