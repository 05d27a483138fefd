import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pkg from '../../../package.json' with { type: 'json' };
import { checkReceipt } from '../../core/anchor/index.js';
import {
  type EvalArm,
  findContract,
  parseArms,
  resolveContract,
  workdirConfig,
} from '../../core/contract/index.js';
import { LedgerStore } from '../../core/ledger/index.js';
import type { MemoryEntry, RunMemory } from '../../core/memory/index.js';
import { secretRedactor } from '../../core/process/index.js';
import { renderEvalPage } from '../../core/report/index.js';
import { type EvalReport, type EvalResult, startEval } from '../../core/run/index.js';
import { parseCommandArgs } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, printHelp } from '../io.js';
import { openRunMemory } from '../memory-io.js';
import { checkOutputPath } from '../output-path.js';
import { finishParentSession } from '../parent-output.js';
import {
  cancelOnSignals,
  progressPrinter,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation,
} from '../run-output.js';
import { UsageError } from '../usage-error.js';
import { workdirFlag } from '../workdir-flag.js';

export const EVAL_HELP = `Usage: truss eval CONTRACT --arms ARM,ARM[,...] [--repeats N] [options]

Paired eval (docs/eval.md): runs CONTRACT N times per arm, where each arm changes exactly one
setting of the resolved contract, and signs the comparison. Every run is its own signed child
session anchored in one eval session, which ends with a signed eval_report {arms: [{name, runs,
pass_rate, cost_usd, tokens, wall_ms, child_refs}], delta, summary}. Prints a table and writes an
HTML page with the comparison (pass rate and cost per arm).

An arm is [NAME:]PATH=VALUE, PATH a dotted key of the contract, VALUE JSON or text, e.g.
  --arms executor.model=claude-sonnet-4-5,executor.model=claude-opus-4-1
  --arms small:provider.script=small.json,large:provider.script=large.json
The panel is the contract's own for every arm; [contract], [[done]] and [fanout] cannot change.

Options:
  --arms LIST          the arms, comma-separated (at least two)
  --repeats N          runs per arm (default 3, at most 100)
  --workdir DIR        the repository (default: current directory)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           signing key (as for truss run)
  --isolation MODE     auto | uid | bwrap | none (as for truss run)
  -o, --output FILE    the HTML page (default: <workdir>/.truss/eval/<session>.html)
  --json               print the eval report as JSON (progress still goes to stderr)

Examples:
  truss eval tests --arms executor.model=claude-sonnet-4-5,executor.model=claude-opus-4-1 --repeats 5
  truss eval tests --arms small:provider.script=small.json,large:provider.script=large.json -o eval.html

Exit codes: 0 the eval completed (whatever the pass rates), 1 it failed (run_failed is signed),
3 bad contract/arms/key, 64 usage, 130/143 interrupted`;

export async function evalCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('eval', args, {
    arms: { type: 'string' },
    repeats: { type: 'string' },
    workdir: { type: 'string' },
    db: { type: 'string' },
    key: { type: 'string' },
    isolation: ISOLATION_FLAG,
    output: { type: 'string', short: 'o' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, EVAL_HELP);
  if (positionals.length !== 1)
    throw new UsageError('eval: expected exactly one CONTRACT (a .toml path or a contract name)');
  if (!values.arms)
    throw new UsageError('eval: --arms is required (e.g. --arms executor.model=a,executor.model=b)');
  const repeats = values.repeats === undefined ? 3 : Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100)
    throw new UsageError('eval: --repeats must be an integer from 1 to 100');
  return launchEval(io, {
    contractRef: positionals[0] as string,
    arms: parseArms(values.arms),
    repeats,
    values,
    finish: ({ completed, bundlePath, pagePath, verifyCommand }) => {
      if (values.json) {
        io.stdout(
          `${JSON.stringify({ session_id: completed.sessionId, head_hash: completed.headHash, ...completed.report, bundle: bundlePath, page: pagePath, verify_command: verifyCommand }, null, 2)}\n`,
        );
      } else {
        io.stdout(
          `${formatEval(completed.report)}\nsession ${completed.sessionId} · head ${completed.headHash}\nbundle ${bundlePath}\npage ${pagePath}\nverify: ${verifyCommand}\n`,
        );
      }
      return EXIT.ok;
    },
  });
}

/** Where an eval runs and signs: the flags `truss eval` and `truss playbook promote --eval` share. */
export interface EvalPlaceValues {
  workdir?: string | undefined;
  db?: string | undefined;
  key?: string | undefined;
  isolation?: string | undefined;
  output?: string | undefined;
}

