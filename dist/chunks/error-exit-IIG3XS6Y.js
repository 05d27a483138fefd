#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  WorkdirMismatchError
} from "./chunk-JBPNWQZG.js";
import "./chunk-2ZRP7NBR.js";
import "./chunk-ZTB3X2NC.js";
import {
  SessionBusyError
} from "./chunk-5JLJXYYV.js";
import "./chunk-336NPC2I.js";
import {
  ProviderError
} from "./chunk-IOHTX63S.js";
import "./chunk-WSZSBYNS.js";
import {
  BenchInputError
} from "./chunk-MOJR7DHN.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-WJS2LKOK.js";
import "./chunk-C6SZR2MA.js";
import {
  ContractError,
  GitRefError,
  MemoryError
} from "./chunk-DWXV3ZOF.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-LOPLN5NH.js";
import {
  AttestationFormatError
} from "./chunk-ZTATFPOU.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  OutputPathError
} from "./chunk-NNVJBYBP.js";
import {
  LogError,
  NoteError,
  ProofError
} from "./chunk-E76TN7SV.js";
import "./chunk-62ERCJKG.js";
import {
  IsolationSetupError,
  IsolationUnavailableError
} from "./chunk-7NHPTIWG.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError
} from "./chunk-XKP2K3GV.js";
import "./chunk-536WH4M2.js";
import "./chunk-TYQJLBAH.js";
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
