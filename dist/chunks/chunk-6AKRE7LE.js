#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/contract/errors.ts
function formatIssue(issue) {
  const where = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.col}` : issue.file;
  return issue.path ? `${where}: ${issue.path}: ${issue.message}` : `${where}: ${issue.message}`;
}
var ContractError = class extends Error {
  name = "ContractError";
  file;
  line;
  col;
  issues;
  code;
  constructor(issues, code = "invalid") {
    if (issues.length === 0) throw new TypeError("ContractError needs at least one issue");
    super(issues.map(formatIssue).join("\n"));
    const first = issues[0];
    this.file = first.file;
    this.line = first.line;
    this.col = first.col;
    this.issues = issues;
    this.code = code;
  }
};

export {
  ContractError
};
