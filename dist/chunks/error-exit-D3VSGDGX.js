#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  WorkdirMismatchError
} from "./chunk-YVNRFLTF.js";
import "./chunk-KI7YOLPB.js";
import "./chunk-ZTB3X2NC.js";
import {
  SessionBusyError
} from "./chunk-5QEB65D5.js";
import "./chunk-336NPC2I.js";
import {
  ProviderError
} from "./chunk-IOHTX63S.js";
import "./chunk-E4MNW55Q.js";
import {
  BenchInputError
} from "./chunk-ZLJPY5MM.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-CKL2ZK2O.js";
import "./chunk-C6SZR2MA.js";
import {
  ContractError,
  GitRefError,
  MemoryError
} from "./chunk-FB7HZSYU.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-VYBQ443J.js";
import {
  AttestationFormatError
} from "./chunk-GIEN6X5M.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  OutputPathError
} from "./chunk-YFM4MSV3.js";
import {
  LogError,
  NoteError,
  ProofError
} from "./chunk-2GTXQC2F.js";
import "./chunk-AG2WE44L.js";
import {
  IsolationSetupError,
  IsolationUnavailableError
} from "./chunk-YLMVJWUT.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError
} from "./chunk-7PZVV7UJ.js";
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
