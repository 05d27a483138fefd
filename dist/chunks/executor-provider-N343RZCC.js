#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  buildExecutorProvider,
  executorProviderSettings,
  fixtureRoots
} from "./chunk-DKK5S75I.js";
import "./chunk-7FNAIK52.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  buildExecutorProvider,
  executorProviderSettings,
  fixtureRoots
};
