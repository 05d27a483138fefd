import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, resolve } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { checkReceipt } from '../core/anchor/index.js';
import { createNodeCrypto, LedgerStore, rolePin, type TrustedKeys } from '../core/ledger/index.js';
import {
  type DecisionSigner,
  formatRef,
  ledgerVerdictSource,
  type MemoryEntry,
  MemoryError,
  MemoryView,
  type RunMemory,
  type SignedDecisionResult,
  SqliteMemoryStore,
} from '../core/memory/index.js';
import { revealHidden } from '../core/verify/index.js';
import { ledgerDbPath } from './db-path.js';
import type { CliIo } from './io.js';
import { existingSigningKey } from './key-path.js';
import { cliTrustedKeys } from './repo-trusted-keys.js';
import { resolveRunKey } from './run-output.js';

/** Flags every memory, lesson and playbook command takes. */
export const MEMORY_PLACE_OPTIONS = {
  workdir: { type: 'string' },
  db: { type: 'string' },
  key: { type: 'string' },
  'trusted-keys': { type: 'string' },
  json: { type: 'boolean' },
} as const;

export const MEMORY_PLACE_HELP = `  --workdir DIR          the repository (default: current directory)
  --db FILE              ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE             your signing key: signs decisions and proposals, and its decisions are trusted
                         (default: TRUSS_SIGNING_KEY, else the per-install key)
  --trusted-keys FILE    keys whose signed decisions count (default: <workdir>/.truss/trusted-keys), besides yours
  --json                 machine-readable output`;

export interface MemoryPlace {
  workdir: string;
  dbPath: string;
  ledger: LedgerStore;
  memory: SqliteMemoryStore;
  view: MemoryView;
  /** Where the trusted decision keys came from, for the output. */
  trustedFrom: string;
  close(): void;
}

type PlaceValues = {
  workdir?: string | undefined;
  db?: string | undefined;
  key?: string | undefined;
  'trusted-keys'?: string | undefined;
};

/** Whether the ledger database a read would open exists (a fresh repository has none yet). */
export function memoryDbExists(io: CliIo, values: PlaceValues): boolean {
  return existsSync(ledgerDbPath(io, values.db, resolve(io.cwd, values.workdir ?? '.')));
}

/**
 * Opens the ledger and its memory tables. `write` creates the database when needed; reading needs an
 * existing one. The view trusts decisions signed by the pinned signer keys (`.truss/trusted-keys`
 * or `--trusted-keys`) and by your own key when it exists (a read never creates a key).
 */
export function openMemoryPlace(io: CliIo, values: PlaceValues, options: { write: boolean }): MemoryPlace {
  const workdir = resolve(io.cwd, values.workdir ?? '.');
  const dbPath = ledgerDbPath(io, values.db, workdir);
  if (options.write) mkdirSync(dirname(dbPath), { recursive: true });
  else if (!existsSync(dbPath))
    throw new MemoryError(
      'no_entry',
      `no memory yet: there is no ledger database at ${dbPath} (propose with truss memory propose, import with truss playbook import, or pass --db / --workdir)`,
    );
  const ledger = LedgerStore.open(dbPath, {
    receipts: checkReceipt,
    ...(options.write ? {} : { readonly: true }),
  });
  let memory: SqliteMemoryStore;
  try {
    memory = SqliteMemoryStore.open(dbPath, { readonly: !options.write });
  } catch (error) {
    ledger.close();
    throw error;
  }
  const { trusted, from } = decisionKeys(io, values, workdir);
  return {
    workdir,
    dbPath,
    ledger,
    memory,
    view: new MemoryView(memory, ledgerVerdictSource(ledger, createNodeCrypto()), trusted),
    trustedFrom: from,
    close() {
      memory.close();
      ledger.close();
    },
  };
}

/** The keys whose memory decisions count: the repository's pinned signers plus your own key. */
export function decisionKeys(
  io: CliIo,
  values: PlaceValues,
  workdir: string,
): { trusted: TrustedKeys; from: string } {
  const resolved = cliTrustedKeys(io, {
    file: values['trusted-keys'] ? resolve(io.cwd, values['trusted-keys']) : undefined,
    cwd: workdir,
  });
  const trusted = new Map(resolved.trusted);
  const own = existingSigningKey(io, values.key);
  if (own && !trusted.has(own.publicKeyHex))
    trusted.set(own.publicKeyHex, rolePin('your signing key', ['signer']));
  const from = [resolved.source, own ? 'your signing key' : null].filter(Boolean).join(' + ') || 'no keys';
  return { trusted, from };
}

/** Who signs a decision or a proposal from the CLI. */
export function cliSigner(io: CliIo, place: MemoryPlace, keyFile: string | undefined): DecisionSigner {
  return {
    ledger: place.ledger,
    memory: place.memory,
    signer: resolveRunKey(keyFile, io),
    codeVersion: `truss ${pkg.version}`,
    principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: 'cli' },
  };
}

/** One entry as `--json` prints it: the stored fields plus whether the view trusts it. */
export function entryJson(entry: MemoryEntry, view: MemoryView): Record<string, unknown> {
  const problem = entry.trust === 'verified' ? view.problemOf(entry) : null;
  return {
    ...entry,
    checked: entry.trust === 'verified' ? problem === null : null,
    ...(problem ? { ignored: problem } : {}),
  };
}

