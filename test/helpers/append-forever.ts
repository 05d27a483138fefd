/**
 * Child process for crash and durability tests: appends signed entries to one session in a tight
 * loop until it is killed (or until `max` entries exist).
 *
 *   node --import tsx test/helpers/append-forever.ts DB SESSION_ID [MAX] [SEED]
 *   env TRUSS_SIGNING_KEY = base64 Ed25519 seed (the session key)
 *
 * Payload sizes vary from a few bytes to ~200 KB; every third entry stores a blob (its hash in the
 * payload as `blob_sha256`), every fourth records a tool memo (`memo_key` in the payload), and now
 * and then the session suspends and resumes. Prints `ready` once the first entry is committed and
 * `done N` when it stops at MAX.
 */
import { createHash } from 'node:crypto';
import { LedgerStore, resolveSigningKey } from '../../src/core/ledger/index.js';
import { prng } from './ledger-env.js';

const [db, sessionId, maxArg, seedArg] = process.argv.slice(2);
if (!db || !sessionId) {
  process.stderr.write('usage: append-forever.ts DB SESSION_ID [MAX] [SEED]\n');
  process.exit(2);
}
const max = maxArg ? Number(maxArg) : Number.POSITIVE_INFINITY;
const random = prng(seedArg ? Number(seedArg) : 1);
const signer = resolveSigningKey({ env: process.env });
const store = LedgerStore.open(db);
if (!store.session(sessionId)) store.createSession({ signer, codeVersion: 'crash-test', id: sessionId });

function text(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 \n"\\é✓';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

function size(): number {
  const r = random();
  if (r < 0.6) return Math.floor(random() * 400);
  if (r < 0.95) return Math.floor(random() * 8_000);
  return Math.floor(random() * 200_000);
}

let seq = store.session(sessionId)?.entries ?? 0;
let announced = false;
while (seq < max) {
  if (seq % 37 === 36) {
    store.append(sessionId, 'suspended', { reason: 'await_signal', await: `signal-${seq}` }, signer);
  } else if (seq % 37 === 0 && seq > 0) {
    store.append(sessionId, 'signal_received', { name: `signal-${seq - 1}`, payload: null }, signer);
  } else {
    const payload: Record<string, unknown> = {
      call_id: `call-${seq}`,
      name: random() < 0.5 ? 'bash' : 'read_file',
      content: text(size()),
      is_error: random() < 0.1,
    };
    const blobs: Uint8Array[] = [];
    if (seq % 3 === 0) {
      const blob = Buffer.from(text(1 + Math.floor(random() * 64_000)));
      blobs.push(blob);
      payload.blob_sha256 = createHash('sha256').update(blob).digest('hex');
    }
    let memo: { key: string; result: unknown } | undefined;
    if (seq % 4 === 0) {
      memo = { key: `memo-${seq}`, result: { output: text(size()), exit_code: 0 } };
      payload.memo_key = memo.key;
    }
    store.append(sessionId, 'tool_result', payload, signer, { blobs, ...(memo ? { memo } : {}) });
  }
  seq++;
  if (!announced) {
    process.stdout.write('ready\n');
    announced = true;
  }
}
store.close();
process.stdout.write(`done ${seq}\n`);
