import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createNodeCrypto, exportBundle, LedgerStore, type Signer } from '../../src/core/ledger/index.js';
import {
  type LedgerRef,
  ledgerVerdictSource,
  type MemoryDraft,
  type MemoryEntry,
  type MemoryKind,
  MemoryView,
  proposedItem,
  SqliteMemoryStore,
  signDecision,
  supersededBy,
} from '../../src/core/memory/index.js';
import type { ScriptedResponse } from '../../src/core/providers/scripted.js';
import { API, OWNER, REPO } from './action-harness.js';
import { runCli } from './cli.js';
import { contractToml, GREETING_CHECK } from './contract-toml.js';
import { contentsFile, type FakeGitHub, webhookExample } from './fake-github.js';
import { makeRepo, README } from './git.js';
import { keyFromByte, trustedOf, writeKeyFile } from './keys.js';
import { tempDir } from './temp-dir.js';

/** The key memory decisions are signed with in these tests, and one nobody trusts. */
export const MAINTAINER_KEY = keyFromByte(0x71);
export const STRANGER_KEY = keyFromByte(0x72);

/** A real ledger database file with its memory tables, and a view that trusts MAINTAINER_KEY. */
export interface MemoryFixture {
  dir: string;
  dbPath: string;
  ledger: LedgerStore;
  memory: SqliteMemoryStore;
  /** A fresh view (no memoised checks) trusting `trusted` (default: MAINTAINER_KEY). */
  view(trusted?: Signer[]): MemoryView;
  /** A signed `memory_proposed` entry in a session of its own: a real `produced_by`. */
  producer(signer?: Signer): LedgerRef;
  propose(draft: Partial<MemoryDraft> & Pick<MemoryDraft, 'body'>): MemoryEntry;
  /** A maintainer decision signed in a session of its own and applied. */
  decide(
    entry: MemoryEntry,
    decision: 'promote' | 'reject' | 'revoke',
    signer?: Signer,
  ): Promise<MemoryEntry>;
  /** A raw connection to the same file, for forging rows. */
  raw(): Database.Database;
  close(): void;
}

export function openMemoryFixture(prefix = 'memory'): MemoryFixture {
  const temp = tempDir(prefix);
  const dbPath = temp.path('ledger.db');
  const ledger = LedgerStore.open(dbPath);
  const memory = SqliteMemoryStore.open(dbPath);
  const raws: Database.Database[] = [];
  const crypto = createNodeCrypto();
  const producer = (signer: Signer = MAINTAINER_KEY): LedgerRef => {
    const session = ledger.createSession({ signer, codeVersion: 'test' });
    ledger.append(session.id, 'run_started', { session_id: session.id, kind: 'test' }, signer);
    const entry = ledger.append(session.id, 'memory_proposed', { via: 'test' }, signer);
    return { session: session.id, seq: entry.seq, entry_hash: entry.entry_hash };
  };
  return {
    dir: temp.dir,
    dbPath,
    ledger,
    memory,
    view: (trusted = [MAINTAINER_KEY]) =>
      new MemoryView(memory, ledgerVerdictSource(ledger, crypto), trustedOf(...trusted)),
    producer,
    propose: (draft) =>
      memory.propose({ kind: 'lesson', key: 'a-lesson', produced_by: producer(), ...draft }).entry,
    async decide(entry, decision, signer = MAINTAINER_KEY) {
      const current = memory.get(entry.id) as MemoryEntry;
      const result = await signDecision(
        { ledger, memory, signer, codeVersion: 'test', principal: { login: 'test' } },
        current,
        async () => ({
          decision,
          method: 'maintainer',
          reason: `test ${decision}`,
          ...(decision === 'promote' ? { supersedes: supersededBy(memory, current) } : {}),
          ...(decision === 'revoke' ? { revokes: current.provenance.verified_by } : {}),
        }),
      );
      return result.entry;
    },
    raw() {
      const db = new Database(dbPath);
      raws.push(db);
      return db;
    },
    close() {
      for (const db of raws) db.close();
      memory.close();
      ledger.close();
      temp.cleanup();
    },
  };
}

/** The lesson the memory tests' scripted agents act on: they write the right greeting only when it is in the prompt. */
export const NEWLINE_LESSON =
  'greeting.txt needs its trailing newline: write hello from the harness followed by a newline';
export const GREETING = 'hello from the harness\n';

/** A scripted write_file of greeting.txt, taken only when `match` occurs in the prompt (when given). */
export function greetingWrite(content: string, match?: string): ScriptedResponse {
  return {
    ...(match ? { match } : {}),
    content: [{ type: 'tool_use', name: 'write_file', input: { path: 'greeting.txt', content } }],
  };
}

/** The final answer after a write (matched on the write_file result). */
export const GREETING_DONE: ScriptedResponse = {
  match: 'bytes to greeting.txt',
  content: [{ type: 'text', text: 'done' }],
};

