#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ContractError,
  ResolvedContractSchema,
  contractHash,
  formatPath,
  isTable,
  validate
} from "./chunk-P5AJ53RB.js";

// src/core/contract/eval-arm.ts
var ARM = /^(?:([A-Za-z0-9][A-Za-z0-9._-]{0,63}):)?([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)=(.*)$/s;
var FIXED = /* @__PURE__ */ new Set(["contract", "done", "fanout"]);
function parseArms(text) {
  const specs = splitArms(text);
  const arms = specs.map((spec) => {
    const match = ARM.exec(spec);
    if (!match) {
      throw new ContractError([
        {
          file: "--arms",
          line: 0,
          col: 0,
          path: "",
          message: `arm ${JSON.stringify(spec)} is not [NAME:]PATH=VALUE (e.g. executor.model=gpt-4.1)`
        }
      ]);
    }
    const [, name, dotted, raw] = match;
    const path = dotted.split(".");
    if (FIXED.has(path[0])) {
      throw new ContractError([
        {
          file: "--arms",
          line: 0,
          col: 0,
          path: dotted,
          message: `an arm may not change [${path[0]}]: every arm runs the same task and definition of done`
        }
      ]);
    }
    return { name: name ?? `${dotted}=${raw}`, path, value: parseValue(raw), change: `${dotted}=${raw}` };
  });
  if (arms.length < 2) {
    throw new ContractError([
      {
        file: "--arms",
        line: 0,
        col: 0,
        path: "",
        message: "an eval needs at least two arms, e.g. --arms executor.model=a,executor.model=b"
      }
    ]);
  }
  const names = /* @__PURE__ */ new Set();
  for (const arm of arms) {
    if (names.has(arm.name))
      throw new ContractError([
        {
          file: "--arms",
          line: 0,
          col: 0,
          path: "",
          message: `two arms are named ${JSON.stringify(arm.name)}; name them (NAME:PATH=VALUE)`
        }
      ]);
    names.add(arm.name);
  }
  return arms;
}
function splitArms(text) {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const char of text) {
    if (char === '"' && !current.endsWith("\\")) quoted = !quoted;
    else if (!quoted && (char === "[" || char === "{")) depth++;
    else if (!quoted && (char === "]" || char === "}")) depth--;
    if (char === "," && depth === 0 && !quoted) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter(Boolean);
}
function parseValue(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
function applyArm(contract, arm, format) {
  const { fanout: _fanout, ...base } = structuredClone(contract);
  const data = base;
  let table = data;
  for (const key of arm.path.slice(0, -1)) {
    const next = table[key];
    if (next === void 0) table[key] = {};
    else if (!isTable(next)) {
      throw new ContractError([
        {
          file: `--arms ${arm.name}`,
          line: 0,
          col: 0,
          path: arm.path.join("."),
          message: `${key} is not a table`
        }
      ]);
    }
    table = table[key];
  }
  table[arm.path[arm.path.length - 1]] = arm.value;
  const result = validate(
    format?.resolved ?? ResolvedContractSchema,
    data
  );
  if (!result.ok) {
    throw new ContractError(
      result.issues.map((issue) => ({
        file: `--arms ${arm.name}`,
        line: 0,
        col: 0,
        path: formatPath(issue.path),
        message: issue.message
      }))
    );
  }
  return { contract: result.value, hash: contractHash(result.value) };
}

export {
  parseArms,
  applyArm
};