/** A completed eval, its bundle and page written. */
export interface FinishedEval {
  completed: Extract<EvalResult, { status: 'completed' }>;
  bundlePath: string;
  pagePath: string;
  verifyCommand: string;
  store: LedgerStore;
}

/**
 * Resolves the contract, runs the paired eval as `truss eval` does (isolation, signals, the run
 * memory of the ledger database), writes its bundle and page, then hands the completed eval to
 * `finish` while the ledger is still open (an eval-gated promotion signs its decision there).
 * `open` lends a ledger and memory the caller already holds (and closes itself).
 */
export async function launchEval(
  io: CliIo,
  launch: {
    contractRef: string;
    arms: EvalArm[];
    repeats: number;
    values: EvalPlaceValues;
    trials?: Readonly<Record<string, MemoryEntry>> | undefined;
    open?: { store: LedgerStore; memory: RunMemory } | undefined;
    finish: (done: FinishedEval) => number | Promise<number>;
  },
): Promise<number> {
  const { values, arms, repeats } = launch;
  const workdir = workdirFlag(io, values.workdir);
  const contractPath = findContract(launch.contractRef, workdir, io.cwd);
  const { contract, hash } = resolveContract({
    configPath: workdirConfig(workdir),
    contractPath,
  });
  const key = resolveRunKey(values.key, io);
  const dbPath = ledgerDbPath(io, values.db, workdir);
  checkOutputPath(dbPath, '--db');
  const sessionId = randomUUID();
  const pagePath = resolve(io.cwd, values.output ?? join(workdir, '.truss/eval', `${sessionId}.html`));
  checkOutputPath(pagePath, values.output ? '--output' : 'the eval page', {
    workdir: workdir,
    flag: '--output',
  });
  mkdirSync(dirname(dbPath), { recursive: true });
  const keySecrets = runKeySecrets(values.key, io);
  const isolation = await setUpIsolation({
    io,
    flag: values.isolation,
    contract,
    workdir,
    dbPath,
    keyFile: values.key,
    contractPath,
  });
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  io.stderr(`truss eval ${contract.contract.id}: ${arms.length} arms × ${repeats} runs\n`);
  const store = launch.open?.store ?? LedgerStore.open(dbPath, { receipts: checkReceipt });
  const memory = launch.open?.memory ?? openRunMemory(io, store, { workdir, keyFile: values.key });
  try {
    const result = await startEval({
      sessionId,
      contract,
      contractHash: hash,
      arms,
      repeats,
      workdir,
      store,
      signer: key,
      codeVersion: `truss ${pkg.version}`,
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: 'cli' },
      trials: launch.trials,
      host: {
        events: progressPrinter(io, secretRedactor(io.env, keySecrets)),
        signal: abort.signal,
        isolation,
        env: io.env,
        secrets: keySecrets,
        hostCwd: io.cwd,
        toolServer: io.trussCommand,
        contractDir: dirname(contractPath),
        memory,
      },
    });
    const finished = finishParentSession(io, {
      store,
      result,
      workdir,
      publicKeyHex: key.publicKeyHex,
      signal: abort.signal,
      pagePath,
      page: (completed, verifyCommand) =>
        renderEvalPage({
          report: completed.report,
          sessionId: completed.sessionId,
          contractId: contract.contract.id,
          headHash: completed.headHash,
          verifyCommand,
          generator: `truss ${pkg.version}`,
        }),
    });
    if ('exit' in finished) return finished.exit;
    return await launch.finish({ ...finished, pagePath, store });
  } finally {
    detach();
    if (!launch.open) {
      (memory as RunMemory & { close(): void }).close();
      store.close();
    }
  }
}

/** The comparison as a table, then the deltas against the first arm. */
export function formatEval(report: EvalReport): string {
  const header = ['arm', 'change', 'passed', 'rate', 'cost', 'tokens', 'wall'];
  const rows = report.arms.map((arm) => [
    arm.name,
    arm.change,
    `${arm.passes}/${arm.runs}`,
    `${Math.round(arm.pass_rate * 100)}%`,
    `$${arm.cost_usd.toFixed(4)}`,
    String(arm.tokens),
    `${(arm.wall_ms / 1000).toFixed(1)} s`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] as string).length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  const lines = ['', line(header), ...rows.map(line)];
  const sign = (n: number) => (n >= 0 ? '+' : '−');
  for (const d of report.delta) {
    lines.push(
      `${d.arm} vs ${d.vs}: ${sign(d.pass_rate)}${Math.abs(Math.round(d.pass_rate * 100))} pp pass rate, ${sign(d.cost_usd)}$${Math.abs(d.cost_usd).toFixed(4)}, ${sign(d.tokens)}${Math.abs(d.tokens)} tokens`,
    );
  }
  return lines.join('\n');
}
