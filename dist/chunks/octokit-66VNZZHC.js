#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  DEFAULT_GITHUB_API_URL,
  MissingPermissionError,
  createOctokit,
  isRateLimitError,
  isRequestError,
  statusOf,
  toMissingPermission
} from "./chunk-IRJ5NIYQ.js";
import "./chunk-UZOHE6H5.js";
import "./chunk-C24IPAXU.js";
export {
  DEFAULT_GITHUB_API_URL,
  MissingPermissionError,
  createOctokit,
  isRateLimitError,
  isRequestError,
  statusOf,
  toMissingPermission
};
