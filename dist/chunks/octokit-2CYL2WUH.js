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
} from "./chunk-BS4FZTIF.js";
import "./chunk-UYVQNA3J.js";
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
