import { existsSync, realpathSync } from 'node:fs';
import { checkReceipt } from '../../core/anchor/index.js';
import {
  createNodeCrypto,
  LedgerStore,
  VERIFY_EXIT_CODES,
  verifyBundleFile,
} from '../../core/ledger/index.js';
import type { ServedAnswer } from '../../core/mcp/index.js';
import { verdictView } from '../commands/ledger.js';
import type { CliIo } from '../io.js';
import { verifyCommandFor } from '../outcome-json.js';
import { cliTrustedKeys } from '../repo-trusted-keys.js';
import { launchRun } from '../run-launch.js';
import { exportSessionBundle, outcomeSummary } from '../run-output.js';
import { confinedPath, ServedPathError, sessionIdArg, within } from './paths.js';
import { parseArgs, RunArgs, SessionArgs, VerifyArgs } from './tool-specs.js';

/** How `truss mcp serve` was started: one served directory, one ledger, one key, one principal. */
export interface ServiceOptions {
  /** The served directory (a real path): every path an agent names must lie inside it. */
  root: string;
  /** The ledger every run of this server writes and every session tool reads. */
  db: string;
  key?: string | undefined;
  isolation?: string | undefined;
  /** Signed into every run's `run_started` (`--principal`). */
  principal: Record<string, unknown>;
  /** The server's io: stdout is the MCP channel, so nothing here writes to it. */
  io: CliIo;
  /** Redacts the run's secrets from error texts. */
  redact: (text: string) => string;
}

interface Job {
  /** Settles with the run's summary, or the reason it could not be reported. */
  done: Promise<void>;
  summary?: Record<string, unknown>;
  error?: string;
}

/**
 * The tools of `truss mcp serve` (docs/mcp.md "Truss as an MCP server"). Runs go through
 * {@link launchRun} — the run service, exactly as `truss run` — in this process; a session's state
 * is read from the ledger database, so `truss_contract_status` also answers for runs an earlier
 * server (or `truss run --db` on the same file) started.
 */
export class TrussMcpService {
  readonly #options: ServiceOptions;
  readonly #jobs = new Map<string, Job>();
  readonly #abort = new AbortController();

  constructor(options: ServiceOptions) {
    this.#options = options;
  }

