import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ingestContextSummaries } from '../../src/core/memory/context-summaries.js';
import { MAINTAINER_KEY, type MemoryFixture, openMemoryFixture } from '../helpers/memory-kit.js';

/**
 * docs/memory.md "Proposals": a compaction's summary becomes an unverified context_summary entry
 * produced by its signed compaction_performed — only when the blob it names still holds exactly
 * that text. Real SQLite ledger, real signatures.
 */

const POLICY = { mode: 'summarize', threshold: 0.7, min_tail: 6, exempt: ['goal'] };

describe('context summaries into memory', () => {
  let fx: MemoryFixture;
  afterEach(() => fx.close());

  const compactionSession = (summaries: string[], mode = 'summarize') => {
    const { ledger } = fx;
    const session = ledger.createSession({ signer: MAINTAINER_KEY, codeVersion: 'test' });
    ledger.append(session.id, 'run_started', { session_id: session.id, kind: 'run' }, MAINTAINER_KEY);
    summaries.forEach((text, i) => {
      const bytes = Buffer.from(text, 'utf8');
      const sha = createHash('sha256').update(bytes).digest('hex');
      ledger.append(
        session.id,
        'compaction_performed',
        {
          step: 10 * (i + 1),
          before_tokens: 5000,
          after_tokens: 1200,
          elided_range: { from_seq: 1, to_seq: 1 },
          summary_sha256: sha,
          policy: { ...POLICY, mode },
        },
        MAINTAINER_KEY,
        { blobs: [bytes] },
      );
    });
    return { id: session.id, entries: [...ledger.entries(session.id)] };
  };
  const blobOf = (sha: string) => fx.ledger.blob(sha)?.bytes;

  it('stores each summary unverified, produced by its compaction_performed; idempotent', () => {
    fx = openMemoryFixture('context-summaries');
    const { id, entries } = compactionSession(['did A, learned B', 'then C']);
    const first = ingestContextSummaries(fx.memory, id, entries, blobOf);
    expect(first.skipped).toEqual([]);
    expect(first.created).toHaveLength(2);
    const stored = fx.memory.list({ kind: 'context_summary' });
    expect(stored.map((e) => [e.key, e.body, e.trust, e.provenance.produced_by.seq]).sort()).toEqual([
      [`context/${id}/step-10`, 'did A, learned B', 'unverified', 1],
      [`context/${id}/step-20`, 'then C', 'unverified', 2],
    ]);
    expect(fx.view().query({ kind: 'context_summary' }).entries).toEqual([]);
    expect(ingestContextSummaries(fx.memory, id, entries, blobOf).created).toEqual([]);
  });

  it('skips a shredded or substituted blob, and evict notices', () => {
    fx = openMemoryFixture('context-summaries-bad');
    const { id, entries } = compactionSession(['secret summary', 'kept']);
    const [, shredded, kept] = entries;
    fx.ledger.shredBlob(shredded?.payload.summary_sha256 as string);
    const swapped = ingestContextSummaries(fx.memory, id, entries, (sha) =>
      sha === kept?.payload.summary_sha256 ? Buffer.from('another text') : blobOf(sha),
    );
    expect(swapped.created).toEqual([]);
    expect(swapped.skipped.map((s) => [s.seq, s.reason])).toEqual([
      [1, 'its summary blob is gone (shredded or missing)'],
      [2, 'its summary blob does not hash to summary_sha256'],
    ]);
    const evicted = compactionSession(['Steps 1–10 were removed'], 'evict');
    expect(ingestContextSummaries(fx.memory, evicted.id, evicted.entries, blobOf)).toEqual({
      proposed: [],
      created: [],
      skipped: [],
    });
  });
});
