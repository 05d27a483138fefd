#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-DVZVIMXY.js";
import "./chunk-VS7XD7QJ.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-6BJ7EZTI.js";
import "./chunk-GFR6ZZ7Q.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-BKRSKTTG.js";
import "./chunk-27KGTP2H.js";
import "./chunk-TZPAFBT6.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
