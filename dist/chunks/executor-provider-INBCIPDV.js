#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  buildExecutorProvider,
  executorProviderSettings,
  fixtureRoots
} from "./chunk-VTOT5Q2D.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  buildExecutorProvider,
  executorProviderSettings,
  fixtureRoots
};