  /** Answers one call; every failure is a tool error with its message (secrets redacted). */
  async call(name: string, args: Record<string, unknown>): Promise<ServedAnswer> {
    try {
      const value = await this.#dispatch(name, args);
      return { text: JSON.stringify(value, null, 2), isError: false, structured: value };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { text: this.#options.redact(`${name}: ${message}`), isError: true };
    }
  }

  /** Cancels every run still going (each ends with a signed run_failed) and waits for them. */
  async shutdown(): Promise<void> {
    this.#abort.abort('SIGTERM');
    await Promise.all([...this.#jobs.values()].map((job) => job.done));
  }

  #dispatch(
    name: string,
    args: Record<string, unknown>,
  ): Promise<Record<string, unknown>> | Record<string, unknown> {
    switch (name) {
      case 'truss_run_contract':
        return this.#run(parseArgs(name, RunArgs, args));
      case 'truss_contract_status':
        return this.#status(sessionIdArg(parseArgs(name, SessionArgs, args).session_id));
      case 'truss_ledger_verdict':
        return this.#withStore(
          (store) => verdictView(store, sessionIdArg(parseArgs(name, SessionArgs, args).session_id)).result,
          { intact: true },
        );
      case 'truss_ledger_export':
        return this.#export(sessionIdArg(parseArgs(name, SessionArgs, args).session_id));
      case 'truss_verify_bundle':
        return this.#verify(parseArgs(name, VerifyArgs, args));
      default:
        throw new Error(`unknown tool ${JSON.stringify(name)}`);
    }
  }

  async #run(args: { contract: string; workdir?: string | undefined; async?: boolean | undefined }) {
    const { root, io } = this.#options;
    const workdir = confinedPath(root, root, args.workdir ?? '.', 'workdir', 'directory');
    // A name is looked up in the workdir's .truss/contracts/ (symlinks out refused there); a path
    // must really lie inside the served directory, and its real path is what gets read.
    // Decided on the trimmed text, as the lookup (`findContract`) decides it: `"/elsewhere/x.toml "`
    // must be confined as the path it is read as, not let through as a name (docs/mcp.md).
    const wanted = args.contract.trim();
    const contract = wanted.endsWith('.toml')
      ? confinedPath(root, workdir, wanted, 'contract', 'file')
      : wanted;
    if (this.#abort.signal.aborted) throw new Error('the server is shutting down');
    const launched = await launchRun(io, {
      contract,
      workdir,
      db: this.#options.db,
      key: this.#options.key,
      isolation: this.#options.isolation,
      principal: this.#options.principal,
      signal: this.#abort.signal,
    });
    const job: Job = { done: Promise.resolve() };
    job.done = launched.result
      .then((result) => {
        job.summary = outcomeSummary(result, { ...launched.report, commandCwd: '/' });
      })
      .catch((error: unknown) => {
        job.error = this.#options.redact((error as Error)?.message ?? String(error));
        io.stderr(`truss: mcp serve: session ${launched.sessionId}: ${job.error}\n`);
      })
      .finally(() => launched.close());
    this.#jobs.set(launched.sessionId, job);
    if (args.async) {
      return {
        session_id: launched.sessionId,
        status: 'running',
        contract: launched.contract.contract.id,
        db: launched.dbPath,
        next: `poll truss_contract_status {"session_id": "${launched.sessionId}"}`,
      };
    }
    await job.done;
    if (job.error) throw new Error(`session ${launched.sessionId}: ${job.error}`);
    return job.summary ?? { session_id: launched.sessionId, status: 'unknown' };
  }

  #status(sessionId: string): Record<string, unknown> {
    const job = this.#jobs.get(sessionId);
    const live = job !== undefined && job.summary === undefined && job.error === undefined;
    const recorded = existsSync(this.#options.db)
      ? this.#withStore((store) => {
          const session = store.session(sessionId);
          if (!session) return null;
          const entries = [...store.entries(sessionId)];
          const last = entries.at(-1);
          const verdict = entries.findLast((entry) => entry.kind === 'verdict');
          return {
            session_id: sessionId,
            status: session.status,
            entries: session.entries,
            head_hash: last?.entry_hash ?? null,
            last_entry: last ? { seq: last.seq, kind: last.kind } : null,
            verdict: verdict ? String(verdict.payload.overall) : null,
            public_key: session.public_key,
          };
        })
      : null;
    if (!recorded && !job) {
      throw new Error(
        `no session ${sessionId} in ${this.#options.db}; truss_run_contract returns the session ids this server knows`,
      );
    }
    return {
      ...(recorded ?? { session_id: sessionId, status: 'starting' }),
      live,
      ...(job?.summary ? { result: job.summary } : {}),
      ...(job?.error ? { error: job.error } : {}),
    };
  }

  #export(sessionId: string): Record<string, unknown> {
    return this.#withStore(
      (store) => {
        const session = store.requireSession(sessionId);
        const recorded = store.entry(sessionId, 0)?.payload.workdir;
        const workdir =
          typeof recorded === 'string' &&
          existsSync(recorded) &&
          within(realpathSync(recorded), this.#options.root)
            ? realpathSync(recorded)
            : this.#options.root;
        const bundle = exportSessionBundle(this.#options.io, store, {
          workdir,
          sessionId,
          bundle: undefined,
        });
        return {
          session_id: sessionId,
          status: session.status,
          entries: session.entries,
          head_hash: store.session(sessionId)?.head_hash ?? null,
          public_key: session.public_key,
          bundle,
          verify_command: verifyCommandFor('/', bundle, session.public_key),
        };
      },
      { intact: true },
    );
  }

  #verify(args: { path: string; key?: string | undefined }): Record<string, unknown> {
    const { root } = this.#options;
    const file = confinedPath(root, root, args.path, 'path', 'file');
    if (args.key !== undefined && !/^[0-9a-fA-F]{64}$/.test(args.key)) {
      throw new ServedPathError('key must be a 64-character hex Ed25519 public key');
    }
    const { trusted, source } = cliTrustedKeys(this.#options.io, {
      keys: args.key ? [args.key] : [],
      cwd: root,
    });
    const report = verifyBundleFile(file, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
    return { file, trust_source: source, exit_code: VERIFY_EXIT_CODES[report.status], ...report };
  }

  /**
   * `intact`: the answer states the chain's status (a verdict, an export), so SQLite's integrity
   * check runs first, as for `truss ledger verdict` and `ledger export` (docs/cli.md, `truss ledger`):
   * an index that disagrees with its table would show rows the walk did not verify as intact.
   */
  #withStore<T>(read: (store: LedgerStore) => T, options: { intact?: boolean } = {}): T {
    if (!existsSync(this.#options.db)) {
      throw new Error(`no ledger at ${this.#options.db} yet: run a contract first (truss_run_contract)`);
    }
    const store = LedgerStore.open(this.#options.db, {
      receipts: checkReceipt,
      readonly: true,
      untrusted: options.intact === true,
    });
    try {
      return read(store);
    } finally {
      store.close();
    }
  }
}
