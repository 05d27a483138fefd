#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/process/bundled-relay.ts
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
var BUNDLED_RELAY = "relay.js";
function relayBeside(entry) {
  try {
    const relay = join(dirname(realpathSync(entry)), BUNDLED_RELAY);
    return existsSync(relay) ? relay : void 0;
  } catch {
    return void 0;
  }
}

export {
  relayBeside
};
