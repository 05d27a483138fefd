#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ReadBuffer,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  deserializeMessage,
  serializeMessage
} from "./chunk-W5Q2A2WV.js";
import "./chunk-K4U76QUB.js";
import "./chunk-PJ2UKA5T.js";
import "./chunk-C24IPAXU.js";
export {
  ReadBuffer,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  deserializeMessage,
  serializeMessage
};
