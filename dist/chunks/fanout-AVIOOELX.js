#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  runFanout
} from "./chunk-JGIGUKHN.js";
import "./chunk-2FNIEHJV.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-5RGEGBWK.js";
import "./chunk-SL4P7HFF.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-BWAD5OAZ.js";
import "./chunk-MDXFPYRZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  runFanout
};
