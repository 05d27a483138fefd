#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  octokitGitHubReader
} from "./chunk-SAZKFDRE.js";
import "./chunk-MHPRVAIK.js";
import "./chunk-MI4NZNBI.js";
import "./chunk-C24IPAXU.js";
export {
  octokitGitHubReader
};
