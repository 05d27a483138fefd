import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerStore, SigningKey } from '../src/core/ledger/index.js';
import { makePayloads } from './lib/payloads.js';

const KEY = SigningKey.fromSeed(new Uint8Array(32).fill(0x42));
const payloads = makePayloads(3000);
const dir = mkdtempSync('/tmp/zzapp-');
for (let r = 0; r < 3; r++) {
  const store = LedgerStore.open(join(dir, `a${r}.db`));
  const { id } = store.createSession({ signer: KEY, codeVersion: 'bench' });
  const t = performance.now();
  for (const { kind, payload } of payloads) store.append(id, kind, payload, KEY);
  console.log('µs/append', (((performance.now() - t) / payloads.length) * 1000).toFixed(1));
  store.close();
}
