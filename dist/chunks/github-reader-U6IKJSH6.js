#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  octokitGitHubReader
} from "./chunk-DGASO3VQ.js";
import "./chunk-IRJ5NIYQ.js";
import "./chunk-UZOHE6H5.js";
import "./chunk-C24IPAXU.js";
export {
  octokitGitHubReader
};