/** The in-loop greeting contract of the memory tests: a scripted agent that may write files, `[memory]` as given. */
export function greetingMemoryContract(script: string, memory?: Record<string, string | number>): string {
  return contractToml(
    { id: 'greeting-memory', intent: 'Create greeting.txt containing exactly: hello from the harness' },
    { ...GREETING_CHECK, timeout_sec: 10 },
    {
      executor: { kind: 'in-loop' },
      provider: { kind: 'scripted', script },
      constraints: { allow_tools: ['write_file'] },
      ...(memory ? { memory } : {}),
    },
  );
}

/**
 * A git repository (with `.truss/` ignored) and a HOME holding the signing key of `keyByte`, and
 * `cli(args)`: the real `truss` in the repository with that key.
 */
export function memoryCliRepo(prefix: string, keyByte: number) {
  const repo = makeRepo({ ...README, '.gitignore': '.truss/\n' }, prefix);
  const home = tempDir(`${prefix}-home`).dir;
  const flags = ['--key', writeKeyFile(join(home, 'truss.key'), keyByte)];
  return {
    repo,
    home,
    cli: (args: string[]) => runCli([...args, ...flags], { cwd: repo, env: { HOME: home } }),
  };
}

/**
 * A pull-request run's bundle proposing `items`, signed by `signer` (a fork's key): what a PR run
 * leaves on the ledger branch (`sessions/<id>.json`), where a promotion job finds the proposal.
 */
export function proposingRunBundle(
  items: Array<{ kind: MemoryKind; key: string; body: string; salience?: number }>,
  signer: Signer,
): { sessionId: string; text: string } {
  const dir = tempDir('memory-proposing-run');
  const pr = LedgerStore.open(dir.path('pr.db'));
  try {
    const session = pr.createSession({ signer, codeVersion: 'test' });
    pr.append(session.id, 'run_started', { session_id: session.id }, signer);
    pr.append(
      session.id,
      'memory_proposed',
      {
        via: 'lesson_extraction',
        entries: items.map((item) => proposedItem({ salience: 0.8, ...item })),
      },
      signer,
    );
    pr.append(session.id, 'run_completed', { overall: 'fail' }, signer);
    return { sessionId: session.id, text: JSON.stringify(exportBundle(pr, session.id, createNodeCrypto())) };
  } finally {
    pr.close();
    dir.cleanup();
  }
}

/**
 * The repository (`GET /repos/{owner}/{repo}`, default branch `main`) and `.truss/trusted-keys` on
 * `main` (`trustedKeys()`; null: no such file), as a CLI deciding memory on the ledger branch reads them.
 */
export function serveDefaultBranch(fake: FakeGitHub, trustedKeys: () => string | null): void {
  const repository = webhookExample('push').repository as Record<string, unknown>;
  fake.on('GET', new RegExp(`^${API}$`), () => ({
    body: { ...repository, name: REPO, full_name: `${OWNER}/${REPO}`, default_branch: 'main' },
  }));
  fake.on('GET', new RegExp(`^${API}/contents/\\.truss/trusted-keys$`), (req) => {
    const text = trustedKeys();
    return text === null || !req.path.includes('ref=main')
      ? { status: 404, body: { message: 'Not Found' } }
      : { body: contentsFile('.truss/trusted-keys', text) };
  });
}

/** The Action memory tests' task: an in-loop agent writes farewell.txt, a check compares it exactly. */
export const FAREWELL = 'goodbye from the harness\n';
export const FAREWELL_LESSON =
  'farewell.txt needs its trailing newline: write goodbye from the harness and a newline';

/** The agent's write of farewell.txt (scripted), answered to the prompt `match` when given. */
export function farewellWrite(content: string, match?: string): ScriptedResponse {
  return {
    ...(match ? { match } : {}),
    content: [{ type: 'tool_use', name: 'write_file', input: { path: 'farewell.txt', content } }],
  } as ScriptedResponse;
}

export const FAREWELL_DONE = {
  match: 'bytes to farewell.txt',
  content: [{ type: 'text', text: 'done' }],
} as ScriptedResponse;

/** The farewell contract with the scripted agent at `script` and an optional `[memory]` table. */
export function farewellContract(script: string, memory?: Record<string, string>): string {
  return contractToml(
    { id: 'farewell-memory', intent: 'Create farewell.txt containing exactly: goodbye from the harness' },
    {
      kind: 'check',
      desc: 'farewell.txt has the exact line',
      run: "printf 'goodbye from the harness\\n' | cmp - farewell.txt",
      timeout_sec: 10,
    },
    {
      executor: { kind: 'in-loop' },
      provider: { kind: 'scripted', script },
      constraints: { allow_tools: ['write_file'] },
      ...(memory ? { memory } : {}),
    },
  );
}
