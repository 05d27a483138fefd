#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EVAL_PROMOTE_HELP,
  approve,
  listEntries,
  promote,
  revoke,
  showEntry
} from "./chunk-YKPRBOOW.js";
import "./chunk-WN7JW4AN.js";
import "./chunk-RBNXBNDD.js";
import "./chunk-HEEWDTAP.js";
import {
  MEMORY_PLACE_HELP,
  MEMORY_PLACE_OPTIONS,
  cliSigner,
  openMemoryPlace
} from "./chunk-ZYZHJ3CB.js";
import {
  findPlaybookFiles,
  importPlaybooks,
  parsePlaybook,
  playbookItems
} from "./chunk-DZTWCUQU.js";
import "./chunk-3Q7L5AON.js";
import "./chunk-TPFXBJ7Z.js";
import "./chunk-ZYEDR7CY.js";
import "./chunk-AUVPGGCK.js";
import "./chunk-JPEGKRBQ.js";
import "./chunk-23665E7C.js";
import "./chunk-BS4FZTIF.js";
import "./chunk-UYVQNA3J.js";
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
  MemoryError
} from "./chunk-P5AJ53RB.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-JRDODRIK.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import "./chunk-ZRA5FVYF.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-K4EWXBDF.js";
import "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  UsageError,
  emit,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/playbook.ts
import { resolve } from "node:path";
var PLAYBOOK_HELP = `Usage: truss playbook <command> [options]

Playbooks (docs/memory.md "Playbooks"): team procedures as governed memory. An imported playbook is
an unverified draft; only a signed promotion makes it verified, and a contract recalls verified
playbooks only when it opts in ([memory] playbooks = true).

Commands:
  import PATH                 .truss/playbooks/*.md, a SKILL.md, or a directory of them \u2192 unverified
                              playbook entries (one signed playbook_imported entry)
  list                        playbooks (verified and unverified; --verified-only, --all)
  show ID|KEY                 one playbook and its provenance
  promote ID|KEY              panel review (or --maintainer --reason TEXT, or --eval CONTRACT: promote
                              only if a paired eval passes more often with the playbook recalled)
  revoke ID|KEY --reason TEXT the playbook becomes stale, with a signed reason
  approve ID|KEY --reason TEXT --ledger-branch B --repo O/R
                              your signed approval of promoting it, for the promotion job on GitHub

Options:
${MEMORY_PLACE_HELP}
  --name KEY                  (import, one file) the entry's key (default: the front matter's name or the file name)
  --dry-run                   (import, promote, revoke) show what would be signed; write nothing
${EVAL_PROMOTE_HELP}
  (promote, revoke, approve and list take the options of \`truss memory promote|revoke|approve|list\`,
  --ledger-branch and --repo among them)`;
var LESSON_HELP = `Usage: truss lesson list [options]

Lessons extracted from run verdicts ([memory] lessons = "on") or proposed by agents: unverified
until a signed promotion (\`truss memory promote ID\`); only verified lessons are recalled.

Options:
${MEMORY_PLACE_HELP}
  --verified-only   only lessons whose signed verdict checks
  --all             also rejected, stale and superseded lessons
  --query TEXT      key or body contains TEXT`;
var PLAYBOOK = { name: "playbook", help: PLAYBOOK_HELP, kind: "playbook" };
var LESSON = { name: "lesson", help: LESSON_HELP, kind: "lesson" };
async function playbook(args, io) {
  const [command, ...rest] = args;
  if (!command || command === "--help" || command === "-h" || command === "help")
    return printHelp(io, PLAYBOOK_HELP);
  switch (command) {
    case "import":
      return importCommand(rest, io);
    case "list":
      return listEntries(rest, io, PLAYBOOK);
    case "show":
      return showEntry(rest, io, PLAYBOOK);
    case "promote":
      return promote(rest, io, PLAYBOOK);
    case "revoke":
      return revoke(rest, io, PLAYBOOK);
    case "approve":
      return approve(rest, io, PLAYBOOK);
    default:
      throw new UsageError(
        `playbook: unknown command "${command}"; use import, list, show, promote, revoke or approve`
      );
  }
}
function lesson(args, io) {
  const [command, ...rest] = args;
  if (!command || command === "--help" || command === "-h" || command === "help")
    return printHelp(io, LESSON_HELP);
  if (command !== "list")
    throw new UsageError(
      `lesson: unknown command "${command}"; use list (promote with truss memory promote)`
    );
  return listEntries(rest, io, LESSON);
}
function importCommand(args, io) {
  const { values, positionals } = parseCommandArgs("playbook import", args, {
    ...MEMORY_PLACE_OPTIONS,
    name: { type: "string" },
    "dry-run": { type: "boolean" }
  });
  if (values.help) return printHelp(io, PLAYBOOK_HELP);
  const [path] = requirePositionals("playbook import", positionals, ["PATH"]);
  const files = findPlaybookFiles(resolve(io.cwd, path));
  if (values.name && files.length > 1)
    throw new UsageError(`playbook import: --name names one playbook, and ${path} holds ${files.length}`);
  const playbooks = files.map(
    (file) => parsePlaybook(file, { cwd: io.cwd, key: values.name })
  );
  const keys = playbooks.map((p) => p.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice)
    throw new MemoryError(
      "bad_playbook",
      `two playbooks are named ${twice}; import them one by one with --name`
    );
  if (values["dry-run"]) {
    const items = playbookItems(playbooks);
    emit(
      io,
      Boolean(values.json),
      { dry_run: true, kind: "playbook_imported", entries: items },
      () => items.map(
        (item) => `dry run: would import ${item.path} as playbook ${item.key} (${item.memory_id.slice(0, 12)}), unverified`
      ).join("\n")
    );
    return EXIT.ok;
  }
  const place = openMemoryPlace(io, values, { write: true });
  try {
    const imported = importPlaybooks(cliSigner(io, place, values.key), playbooks);
    emit(
      io,
      Boolean(values.json),
      { session_id: imported.sessionId, entries: imported.items, created: imported.ingest.created },
      () => [
        ...imported.items.map(
          (item) => `${imported.ingest.created.includes(item.memory_id) ? "imported" : "already stored"} ${item.path} \u2192 playbook ${item.key} (${item.memory_id.slice(0, 12)}, unverified)`
        ),
        `signed in session ${imported.sessionId}; promote with \`truss playbook promote KEY\``
      ].join("\n")
    );
    return EXIT.ok;
  } finally {
    place.close();
  }
}
export {
  LESSON_HELP,
  PLAYBOOK_HELP,
  lesson,
  playbook
};
