#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  UsageError
} from "./chunk-KUQNSCDZ.js";

// src/cli/args.ts
import { parseArgs } from "node:util";
function parseCommandArgs(command, args, options) {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true
    });
  } catch (error) {
    throw new UsageError(`${command}: ${error.message.replace(/\. To specify.*$/s, "")}`);
  }
}
function requirePositionals(command, positionals, names) {
  if (positionals.length < names.length) {
    throw new UsageError(
      `${command}: missing ${names.slice(positionals.length).map((n) => `<${n}>`).join(" ")}`
    );
  }
  if (positionals.length > names.length) {
    throw new UsageError(`${command}: unexpected argument ${JSON.stringify(positionals[names.length])}`);
  }
  return positionals;
}

export {
  parseCommandArgs,
  requirePositionals
};
