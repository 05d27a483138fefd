#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ReadBuffer,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  deserializeMessage,
  serializeMessage
} from "./chunk-KC3MQS7O.js";
import "./chunk-LMUOWUZG.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  ReadBuffer,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
  deserializeMessage,
  serializeMessage
};
