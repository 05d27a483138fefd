#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  excludeFromWorkTree,
  perInstallKeyPath
} from "./chunk-JRDODRIK.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
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
import {
  KeyError,
  SigningKey,
  writeFileAtomic
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/keygen.ts
import { lstatSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
var KEYGEN_HELP = `Usage: truss keygen [--out FILE] [--force] [--json]

Creates an Ed25519 signing key. The secret (a 32-byte seed) is written as one line of base64,
the same encoding TRUSS_SIGNING_KEY takes, with mode 0600. By default it is this machine's
per-install key, $XDG_CONFIG_HOME/truss/signing.key (~/.config/truss/signing.key): the key
\`truss run\` signs with when neither --key nor TRUSS_SIGNING_KEY is given. It is never written
into a repository by default; an --out FILE inside a git work tree is added to .git/info/exclude
with a warning. Use --out - to print the seed to stdout, e.g. to pipe into
\`gh secret set TRUSS_SIGNING_KEY\`. Prints the public key (hex) and the key id (OpenSSH SHA256
fingerprint).

Options:
  --out FILE   where to write the seed (default: the per-install key; "-" = stdout)
  --force      overwrite an existing key file
  --json       print {public_key, key_id, path} as JSON`;
function keygen(args, io) {
  const { values, positionals } = parseCommandArgs("keygen", args, {
    out: { type: "string", short: "o" },
    force: { type: "boolean" },
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, KEYGEN_HELP);
  requirePositionals("keygen", positionals, []);
  const out = values.out ?? perInstallKeyPath(io.env);
  const { key, seedBase64 } = SigningKey.generate();
  if (out === "-") {
    if (values.json)
      throw new UsageError("keygen: --out - prints the secret on stdout and cannot be combined with --json");
    io.stdout(`${seedBase64}
`);
    io.stderr(`public key ${key.publicKeyHex}
key id     ${key.keyId}
`);
    return EXIT.ok;
  }
  const path = resolve(io.cwd, out);
  const existing = lstatOrNull(path);
  if (existing?.isSymbolicLink()) {
    throw new KeyError(
      `keygen: ${out} is a symbolic link; a secret written through it would land wherever it points. Remove the link or name the key file itself.`
    );
  }
  if (existing && !values.force) {
    throw new KeyError(
      `keygen: ${out} already exists; pass --force to replace it (the old key can no longer sign)`
    );
  }
  mkdirSync(dirname(path), { recursive: true, mode: 448 });
  writeSecretFile(path, `${seedBase64}
`);
  const tree = excludeFromWorkTree(path);
  if (tree)
    io.stderr(
      `warning: ${out} is inside the git work tree ${tree}; it was added to .git/info/exclude, but any process working in that tree can read it. Prefer the default per-install key (omit --out).
`
    );
  const result = { public_key: key.publicKeyHex, key_id: key.keyId, path: out };
  emit(
    io,
    Boolean(values.json),
    result,
    () => [
      `wrote signing key to ${out} (mode 0600; keep it secret, do not commit it)`,
      `public key ${key.publicKeyHex}`,
      `key id     ${key.keyId}`,
      "",
      "Next:",
      `  pin it:            echo "${key.publicKeyHex} my-ci-key" >> .truss/trusted-keys`,
      `  use it in Actions: gh secret set TRUSS_SIGNING_KEY < ${out}`
    ].join("\n")
  );
  return EXIT.ok;
}
function lstatOrNull(path) {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
function writeSecretFile(path, text) {
  try {
    writeFileAtomic(path, text, { mode: 384 });
  } catch (error) {
    throw new KeyError(
      `keygen: cannot write ${path} (${error.code ?? error.message}); choose a file in a directory you can write`
    );
  }
}
export {
  KEYGEN_HELP,
  keygen
};