/** One line per entry: short id, kind, tier, key, salience and the body's first line. */
export function entryLine(entry: MemoryEntry, view: MemoryView): string {
  const problem = entry.trust === 'verified' ? view.problemOf(entry) : null;
  const tier = problem ? 'IGNORED' : entry.trust;
  const first =
    visibleText(entry.body)
      .text.split('\n')
      .find((line) => line.trim() !== '') ?? '';
  return `${entry.id.slice(0, 12)}  ${entry.kind.padEnd(9)} ${tier.padEnd(10)} ${entry.key}  ${first.slice(0, 80)}`;
}

/**
 * Entry text as a terminal shows it to a person deciding whether to trust it: characters a person
 * cannot see but a model reads (Unicode tag characters, bidi controls, zero-width characters) and
 * control characters that redraw the terminal become visible marks (`⟦tag-text "…"⟧`, `⟦U+001B⟧`),
 * as reviewers' evidence shows them (docs/security.md "What reaches models"); line breaks and tabs
 * stay. `hidden` counts the marks. Only the display changes: `--json` and the store keep the bytes.
 */
export function visibleText(text: string): { text: string; hidden: number } {
  const revealed = revealHidden(text.replace(/\r\n/g, '\n'));
  let hidden = Object.values(revealed.counts).reduce((n, count) => n + count, 0);
  const shown = revealed.text.replace(/\p{Cc}/gu, (ch) => {
    if (ch === '\n' || ch === '\t') return ch;
    hidden++;
    return `⟦U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}⟧`;
  });
  return { text: shown, hidden };
}

/**
 * The decisions recorded about an entry, each with the reason its signed `memory_verdict` gives (read
 * from this ledger, null when the ledger does not hold that entry with that hash): why a promotion was
 * refused shows where the entry does (docs/memory.md "Eval-gated promotion").
 */
export function decisionsOf(entry: MemoryEntry, place: MemoryPlace) {
  return place.memory.decisions(entry.id).map((d) => {
    const signed = place.ledger.entry(d.ref.session, d.ref.seq);
    const reason =
      signed?.entry_hash === d.ref.entry_hash && typeof signed.payload.reason === 'string'
        ? signed.payload.reason
        : null;
    return { ...d, reason };
  });
}

/** An entry in full, for `show`. */
export function entryDetail(entry: MemoryEntry, place: MemoryPlace): string {
  const problem = entry.trust === 'verified' ? place.view.problemOf(entry) : null;
  const body = visibleText(entry.body);
  const lines = [
    `id          ${entry.id}`,
    `kind        ${entry.kind}`,
    `key         ${entry.key}`,
    `trust       ${entry.trust}${problem ? ` — IGNORED: ${problem}` : entry.trust === 'verified' ? ' (checked against its signed verdict)' : ''}`,
    `salience    ${entry.salience}`,
    `produced_by ${formatRef(entry.provenance.produced_by)}`,
    `verified_by ${formatRef(entry.provenance.verified_by)}`,
    ...(entry.provenance.sources.length
      ? [`sources     ${entry.provenance.sources.map(formatRef).join(', ')}`]
      : []),
    ...(entry.superseded_by ? [`superseded  by ${entry.superseded_by}`] : []),
    ...decisionsOf(entry, place).map(
      (d) =>
        `decision    ${d.decision} ${formatRef(d.ref)}${d.reason ? ` — ${visibleText(d.reason).text}` : ''}`,
    ),
    ...(body.hidden > 0
      ? [
          `hidden      ${body.hidden} characters a person cannot see are marked ⟦…⟧ below (a model reads them as they are)`,
        ]
      : []),
    '',
    body.text,
  ];
  return lines.join('\n');
}

/**
 * The memory a `truss run`, `resume` or `eval` reads and feeds: the memory tables of its own ledger
 * database, trusting decisions signed by the run's key and the repository's pinned signers. Opened
 * on first use (recall and the agent's memory tools before an executor, ingestion after a run that
 * journaled a proposal): a run of checks alone never opens it, and so saves a second connection, a
 * second load of its key and a second trust lookup at start-up (docs/performance.md).
 */
export function openRunMemory(
  io: CliIo,
  ledger: LedgerStore,
  options: { workdir: string; keyFile: string | undefined },
): RunMemory & { close(): void } {
  let opened: { store: SqliteMemoryStore; view: MemoryView } | undefined;
  const open = () => {
    if (opened) return opened;
    const store = SqliteMemoryStore.open(ledger.path);
    try {
      const { trusted } = decisionKeys(io, { key: options.keyFile }, options.workdir);
      opened = {
        store,
        view: new MemoryView(store, ledgerVerdictSource(ledger, createNodeCrypto()), trusted),
      };
    } catch (error) {
      store.close();
      throw error;
    }
    return opened;
  };
  return {
    get store() {
      return open().store;
    },
    get view() {
      return open().view;
    },
    close: () => opened?.store.close(),
  };
}

/** What a signed decision did, in words: the decision, the entry's tier now, the reason and the verdict's ref. */
export function decisionLines(entry: MemoryEntry, result: SignedDecisionResult): string[] {
  return [
    `${result.payload.decision} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}): now ${result.entry.trust}`,
    `  ${result.payload.reason}`,
    `  signed memory_verdict ${result.ref.session}#${result.ref.seq}`,
  ];
}
