#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  octokitGitHubReader
} from "./chunk-ZIPG6IDA.js";
import "./chunk-BS4FZTIF.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-C24IPAXU.js";
export {
  octokitGitHubReader
};
