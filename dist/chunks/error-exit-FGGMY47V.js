#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  WorkdirMismatchError
} from "./chunk-7QL52PTT.js";
import "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import {
  ConfigLinkError
} from "./chunk-AUVPGGCK.js";
import {
  SessionBusyError
} from "./chunk-JPEGKRBQ.js";
import {
  ProviderError
} from "./chunk-IOHTX63S.js";
import "./chunk-BTXOVFDS.js";
import {
  BenchInputError
} from "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-XIQFOUBC.js";
import {
  ContractError,
  MemoryError
} from "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-7YTOE65D.js";
import {
  AttestationFormatError
} from "./chunk-P5SVQUCN.js";
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
} from "./chunk-RDZHSOJG.js";
import "./chunk-U6BMVJCF.js";
import {
  IsolationSetupError,
  IsolationUnavailableError
} from "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError
} from "./chunk-P2CFU6IE.js";
import {
  GitRefError
} from "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
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
    ConfigLinkError,
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
