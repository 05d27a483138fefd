import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import {
  type Bundle,
  canonicalJson,
  createNodeCrypto,
  type LedgerCrypto,
  type LedgerEntry,
  parseBundle,
  verifyBundle,
  writeBundle,
} from '../../src/core/ledger/index.js';
import {
  describeReport,
  JOURNAL_FIELDS,
  type JournalField,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
  storedFieldEdit,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const NODE = createNodeCrypto();
const CRYPTOS: ReadonlyArray<readonly [string, LedgerCrypto]> = [
  ['node:crypto', NODE],
  ['@noble portable', portableCrypto],
];
const TRUSTED = trustedOf(SESSION_KEY, REVIEWER_KEY);

function bundleText(fx: LedgerFixture, sessionId: string, crypto: LedgerCrypto): string {
  const chunks: string[] = [];
  writeBundle(fx.store, sessionId, crypto, (chunk) => chunks.push(chunk));
  return chunks.join('');
}

// ---------------------------------------------------------------------------------------------
// Arbitraries: JSON values canonicalJson accepts (no lone surrogates, finite numbers, no unsafe
// integers that print as digits), with astral characters, awkward keys, nesting and large strings.
// ---------------------------------------------------------------------------------------------

const finiteDouble = fc
  .double({ noNaN: true, noDefaultInfinity: true })
  .filter((n) => !(Number.isInteger(n) && !Number.isSafeInteger(n) && Math.abs(n) < 1e21));
const jsonNumber = fc.oneof(fc.maxSafeInteger(), fc.integer({ min: -1000, max: 1000 }), finiteDouble);

const awkwardStrings = fc.constantFrom(
  '\u{1F600}',
  '\uFB33',
  'A\u030a',
  '\u00c5',
  '\u0000\u001f\u007f',
  '\u2028\u2029',
  '</script>',
  '"\\/',
  '\u{10FFFF}\u{1D11E}',
);
const largeString = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fc.integer({ min: 2_000, max: 40_000 }))
  .map(([unit, size]) => unit.repeat(Math.ceil(size / unit.length)));
const jsonString = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 2, arbitrary: awkwardStrings },
  { weight: 1, arbitrary: largeString },
);
const jsonKey = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '__proto__',
      'constructor',
      'toString',
      '',
      '\u{1F600}',
      '\uFB33',
      'seq',
      '10',
      '9',
    ),
  },
);
const scalar = fc.oneof(fc.constant(null), fc.boolean(), jsonNumber, jsonString);

const { value: jsonValue } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>(
  (tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 4 }),
    // Object.fromEntries defines own data properties, so "__proto__" stays an ordinary key.
    object: fc.array(fc.tuple(jsonKey, tie('value')), { maxLength: 4 }).map((e) => Object.fromEntries(e)),
  }),
);
const payload = fc
  .array(fc.tuple(jsonKey, jsonValue), { maxLength: 6 })
  .map((entries) => Object.fromEntries(entries) as Record<string, unknown>);

const kind = fc
  .oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,63}$/) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'run_started',
        'check_result',
        'review_vote',
        'self_validation',
        'verdict',
        'tool_result',
        'suspended',
      ),
    },
  )
  // A session ends once and carries one verdict (docs/ledger.md, duplicate_terminal): the run's
  // own run_completed is appended last, and only the first verdict is kept (see `oneVerdict`).
  .filter((k) => k !== 'human_review' && k !== 'child_anchor' && k !== 'run_completed' && k !== 'run_failed');

const oneVerdict = <T extends { kind: string }>(steps: T[]): T[] =>
  steps.filter((step, i) => step.kind !== 'verdict' || steps.findIndex((s) => s.kind === 'verdict') === i);

// ---------------------------------------------------------------------------------------------

