#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/report/report-path.ts
import { basename, dirname, join } from "node:path";
function reportPathFor(bundlePath) {
  const name = basename(bundlePath).replace(/\.json$/i, "");
  return join(dirname(bundlePath), `${name}.html`);
}

export {
  reportPathFor
};
