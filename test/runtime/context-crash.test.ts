import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { AGENT_KEY } from '../helpers/agent-kit.js';
import { runCli, startCli } from '../helpers/cli.js';
import { LONG_STEPS, longRunToml, notesWorkdir } from '../helpers/context-kit.js';
import { FakeAnthropic } from '../helpers/fake-anthropic.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * SIGKILL after a compaction, with REAL processes: `truss run` drives the long agent run against a
 * local fake of the Anthropic Messages API in a 6,000-token window; the fake holds the first step
 * request after the second compaction, the process is SIGKILLed while waiting for it, and
 * `truss resume` rebuilds the compacted context from the journal. Its next request must be
 * byte-identical to the one the killed process sent, and to the uninterrupted run's; so must every
 * request after it.
 */
describe('SIGKILL after a compaction, then truss resume', () => {
  const fake = new FakeAnthropic();
  let contractPath: string;
  let keyFile: string;
  let home: string;
  beforeAll(async () => {
    const base = await fake.listen();
    const temp = tempDir('context-crash');
    home = temp.dir;
    keyFile = writeKeyFile(temp.path('session.key'), 0x61);
    contractPath = temp.write(
      'long.toml',
      longRunToml({ provider: `kind = "anthropic"\nmodel = "claude-sonnet-5"\nbase_url = "${base}"` }),
    );
  });
  afterAll(() => fake.close());

  const env = () => ({ HOME: home, ANTHROPIC_API_KEY: 'sk-ant-api03-fake-key-for-the-local-server' });
  const args = (workdir: string, db: string) => [
    '--workdir',
    workdir,
    '--db',
    db,
    '--key',
    keyFile,
    '--json',
  ];

  it('the resumed run sends the held request again byte for byte, and then the same requests as an uninterrupted run', async () => {
    // The uninterrupted reference.
    const reference = await startCli(
      ['run', contractPath, ...args(notesWorkdir(), tempDir('cc-db').path('l.db'))],
      {
        env: env(),
      },
    ).done;
    expect(reference.code, reference.stderr).toBe(0);
    expect(JSON.parse(reference.stdout).verdict).toBe('pass');
    const expected = fake.received.map((r) => r.body);
    const summaries = fake.received.flatMap((r, i) => (r.summary ? [i] : []));
    expect(summaries.length).toBeGreaterThanOrEqual(2);
    expect(expected.length).toBe(LONG_STEPS + summaries.length);
    const hangAt = (summaries[1] as number) + 1;

    // The same run, killed while its first request after the second compaction is in flight.
    fake.reset();
    fake.hold = hangAt;
    const workdir = notesWorkdir();
    const db = tempDir('cc-db').path('l.db');
    const killed = startCli(['run', contractPath, ...args(workdir, db)], { env: env() });
    await Promise.race([fake.held, killed.done]);
    expect(fake.received).toHaveLength(hangAt + 1);
    killed.child.kill('SIGKILL');
    expect((await killed.done).code).toBe(128);
    const heldBody = fake.received[hangAt]?.body as string;
    expect(heldBody).toBe(expected[hangAt]);

    const store = LedgerStore.open(db, { readonly: true });
    const session = store.sessions().find((s) => s.entries > 0);
    const kinds = [...store.entries(session?.id as string)].map((e) => e.kind);
    store.close();
    expect(kinds.filter((k) => k === 'compaction_performed')).toHaveLength(2);
    expect(kinds.at(-1)).toBe('context_layers');

    // Resume: the compacted context is rebuilt from the journal; nothing recorded is sent again.
    const before = fake.received.length;
    fake.hold = null;
    const resumed = await startCli(['resume', session?.id as string, ...args(workdir, db)], { env: env() })
      .done;
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).verdict).toBe('pass');
    const sentAfter = fake.received.slice(before).map((r) => r.body);
    expect(sentAfter[0]).toBe(heldBody);
    expect(sentAfter).toEqual(expected.slice(hangAt));

    const verify = runCli([
      'ledger',
      'verify',
      session?.id as string,
      '--db',
      db,
      '--key',
      AGENT_KEY.publicKeyHex,
      '--json',
    ]);
    expect(JSON.parse(verify.stdout).status).toBe('verified');

    // The run has a memory store (the CLI's, beside the ledger): each compaction's summary is also an
    // unverified context_summary entry produced by its signed compaction_performed (docs/memory.md).
    const compactions = (() => {
      const ledger = LedgerStore.open(db, { readonly: true });
      try {
        return [...ledger.entries(session?.id as string)].filter((e) => e.kind === 'compaction_performed');
      } finally {
        ledger.close();
      }
    })();
    const listed = runCli(
      ['memory', 'list', '--kind', 'context_summary', '--json', '--db', db, '--key', keyFile],
      { env: env(), cwd: workdir },
    );
    expect(listed.code, listed.stderr).toBe(0);
    const stored = JSON.parse(listed.stdout).entries as Array<{
      body: string;
      provenance: { produced_by: { seq: number } };
    }>;
    expect(stored).toHaveLength(compactions.length);
    for (const compaction of compactions) {
      const entry = stored.find((e) => e.provenance.produced_by.seq === compaction.seq);
      expect(entry).toMatchObject({
        kind: 'context_summary',
        trust: 'unverified',
        key: `context/${session?.id}/step-${compaction.payload.step}`,
        provenance: {
          produced_by: { session: session?.id, seq: compaction.seq, entry_hash: compaction.entry_hash },
          verified_by: null,
        },
      });
      expect(
        createHash('sha256')
          .update(entry?.body ?? '', 'utf8')
          .digest('hex'),
      ).toBe(compaction.payload.summary_sha256);
    }
  }, 240_000);
});
