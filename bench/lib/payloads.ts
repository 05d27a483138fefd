import { createHash } from 'node:crypto';
import { canonicalJson } from '../../src/core/ledger/index.js';

/** Seeded PRNG (mulberry32): every run measures the same payloads. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchPayload {
  kind: 'tool_result' | 'check_result';
  payload: Record<string, unknown>;
}

const WORDS = [
  'PASS',
  'FAIL',
  'test/ledger/store.test.ts',
  'src/core/verify/panel.ts',
  '✓',
  'expected',
  'received',
  'npm',
  'vitest',
  'tsc',
  'ok',
  'error TS2345:',
  'Argument',
  'of',
  'type',
  'string',
  '(3 tests)',
  '12ms',
  'duration',
  'at',
  'line',
  'diff --git',
  '+++',
  '---',
  '@@ -1,4 +1,6 @@',
];

function prose(random: () => number, length: number): string {
  let out = '';
  while (out.length < length) {
    out += WORDS[Math.floor(random() * WORDS.length)];
    out += random() < 0.15 ? '\n' : ' ';
  }
  return out.slice(0, length);
}

function hex(random: () => number, bytes: number): string {
  return createHash('sha256')
    .update(String(random()))
    .digest('hex')
    .repeat(Math.ceil(bytes / 32))
    .slice(0, bytes * 2);
}

/**
 * Realistic journal payloads: mostly `tool_result` (a bash/read/edit call with a truncated output
 * and the hash of the full output blob), one in eight a `check_result` (a definition-of-done command
 * with its exit code and stdout tail). Each payload's canonical JSON is 300–600 UTF-8 bytes.
 */
export function makePayloads(count: number, seed = 42): BenchPayload[] {
  const random = prng(seed);
  const out: BenchPayload[] = [];
  for (let i = 0; i < count; i++) {
    const target = 300 + Math.floor(random() * 301);
    let entry: BenchPayload;
    if (i % 8 === 7) {
      entry = {
        kind: 'check_result',
        payload: {
          clause: i % 5,
          desc: 'unit tests pass on the changed package',
          run: 'npm test -- --run test/ledger',
          exit_code: random() < 0.9 ? 0 : 1,
          met: true,
          duration_ms: Math.floor(random() * 60_000),
          stdout_sha256: hex(random, 32),
          stdout_tail: '',
        },
      };
    } else {
      const tool = ['bash', 'read_file', 'edit_file', 'git_diff'][i % 4] as string;
      entry = {
        kind: 'tool_result',
        payload: {
          call_id: `toolu_${hex(random, 12)}`,
          name: tool,
          input: tool === 'bash' ? { command: 'npm test -- --run' } : { path: 'src/core/ledger/store.ts' },
          is_error: random() < 0.05,
          duration_ms: Math.floor(random() * 5_000),
          output_sha256: hex(random, 32),
          output_bytes: Math.floor(random() * 200_000),
          content: '',
        },
      };
    }
    const field = entry.kind === 'check_result' ? 'stdout_tail' : 'content';
    const bytes = () => Buffer.byteLength(canonicalJson(entry.payload), 'utf8');
    let text = prose(random, Math.max(0, target - bytes()));
    entry.payload[field] = text;
    // Multi-byte characters and JSON escapes make the text longer in bytes than in characters.
    for (let excess = bytes() - target; excess > 0; excess = bytes() - target) {
      text = text.slice(0, Math.max(0, text.length - excess));
      entry.payload[field] = text;
    }
    out.push(entry);
  }
  return out;
}
