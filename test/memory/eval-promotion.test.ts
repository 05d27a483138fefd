import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  type LedgerEntry,
  LedgerStore,
  parseBundle,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import {
  ledgerVerdictSource,
  type MemoryEntry,
  MemoryView,
  SqliteMemoryStore,
  signDecision,
} from '../../src/core/memory/index.js';
import { keyFromByte, trustedOf } from '../helpers/keys.js';
import {
  GREETING,
  GREETING_DONE,
  greetingMemoryContract,
  greetingWrite,
  memoryCliRepo,
  NEWLINE_LESSON,
} from '../helpers/memory-kit.js';

/**
 * docs/memory.md "Eval-gated promotion" through the real CLI: `truss playbook promote KEY --eval
 * CONTRACT` runs a real paired eval (scripted agent: it writes the right greeting only when the
 * playbook is in its prompt), and promotes only when the on arm (playbook on trial) passes more
 * often than the off arm. The signed memory_verdict (method eval) names the eval_report, and the
 * memory view re-checks the quoted results against it.
 */

const KEY = keyFromByte(0x5c);
const PLAYBOOK = `---\nname: greeting-newline\ndescription: How to write greeting.txt\n---\n## Procedure\n${NEWLINE_LESSON}\n`;

describe('eval-gated playbook promotion', () => {
  let repo: string;
  let cli: ReturnType<typeof memoryCliRepo>['cli'];
  const promoteByEval = () =>
    cli(['playbook', 'promote', 'greeting-newline', '--eval', 'greeting', '--repeats', '2', '--json']);
  const script = (responses: unknown[]) =>
    writeFileSync(join(repo, '.truss/contracts/agent.json'), JSON.stringify(responses));

  beforeEach(() => {
    ({ repo, cli } = memoryCliRepo('memory-eval-promote', 0x5c));
    mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
    mkdirSync(join(repo, 'playbooks'), { recursive: true });
    writeFileSync(join(repo, 'playbooks/greeting.md'), PLAYBOOK);
    writeFileSync(join(repo, '.truss/contracts/greeting.toml'), greetingMemoryContract('agent.json'));
    expect(cli(['playbook', 'import', 'playbooks/greeting.md']).code).toBe(0);
  });

  it('promotes when the on arm passes more often, and the view checks the verdict against the report', async () => {
    // Each arm's model serves its runs in order: the right write only when the playbook is recalled.
    const right = greetingWrite(GREETING, 'trailing newline');
    script([GREETING_DONE, GREETING_DONE, right, right, greetingWrite('hello'), greetingWrite('hello')]);

    const dry = cli(['playbook', 'promote', 'greeting-newline', '--eval', 'greeting', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, method: 'eval', repeats: 3 });
    expect(JSON.parse(cli(['playbook', 'show', 'greeting-newline', '--json']).stdout).trust).toBe(
      'unverified',
    );

    const promoted = promoteByEval();
    expect(promoted.code, promoted.stderr).toBe(0);
    const result = JSON.parse(promoted.stdout);
    expect(result.payload).toMatchObject({
      decision: 'promote',
      method: 'eval',
      eval: {
        on: { arm: 'on', runs: 2, passes: 2, pass_rate: 1 },
        off: { arm: 'off', runs: 2, passes: 0, pass_rate: 0 },
      },
    });
    expect(result.payload.eval.report.session).toBe(result.eval.session_id);
    expect(result.eval.summary).toContain('on vs off: +100 pp pass rate');

    const shown = JSON.parse(cli(['playbook', 'show', 'greeting-newline', '--json']).stdout);
    expect(shown).toMatchObject({ trust: 'verified', checked: true });
    expect(shown.provenance.verified_by).toEqual(result.ref);

    // The eval bundle verifies; the on arm's runs recalled the playbook on trial, the off arm's did not.
    const bundle = parseBundle(readFileSync(result.eval.bundle, 'utf8'), result.eval.bundle);
    expect(
      verifyBundle(bundle, { crypto: createNodeCrypto(), trusted: new Map([[KEY.publicKeyHex, 'k']]) })
        .status,
    ).toBe('verified');
    const started = bundle.ledger.entries[0] as LedgerEntry;
    expect((started.payload.eval as { arms: unknown[] }).arms).toEqual([
      expect.not.objectContaining({ trial: expect.anything() }),
      expect.objectContaining({ name: 'on', trial: shown.id }),
    ]);
    const children = (bundle.ledger as unknown as { child_sessions: Array<{ entries: LedgerEntry[] }> })
      .child_sessions;
    expect(
      children.map((child) => child.entries.find((e) => e.kind === 'memory_recall')?.payload.trial ?? null),
    ).toEqual([null, null, shown.id, shown.id]);

    // A verdict that quotes results the report does not hold (a harness bug, signed by a trusted
    // key) does not make an entry verified: the view re-reads the signed eval_report.
    const dbPath = join(repo, '.truss/ledger.db');
    const ledger = LedgerStore.open(dbPath);
    const memory = SqliteMemoryStore.open(dbPath);
    try {
      const other = memory.propose({
        kind: 'playbook',
        key: 'other',
        body: 'greeting.txt: write hello',
        produced_by: shown.provenance.produced_by,
      }).entry;
      const forged = async (quote: { on: number; off: number }, id: MemoryEntry) =>
        signDecision(
          { ledger, memory, signer: KEY, codeVersion: 'test', principal: { login: 'test' } },
          id,
          async () => ({
            decision: 'promote',
            method: 'eval',
            reason: 'forged',
            eval: {
              report: result.payload.eval.report,
              on: { arm: 'on', runs: 2, passes: quote.on, pass_rate: quote.on / 2 },
              off: { arm: 'off', runs: 2, passes: quote.off, pass_rate: quote.off / 2 },
            },
          }),
        );
      await forged({ on: 2, off: 0 }, other);
      const misquoted = memory.propose({
        kind: 'playbook',
        key: 'misquoted',
        body: 'greeting.txt: write hello twice',
        produced_by: shown.provenance.produced_by,
      }).entry;
      await forged({ on: 2, off: 1 }, misquoted);
      const view = new MemoryView(memory, ledgerVerdictSource(ledger, createNodeCrypto()), trustedOf(KEY));
      expect(view.problemOf(memory.get(other.id) as MemoryEntry)).toContain(
        'its on arm did not have this entry on trial',
      );
      expect(view.problemOf(memory.get(misquoted.id) as MemoryEntry)).toContain(
        'arm off passed 0/2, the verdict quotes 1/2',
      );
      expect(view.problemOf(memory.get(shown.id) as MemoryEntry)).toBeNull();
      // The same verdict checked by someone who does not trust the key: ignored.
      const stranger = new MemoryView(
        memory,
        ledgerVerdictSource(ledger, createNodeCrypto()),
        trustedOf(keyFromByte(0x01)),
      );
      expect(stranger.problemOf(memory.get(shown.id) as MemoryEntry)).toContain('not trusted');
    } finally {
      memory.close();
      ledger.close();
    }
  }, 120_000);

  it('does not promote when recalling it does not raise the pass rate', () => {
    // Both arms write the wrong greeting: the playbook makes no difference.
    script([GREETING_DONE, GREETING_DONE, greetingWrite('hello'), greetingWrite('hello')]);
    const result = promoteByEval();
    expect(result.code, result.stderr).toBe(1);
    const out = JSON.parse(result.stdout);
    expect(out.payload).toMatchObject({ decision: 'unverifiable', method: 'eval' });
    expect(out.payload.reason).toContain('did not raise the pass rate');
    expect(JSON.parse(cli(['playbook', 'show', 'greeting-newline', '--json']).stdout).trust).toBe(
      'unverified',
    );
    const both = cli(['playbook', 'promote', 'greeting-newline', '--eval', 'greeting', '--maintainer']);
    expect(both.code).toBe(64);
    expect(both.stderr).toContain('--eval and --maintainer');
  }, 120_000);
});
