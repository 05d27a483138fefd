#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
} from "./chunk-ILHVPJN5.js";
import "./chunk-G2KICODU.js";
import "./chunk-5AD6KVJW.js";
import "./chunk-7YTOE65D.js";
import "./chunk-AHF3UCFR.js";
import "./chunk-YFM4MSV3.js";
import "./chunk-H5HQKX2K.js";
import "./chunk-QTTZ3N2N.js";
import "./chunk-RDZHSOJG.js";
import "./chunk-JZX22MX7.js";
import "./chunk-2KGJ25AS.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-PY6AKU6Z.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import "./chunk-P2CFU6IE.js";
import "./chunk-RNXRJU2L.js";
import "./chunk-CA4Y56RS.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";
export {
  LEDGER_HELP,
  ledger,
  summarize,
  verdictView
};
