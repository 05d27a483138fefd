#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  resumeSession
} from "./chunk-K4FTY3SN.js";
import "./chunk-7QL52PTT.js";
import "./chunk-RBNXBNDD.js";
import "./chunk-ZYZHJ3CB.js";
import "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import "./chunk-KKDUZS42.js";
import "./chunk-RMNTHYXM.js";
import "./chunk-BTXOVFDS.js";
import "./chunk-WYRVO7HT.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-25BZ7EXM.js";
import "./chunk-WJWQSWAM.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-XIQFOUBC.js";
import "./chunk-RH3PQHM7.js";
import {
  APPROVAL_SIGNAL
} from "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import {
  ledgerDbPath
} from "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  LedgerStore
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/signal.ts
import { resolve } from "node:path";
var SIGNAL_HELP = `Usage: truss signal SESSION NAME [PAYLOAD] [options]

Delivers an external signal to a run waiting for it, then resumes the run. The signal is queued in
the ledger database and becomes a signed signal_received entry when the run consumes it at its wait
point. PAYLOAD is parsed as JSON when it is valid JSON, else kept as a string. A signal never
releases an approval gate: only a signed approved review does (\`truss review approve\`).

Options:
  --workdir DIR        the repository the run works in (default: current directory)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           the session's signing key (default: TRUSS_SIGNING_KEY, else the per-install key)
  --no-resume          only queue the signal; resume later with \`truss resume\`
  --bundle FILE        where to write the ledger bundle
  --verify-all         verify every signature before resuming (see \`truss resume --help\`)
  --json               print the outcome as JSON

Exit codes: as \`truss resume\` (6: still suspended); 0 with --no-resume once queued.`;
var SIGNAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
async function signal(args, io) {
  const { values, positionals } = parseCommandArgs("signal", args, {
    workdir: { type: "string" },
    db: { type: "string" },
    key: { type: "string" },
    "no-resume": { type: "boolean" },
    "verify-all": { type: "boolean" },
    bundle: { type: "string" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, SIGNAL_HELP);
  if (positionals.length < 2 || positionals.length > 3)
    throw new UsageError("signal: expected SESSION NAME [PAYLOAD]");
  const [sessionId, name, rawPayload] = positionals;
  if (!SIGNAL_NAME.test(name))
    throw new UsageError('signal: NAME must be letters, digits, ".", "_", ":" or "-" (at most 128)');
  const payload = rawPayload === void 0 ? null : parsePayload(rawPayload);
  const queue = (store) => {
    const queued = store.queueSignal(sessionId, name, payload);
    io.stderr(`queued signal ${name} for ${sessionId}
`);
    if (name === APPROVAL_SIGNAL) {
      io.stderr(
        `note: a signal does not release an approval gate; record a signed review with \`truss review approve ${sessionId} --key REVIEWER_KEY\`
`
      );
    }
    return queued;
  };
  if (values["no-resume"]) {
    const workdir = resolve(io.cwd, values.workdir ?? ".");
    const store = LedgerStore.open(ledgerDbPath(io, values.db, workdir), {
      receipts: checkReceipt,
      mustExist: true
    });
    try {
      const queued = queue(store);
      if (values.json) io.stdout(`${JSON.stringify({ session_id: sessionId, queued }, null, 2)}
`);
    } finally {
      store.close();
    }
    return 0;
  }
  return resumeSession(io, {
    sessionId,
    workdir: values.workdir,
    db: values.db,
    key: values.key,
    bundle: values.bundle,
    verifyAll: Boolean(values["verify-all"]),
    json: Boolean(values.json),
    before: (store) => {
      queue(store);
    }
  });
}
function parsePayload(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
export {
  SIGNAL_HELP,
  signal
};
