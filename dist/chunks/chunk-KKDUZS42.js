#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  defineContractFormat,
  parseConfigToml,
  parseContractToml,
  resolveContract,
  resolveContractSources
} from "./chunk-P5AJ53RB.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";

// src/github/settings.ts
var WORKFLOW_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.ya?ml$/;
var Unverifiable = external_exports.enum(["failure", "neutral"]);
var AppSectionSchema = external_exports.strictObject({
  workflow: external_exports.string().regex(WORKFLOW_FILE, 'must be a workflow file name in .github/workflows/, e.g. "truss.yml"').optional(),
  /** Runs the App dispatches also post anchored findings as inline review comments (review-comments.ts). */
  review_comments: external_exports.boolean().optional()
});
var GITHUB_CONTRACT_FORMAT = defineContractFormat({
  layered: {
    written: {
      /** How an UNVERIFIABLE verdict is reported on GitHub: failure (default) or neutral. */
      unverifiable: Unverifiable.optional()
    },
    resolved: { unverifiable: Unverifiable.default("failure") }
  },
  configOnly: {
    workflow: external_exports.string().trim().min(1, "must not be empty").optional(),
    app: AppSectionSchema.optional()
  }
});
var GitHubResolvedContractSchema = GITHUB_CONTRACT_FORMAT.resolved;
var ResolvedSettingsSchema = external_exports.object({ unverifiable: Unverifiable.default("failure") });
function githubSettings(contract) {
  return ResolvedSettingsSchema.parse({
    unverifiable: contract.unverifiable
  });
}
function parseContractToml2(text, file) {
  return parseContractToml(text, file, GITHUB_CONTRACT_FORMAT);
}
function parseConfigToml2(text, file) {
  return parseConfigToml(text, file, GITHUB_CONTRACT_FORMAT);
}
function resolveContract2(options) {
  return resolveContract({ ...options, format: GITHUB_CONTRACT_FORMAT });
}
function resolveContractSources2(input) {
  return resolveContractSources({ ...input, format: GITHUB_CONTRACT_FORMAT });
}
function appReviewComments(config) {
  if (!config) return false;
  return parseConfigToml2(config.text, config.file).app?.review_comments === true;
}

export {
  WORKFLOW_FILE,
  GITHUB_CONTRACT_FORMAT,
  githubSettings,
  parseContractToml2 as parseContractToml,
  parseConfigToml2 as parseConfigToml,
  resolveContract2 as resolveContract,
  resolveContractSources2 as resolveContractSources,
  appReviewComments
};