describe('(a) any sequence of appends verifies, in the DB and as an exported bundle, on both cryptos', () => {
  let fx: LedgerFixture;
  beforeAll(() => {
    fx = openFixture('ledger-prop-a');
  });
  afterAll(() => fx.close());

  it('random kinds and payloads → verified everywhere, payloads stored exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kind, payload }), { maxLength: 8 }).map(oneVerdict), (steps) => {
        const { id } = fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'prop' });
        for (const step of steps) fx.store.append(id, step.kind, step.payload, SESSION_KEY);
        fx.store.append(id, 'run_completed', { final_text: 'end' }, SESSION_KEY);
        const head = fx.store.session(id)?.head_hash;

        for (const [name, crypto] of CRYPTOS) {
          const db = fx.store.verifySession(id, { crypto, trusted: TRUSTED });
          expect(db.status, `DB/${name}: ${describeReport(db)}`).toBe('verified');
          expect(db.entries).toBe(steps.length + 1);
          expect(db.head_hash).toBe(head);

          const text = bundleText(fx, id, crypto);
          const report = verifyBundle(parseBundle(text, 'prop.json'), { crypto, trusted: TRUSTED });
          expect(report.status, `bundle/${name}: ${describeReport(report)}`).toBe('verified');
          expect(report.entries).toBe(steps.length + 1);
          expect(report.head_hash).toBe(head);

          const exported = (JSON.parse(text) as Bundle).ledger.entries;
          steps.forEach((step, i) => {
            expect(exported[i]?.kind).toBe(step.kind);
            expect(canonicalJson(exported[i]?.payload)).toBe(canonicalJson(step.payload));
          });
        }
      }),
      { numRuns: 40 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// (b) single mutations are always detected, at the seq that was mutated.
// Ledger: 0 run_started · 1 check_result · 2-4 review_vote · 5-6 tool_result · 7 verdict ·
//         8 run_completed · 9 human_review (signed by the reviewer key).
// ---------------------------------------------------------------------------------------------

describe('(b) any single-byte mutation of a stored field is detected', () => {
  let fx: LedgerFixture;
  let id: string;
  let count: number;
  let text: string;

  beforeAll(() => {
    fx = openFixture('ledger-prop-b');
    id = appendSampleRun(fx.store, SESSION_KEY, { extra: 2 });
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      decision: 'approved',
      note: 'ok ✓',
      actor: { login: 'maintainer', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    count = fx.store.session(id)?.entries ?? 0;
    text = bundleText(fx, id, NODE);
  });
  afterAll(() => fx.close());

  const verifyDb = () => fx.store.verifySession(id, { crypto: NODE, trusted: TRUSTED });

  it('the unmutated ledger verifies (so every failure below is caused by the mutation)', () => {
    expect(count).toBe(10);
    expect(verifyDb().status).toBe('verified');
    expect(verifyBundle(parseBundle(text, 'b.json'), { crypto: NODE, trusted: TRUSTED }).status).toBe(
      'verified',
    );
  });

  it('SQLite: one byte of seq, kind, payload, prev_hash, entry_hash or signature of any row → failed at that seq', () => {
    const seqs = new Set(Array.from({ length: count }, (_, i) => i));
    fc.assert(
      fc.property(
        fc.nat({ max: 9 }),
        fc.constantFrom(...JOURNAL_FIELDS),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (seq, field: JournalField, position, mask) => {
          const edit = storedFieldEdit(fx.raw, id, seq, field, position, mask, seqs);
          fc.pre(edit !== null);
          edit.apply();
          try {
            const report = verifyDb();
            expect(report.status, `${field}@${seq}: ${describeReport(report)}`).toBe('failed');
            expect(report.failure?.seq, `${field}@${seq}: ${describeReport(report)}`).toBe(seq);
          } finally {
            edit.restore();
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(verifyDb().status).toBe('verified');
  });

  it('SQLite: after one byte of any stored field, the export verifies as `truss ledger verify` does, or is refused', () => {
    // docs/ledger.md "One answer on every path": `truss ledger export` followed by a bundle reader
    // reaches the database's status, failure code and seq; a row no bundle can carry is refused.
    const seqs = new Set(Array.from({ length: count }, (_, i) => i));
    fc.assert(
      fc.property(
        fc.nat({ max: 9 }),
        fc.constantFrom(...JOURNAL_FIELDS),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (seq, field: JournalField, position, mask) => {
          const edit = storedFieldEdit(fx.raw, id, seq, field, position, mask, seqs);
          fc.pre(edit !== null);
          edit.apply();
          try {
            const db = verifyDb();
            let exported: string;
            try {
              exported = bundleText(fx, id, NODE);
            } catch (error) {
              expect((error as Error).message, `${field}@${seq}`).toMatch(/^refusing to export/);
              return;
            }
            const report = verifyBundle(parseBundle(exported, 'e.json'), { crypto: NODE, trusted: TRUSTED });
            const outcome = (r: typeof db) => ({
              status: r.status,
              code: r.failure?.code,
              seq: r.failure?.seq,
            });
            expect(outcome(report), `${field}@${seq}: ${describeReport(db)}`).toEqual(outcome(db));
          } finally {
            edit.restore();
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(verifyDb().status).toBe('verified');
  });

  it('bundle: one changed value in seq, kind, payload, prev_hash, entry_hash or signature of any entry → failed at that seq', () => {
    const original = JSON.parse(text) as Bundle;
    fc.assert(
      fc.property(
        fc.nat({ max: 9 }),
        fc.constantFrom(...JOURNAL_FIELDS),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (index, field: JournalField, position, choice, newSeq) => {
          const bundle = structuredClone(original);
          const entry = bundle.ledger.entries[index] as LedgerEntry;
          switch (field) {
            case 'seq':
              fc.pre(newSeq !== entry.seq);
              entry.seq = newSeq;
              break;
            case 'kind':
              entry.kind = replaceCodePoint(entry.kind, position, 'aB_9-é\u{1F600} ', choice);
              break;
            case 'payload':
              entry.payload = mutatePayload(entry.payload, position, choice);
              break;
            default:
              entry[field] = replaceCodePoint(entry[field], position, '0123456789abcdef', choice);
          }
          const report = verifyBundle(parseBundle(JSON.stringify(bundle), 'm.json'), {
            crypto: NODE,
            trusted: TRUSTED,
          });
          expect(report.status, `${field}@${index}: ${describeReport(report)}`).toBe('failed');
          expect(report.failure?.seq, `${field}@${index}: ${describeReport(report)}`).toBe(index);
        },
      ),
      { numRuns: 400 },
    );
  });
});

/** Replaces the code point at `position` (mod length) with a different one drawn from `alphabet`. */
function replaceCodePoint(text: string, position: number, alphabet: string, choice: number): string {
  const points = Array.from(text);
  const i = position % points.length;
  const options = Array.from(alphabet).filter((c) => c !== points[i]);
  points[i] = options[choice % options.length] as string;
  return points.join('');
}

/** Changes exactly one thing in a payload: a leaf value, an object key, or adds a key at the root. */
function mutatePayload(
  payload: Record<string, unknown>,
  position: number,
  choice: number,
): Record<string, unknown> {
  const root = structuredClone(payload);
  const sites: Array<() => void> = [
    () => {
      root[`tamper${'_'.repeat(choice % 3)}`] = choice % 2 === 0;
    },
  ];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        sites.push(() => {
          node[i] = changed(child, choice);
        });
        visit(child);
      });
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        sites.push(() => {
          record[key] = changed(record[key], choice);
        });
        sites.push(() => {
          let renamed = `${key}_`;
          while (renamed in record) renamed += '_';
          record[renamed] = record[key];
          delete record[key];
        });
        visit(record[key]);
      }
    }
  };
  visit(root);
  (sites[position % sites.length] as () => void)();
  return root;
}

function changed(value: unknown, choice: number): unknown {
  if (typeof value === 'string') return value === '' ? 'x' : replaceCodePoint(value, choice, 'xy', choice);
  if (typeof value === 'number') return value === 0 ? 1 : -value;
  if (typeof value === 'boolean') return !value;
  if (value === null) return false;
  return null;
}
