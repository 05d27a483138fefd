#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  approve,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
} from "./chunk-AP6R5H73.js";
import "./chunk-PS6JTUCX.js";
import "./chunk-K52E24GC.js";
import "./chunk-AMEJKMBE.js";
import "./chunk-XB3E73S7.js";
import "./chunk-KI7YOLPB.js";
import "./chunk-ZTB3X2NC.js";
import "./chunk-YDEC2UZK.js";
import "./chunk-GZIINP53.js";
import "./chunk-5QEB65D5.js";
import "./chunk-336NPC2I.js";
import "./chunk-TZRXA7M5.js";
import "./chunk-TLTWMPGD.js";
import "./chunk-UYVQNA3J.js";
import "./chunk-QOAIHFHF.js";
import "./chunk-IVQCPWGG.js";
import "./chunk-E4MNW55Q.js";
import "./chunk-ZLJPY5MM.js";
import "./chunk-Y3EZ5L4C.js";
import "./chunk-Y2MXG656.js";
import "./chunk-CKL2ZK2O.js";
import "./chunk-F3YV5QSU.js";
import "./chunk-C6SZR2MA.js";
import "./chunk-ZHOFSRUO.js";
import "./chunk-FB7HZSYU.js";
import "./chunk-HUZIAC4E.js";
import "./chunk-4LCSEEQI.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-VYBQ443J.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-NOPNGSJB.js";
import "./chunk-6CGPKGQX.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-DXLAQD6Q.js";
import "./chunk-2GTXQC2F.js";
import "./chunk-NP4K5OYP.js";
import "./chunk-XBHBYFAS.js";
import "./chunk-AG2WE44L.js";
import "./chunk-YLMVJWUT.js";
import "./chunk-7PZVV7UJ.js";
import "./chunk-GYY57NMV.js";
import "./chunk-PUVBKPPA.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  MEMORY_COMMANDS,
  MEMORY_HELP,
  approve,
  listEntries,
  memory,
  promote,
  revoke,
  showEntry
};
