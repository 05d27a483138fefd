#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  WorkdirMismatchError
} from "./chunk-SHJ3LXEZ.js";
import "./chunk-WJIJ6MXK.js";
import "./chunk-AJ3QAO7O.js";
import {
  SessionBusyError
} from "./chunk-EDZTZSS6.js";
import {
  ProviderError
} from "./chunk-IOHTX63S.js";
import "./chunk-KG2AQPK6.js";
import {
  BenchInputError
} from "./chunk-KJPRLMW2.js";
import "./chunk-336NPC2I.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-FPQUWZZ6.js";
import "./chunk-L3YLJRNF.js";
import {
  ContractError,
  GitRefError,
  MemoryError
} from "./chunk-TYIE4T23.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-MGMY4IXF.js";
import {
  AttestationFormatError
} from "./chunk-Z463HI66.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import "./chunk-ODXQUIKJ.js";
import {
  OutputPathError
} from "./chunk-YFM4MSV3.js";
import {
  LogError,
  NoteError,
  ProofError
} from "./chunk-N6HJ33HY.js";
import "./chunk-AG2WE44L.js";
import {
  IsolationSetupError,
  IsolationUnavailableError
} from "./chunk-XUVJJB7O.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError
} from "./chunk-GLJ3G2IB.js";
import "./chunk-GYY57NMV.js";
import "./chunk-PUVBKPPA.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/error-exit.ts
function unusableDatabase(error) {
  const { name, code } = error ?? {};
  return name === "SqliteError" && typeof code === "string" && /^SQLITE_(CORRUPT|NOTADB)(_|$)/.test(code);
}
function reportError(error, io) {
  const inputErrors = [
    SessionBusyError,
    OutputPathError,
    WorkdirMismatchError,
    BundleFormatError,
    KeyError,
    LedgerError,
    CanonicalJsonError,
    ContractError,
    ProviderError,
    GitRefError,
    AttestationFormatError,
    LogError,
    NoteError,
    ProofError,
    IsolationUnavailableError,
    IsolationSetupError,
    BenchInputError,
    MemoryError
  ];
  if (inputErrors.some((type) => error instanceof type)) {
    io.stderr(`truss: ${error.message}
`);
    return EXIT.input;
  }
  if (unusableDatabase(error)) {
    io.stderr(
      `truss: the ledger database is damaged or not a database (${error.code}: ${error.message}); restore it from a backup or re-import an exported bundle
`
    );
    return EXIT.input;
  }
  io.stderr(
    `truss: unexpected error: ${error?.message ?? String(error)}
Please report it with the command you ran.
`
  );
  return EXIT.failed;
}
export {
  reportError
};
