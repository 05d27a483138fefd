import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  ENTRY_KINDS,
  LedgerStore,
  MalformedEntryError,
  readEntry,
} from '../../src/core/ledger/index.js';
import { keyFromByte } from '../helpers/keys.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const KEY = keyFromByte(0x33);
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const POLICY = { mode: 'summarize', threshold: 0.7, min_tail: 6, exempt: ['goal'] };

/**
 * A signed session holding two agent steps, a summary call and a compaction_performed built by
 * `compaction` (given the summary call's seq): every entry is validly signed, so only the
 * compaction check can find what is wrong.
 */
function ledger(dir: TempDir, compaction: (summarySeq: number) => Record<string, unknown>) {
  const store = LedgerStore.open(dir.path('ledger.db'));
  const { id } = store.createSession({ signer: KEY, codeVersion: 'test' });
  const append = (kind: string, payload: Record<string, unknown>) => store.append(id, kind, payload, KEY);
  append('run_started', { session_id: id });
  append('model_result', { content: [{ type: 'tool_use', id: 'a', name: 'read_file', input: {} }] });
  append('tool_result', { name: 'read_file', content: 'x' });
  append('model_result', { content: [{ type: 'tool_use', id: 'b', name: 'read_file', input: {} }] });
  append('tool_result', { name: 'read_file', content: 'y' });
  const summary = append('model_result', {
    purpose: 'context_summary',
    content: [
      { type: 'text', text: 'first part' },
      { type: 'text', text: 'second part' },
    ],
  });
  append('compaction_performed', compaction(summary.seq));
  const failure = store.verifyChain(id, createNodeCrypto()).failure;
  store.close();
  return failure;
}

const good = (summarySeq: number) => ({
  step: 2,
  before_tokens: 900,
  after_tokens: 300,
  elided_range: { from_seq: 1, to_seq: 2, from_step: 1, to_step: 1, messages: 2 },
  summary_sha256: sha('first part\nsecond part'),
  summary_seq: summarySeq,
  policy: POLICY,
});

describe('compaction_performed is checked by every verifier (bad_compaction)', () => {
  let dir: TempDir;
  afterEach(() => dir.cleanup());

  it('a summary hash that matches the summary call before it verifies', () => {
    dir = tempDir('compaction');
    expect(ledger(dir, good)).toBeNull();
  });

  it.each([
    [
      'a summary hash of other text',
      (s: number) => ({ ...good(s), summary_sha256: sha('something else') }),
      /summary_sha256 is not the hash of the summary the model_result at seq 5 holds/,
    ],
    [
      'a summary_seq that is not the summary call',
      (s: number) => ({ ...good(s), summary_seq: s - 2 }),
      /the entry before it is not the summary call/,
    ],
    [
      'a range that ends after the entry',
      (s: number) => ({ ...good(s), elided_range: { from_seq: 1, to_seq: 9 } }),
      /elides 1…9, which is not a range of earlier entries/,
    ],
    [
      'a reversed range',
      (s: number) => ({ ...good(s), elided_range: { from_seq: 3, to_seq: 2 } }),
      /not a range of earlier entries/,
    ],
    [
      'an unknown mode',
      (s: number) => ({ ...good(s), policy: { ...POLICY, mode: 'off' } }),
      /policy.mode "off"/,
    ],
    [
      'a missing token count',
      (s: number) => ({ ...good(s), after_tokens: -1 }),
      /after_tokens is not a token count/,
    ],
  ])('%s is refused', (_name, build, message) => {
    dir = tempDir('compaction');
    const failure = ledger(dir, build);
    expect(failure?.code).toBe('bad_compaction');
    expect(failure?.seq).toBe(6);
    expect(failure?.message).toMatch(message);
  });

  it('evict mode needs no summary call, but a second compaction may not elide what the first did', () => {
    dir = tempDir('compaction');
    const store = LedgerStore.open(dir.path('ledger.db'));
    const { id } = store.createSession({ signer: KEY, codeVersion: 'test' });
    const append = (kind: string, payload: Record<string, unknown>) => store.append(id, kind, payload, KEY);
    append('run_started', { session_id: id });
    for (let i = 0; i < 3; i++) {
      append('model_result', { content: [] });
      append('tool_result', { content: '' });
    }
    const evict = (from: number, to: number) => {
      const { summary_seq: _none, ...rest } = good(0);
      return { ...rest, elided_range: { from_seq: from, to_seq: to }, policy: { ...POLICY, mode: 'evict' } };
    };
    append('compaction_performed', evict(1, 4));
    expect(store.verifyChain(id, createNodeCrypto()).failure).toBeNull();
    append('compaction_performed', evict(3, 6));
    const failure = store.verifyChain(id, createNodeCrypto()).failure;
    expect(failure?.code).toBe('bad_compaction');
    expect(failure?.message).toMatch(
      /elides from seq 3, inside the range an earlier compaction already elided \(up to seq 4\)/,
    );
    store.close();
  });

  it('the context kinds are in the entry-kind catalogue: a payload that does not fit is refused where it is read', () => {
    expect(ENTRY_KINDS).toEqual(
      expect.arrayContaining(['context_layers', 'goal_repinned', 'compaction_performed']),
    );
    const layers = {
      step: 1,
      layers: { goal: 10 },
      estimated_tokens: 10,
      projected_tokens: 10,
      window: 100,
      pressure: 0.1,
    };
    expect(readEntry({ seq: 2, kind: 'context_layers', payload: layers }, 'context_layers')).toBe(layers);
    expect(() =>
      readEntry(
        { seq: 2, kind: 'context_layers', payload: { ...layers, pressure: 'high' } },
        'context_layers',
      ),
    ).toThrow(MalformedEntryError);
    expect(() =>
      readEntry({ seq: 3, kind: 'goal_repinned', payload: { step: 8, goal_sha256: 'x' } }, 'goal_repinned'),
    ).toThrow(/seq 3: goal_repinned goal_sha256 "x" is malformed/);
    dir = tempDir('compaction');
    const failure = ledger(dir, (s) => ({ ...good(s), summary_sha256: 42 }));
    expect(failure).toMatchObject({ code: 'bad_compaction', seq: 6 });
    expect(failure?.message).toMatch(/compaction_performed summary_sha256 42 is malformed/);
  });
});
