import { join, resolve } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import {
  createNodeCrypto,
  exportBundleToFile,
  type LedgerEntry,
  type LedgerStore,
  loadKeyFile,
  loadOrCreateKeyFile,
  parseSeedBase64,
  readEntries,
  readKeyFileText,
  type SigningKey,
  streamTail,
  tailsFromStore,
} from '../core/ledger/index.js';
import { reportPathFor, writeReportFile } from '../core/report/index.js';
import type { CompletedOutcome, RunOutcome, RunResult, SuspendedOutcome } from '../core/run/index.js';
import {
  checkoutLine,
  contextLine,
  formatCount,
  isolationLine,
  reportFromEntries,
  selfValidationLine,
} from '../core/run/index.js';
import type { RunEvent } from '../core/runtime/index.js';
import { describeAwait } from '../core/runtime/index.js';
import type { Overall } from '../core/verify/index.js';
import { citationsOf, logLine } from '../core/verify/index.js';
import { checkHeartbeat } from './check-heartbeat.js';
import { EXIT } from './exit-codes.js';
import { fanoutLines } from './fanout-output.js';
import { type CliIo, jsonText } from './io.js';
import { PER_INSTALL_KEY_OTHERWISE, perInstallKeyPath } from './key-path.js';
import {
  completedJson,
  type OutcomeJsonContext,
  releaseCommands,
  shellQuote,
  suspendedJson,
  verifyCommandFor,
} from './outcome-json.js';
import { checkOutputPath, makeOutputDir, refuseLinksInWorkdir } from './output-path.js';
import { cliTrustedKeys } from './repo-trusted-keys.js';

/**
 * What `truss run`, `truss resume` and `truss signal` share: the signing key, progress lines, and
 * how an outcome (completed or suspended) is exported, printed and turned into an exit code.
 */

const OVERALL_EXIT: Record<Overall, number> = {
  pass: EXIT.ok,
  fail: EXIT.failed,
  unverifiable: EXIT.unverifiable,
};

export function resolveRunKey(keyFile: string | undefined, io: CliIo): SigningKey {
  const warn = (message: string) => io.stderr(`warning: ${message}\n`);
  if (keyFile) return loadKeyFile(resolve(io.cwd, keyFile), warn);
  // Set but empty (an unset CI secret expands to "") is an error, never a silent fallback to this
  // machine's key: the run would be signed by a key nobody pinned.
  if (io.env.TRUSS_SIGNING_KEY !== undefined)
    return parseSeedBase64(io.env.TRUSS_SIGNING_KEY, 'TRUSS_SIGNING_KEY');
  const path = perInstallKeyPath(io.env);
  const { key, created } = loadOrCreateKeyFile(path, PER_INSTALL_KEY_OTHERWISE);
  if (created)
    io.stderr(`created a signing key for this machine at ${path} (public key ${key.publicKeyHex})\n`);
  return key;
}

/**
 * The signing seed as text, for the run's secret scan: a key read from a file is not in the
 * environment, so the redactor would not otherwise know it (an agent could `cat` the file). Read as
 * the key itself is (`readKeyFileText`): a pipe given as `--key` is read once, for both.
 */
export function runKeySecrets(keyFile: string | undefined, io: CliIo): string[] {
  if (io.env.TRUSS_SIGNING_KEY && !keyFile) return [];
  const path = keyFile ? resolve(io.cwd, keyFile) : perInstallKeyPath(io.env);
  try {
    const seed = readKeyFileText(path).trim(); // never waits on a FIFO (docs/cli.md "Input files")
    return seed ? [seed] : [];
  } catch {
    return [];
  }
}

export function progressPrinter(io: CliIo, redact: (text: string) => string): (event: RunEvent) => void {
  // Warnings and descriptions can quote the judged party's text: one inert line each (log-text.ts).
  const say = (line: string) => io.stderr(`${logLine(line)}\n`);
  const heartbeat = checkHeartbeat(say);
  return (event) => {
    switch (event.type) {
      case 'check_started':
        heartbeat.started(event.clause, event.desc);
        break;
      case 'executor_started':
        say(`  … executor ${event.kind}${event.replaying ? ' (replaying the journal)' : ''}`);
        break;
      case 'agent_step':
        say(
          `      step ${event.step}${event.tools.length ? `: ${event.tools.join(', ')}` : ': final answer'}`,
        );
        break;
      case 'tool_call':
        if (event.isError) say(`      ${event.name}: error (the model sees it)`);
        break;
      case 'context_compacted':
        say(
          `      context compacted (${event.mode}) after step ${event.step}: ${formatCount(event.before_tokens)} → ${formatCount(event.after_tokens)} tokens`,
        );
        break;
      case 'check_finished':
        heartbeat.finished(event.clause);
        say(
          `  ${event.met ? '✔' : '✘'} check  [${event.clause + 1}] ${event.desc} (${Math.round(event.durationMs)} ms)`,
        );
        break;
      case 'review_started':
        say(`  … review [${event.clause + 1}] ${event.desc}${event.seats ? ` (${event.seats} seats)` : ''}`);
        break;
      case 'review_evidence_note':
        say(`      note: ${redact(event.note)} (the panel was told)`);
        break;
      case 'vote':
        say(`      seat ${event.seat + 1} (${event.lens}): ${event.vote}`);
        break;
      case 'provider_retry':
        say(
          `      ${event.provider}: retry ${event.attempt} in ${Math.round(event.delayMs)} ms (${redact(event.reason)})`,
        );
        break;
      case 'deadline':
        say(
          `  … deadline ${event.limit} (${event.source}): the run stops at ${new Date(event.at).toISOString()}`,
        );
        break;
      case 'warning':
        say(`  warning: ${redact(event.message)}`);
        break;
      case 'memory_recalled':
        say(
          `  … memory: ${event.entries} verified entr${event.entries === 1 ? 'y' : 'ies'} recalled (${event.tokens} tokens)`,
        );
        break;
      case 'memory_proposed':
        say(
          `  … memory: ${event.proposed} proposal${event.proposed === 1 ? '' : 's'} stored unverified (${event.created} new); see truss memory list`,
        );
        break;
      case 'child_started':
        say(`  … attempt ${event.attempt} (session ${event.sessionId})`);
        break;
      case 'child_finished':
        say(
          `  ${event.overall === 'pass' ? '✔' : '✘'} attempt ${event.attempt}: ${event.overall ? event.overall.toUpperCase() : event.status} ($${event.costUsd.toFixed(4)})`,
        );
        break;
      default:
        break;
    }
  };
}

export interface ReportContext extends OutcomeJsonContext {
  /** `--bundle`, else `<workdir>/.truss/bundles/<session>.json`. */
  bundle: string | undefined;
  json: boolean;
}

/**
 * Refuses unusable output paths (`--db`, `--bundle` and the report beside it) before anything runs:
 * a run whose bundle cannot be written would otherwise sign a verdict and then fail. OutputPathError.
 */
export function checkRunOutputs(
  io: CliIo,
  options: { dbPath: string; workdir: string; bundle: string | undefined },
): void {
  checkOutputPath(options.dbPath, '--db');
  const bundle = options.bundle
    ? resolve(io.cwd, options.bundle)
    : join(options.workdir, '.truss/bundles', 'session.json');
  const inside = { workdir: options.workdir, flag: '--bundle' };
  checkOutputPath(bundle, options.bundle ? '--bundle' : 'the bundle', inside);
  checkOutputPath(reportPathFor(bundle), 'the HTML report', inside);
}

/** Where a session's bundle is exported: `--bundle`, else `<workdir>/.truss/bundles/<session>.json`. */
export function bundlePathFor(
  io: CliIo,
  workdir: string,
  sessionId: string,
  bundle: string | undefined,
): string {
  return resolve(io.cwd, bundle ?? join(workdir, '.truss/bundles', `${sessionId}.json`));
}

/**
 * Exports a session's bundle where {@link bundlePathFor} says, making its directory first. Checked
 * again after the directory exists: neither the bundle nor the report written beside it may go
 * through a symbolic link inside the working copy (OutputPathError).
 */
export function exportSessionBundle(
  io: CliIo,
  store: LedgerStore,
  options: { workdir: string; sessionId: string; bundle: string | undefined },
): string {
  const bundlePath = bundlePathFor(io, options.workdir, options.sessionId, options.bundle);
  makeOutputDir(options.workdir, bundlePath, options.bundle ? '--bundle' : 'the bundle', '--bundle');
  refuseLinksInWorkdir(options.workdir, reportPathFor(bundlePath), 'the HTML report', '--bundle');
  exportBundleToFile(store, options.sessionId, createNodeCrypto(), bundlePath);
  return bundlePath;
}

/**
 * Renders what the run service returned: an aborted run says where its `run_failed` is (130/143
 * when a signal stopped it); anything else is exported and printed by {@link reportOutcome}.
 */
export function reportResult(result: RunResult, context: ReportContext, signal: AbortSignal): number {
  if (result.status !== 'aborted') return reportOutcome(result, context);
  const exit = abortedExit(signal);
  // A signal's run_failed is final: say so, since "interrupted" reads like something resume continues.
  const final = exit === EXIT.failed ? '' : '; a cancelled run cannot be resumed: run the contract again';
  const message = `${result.message}\nthe ledger records run_failed; inspect it with: truss ledger show ${result.sessionId} --db ${context.dbPath}${final}`;
  context.io.stderr(`truss: ${message}\n`);
  // Under --json the failure is the one document on stdout, as for every failed command (docs/cli.md).
  if (context.json)
    context.io.stdout(`${JSON.stringify({ error: { exit, message, session_id: result.sessionId } })}\n`);
  return exit;
}

/** Where an outcome's bundle and HTML report were written. */
export interface OutcomeFiles {
  bundlePath: string;
  reportPath: string | null;
}

/** Exports the session's bundle and writes the HTML report beside it (the report is best-effort). */
export function exportOutcome(outcome: RunOutcome, context: Omit<ReportContext, 'json'>): OutcomeFiles {
  const bundlePath = exportBundleOf(outcome, context);
  return { bundlePath, reportPath: writeRunReport(context, bundlePath) };
}

function exportBundleOf(outcome: RunOutcome, context: Omit<ReportContext, 'json'>): string {
  return exportSessionBundle(context.io, context.store, {
    workdir: context.workdir,
    sessionId: outcome.sessionId,
    bundle: context.bundle,
  });
}

/**
 * A finished run as `truss run --json` prints it and `truss mcp serve` answers it: exported, with
 * the verdict (or the suspension and how to release it), the head hash, the bundle and the exact
 * verify command. An aborted run says where its `run_failed` is.
 */
export function outcomeSummary(
  result: RunResult,
  context: Omit<ReportContext, 'json'>,
): Record<string, unknown> {
  if (result.status === 'aborted') {
    return {
      session_id: result.sessionId,
      status: 'aborted',
      message: result.message,
      cancelled: result.cancelled,
      db: context.dbPath,
      inspect: `truss ledger show ${result.sessionId} --db ${shellQuote(context.dbPath)}`,
    };
  }
  const files = exportOutcome(result, context);
  if (result.status === 'suspended') {
    return suspendedJson(result, context, files, releaseCommands(result, context));
  }
  return completedJson(result, context, files, [...context.store.entries(result.sessionId)]);
}

/** Exports the bundle, prints the outcome and returns the exit code (6 for a suspended run). */
export function reportOutcome(outcome: RunOutcome, context: ReportContext): number {
  const { io, store } = context;
  if (outcome.status === 'suspended' || context.json) {
    const files = exportOutcome(outcome, context);
    if (outcome.status === 'suspended') return reportSuspended(outcome, context, files);
    const entries = [...store.entries(outcome.sessionId)];
    io.stdout(`${jsonText(completedJson(outcome, context, files, entries))}\n`);
    return OVERALL_EXIT[outcome.verdict.overall];
  }
  // A person reads the verdict as soon as the bundle it names exists; the HTML page is written after.
  // (--json prints once, after both files exist, so a script never opens a report still being written.)
  const bundlePath = exportBundleOf(outcome, context);
  const entries = [...store.entries(outcome.sessionId)];
  const verifyCommand = verifyCommandFor(io.cwd, bundlePath, context.key.publicKeyHex);
  io.stdout(`${formatVerdict(store, entries, outcome, context.key, bundlePath, verifyCommand)}\n`);
  const reportPath = writeRunReport(context, bundlePath);
  if (reportPath)
    io.stdout(`report ${reportPath} (open it in a browser; it re-verifies the ledger itself)\n`);
  return OVERALL_EXIT[outcome.verdict.overall];
}

/**
 * Writes the HTML report beside the bundle (`<session>.html`), pinned to the workdir's
 * `.truss/trusted-keys` when it has one. A report that cannot be written is a warning, not a failed run.
 */
function writeRunReport(context: Omit<ReportContext, 'json'>, bundlePath: string): string | null {
  const output = reportPathFor(bundlePath);
  try {
    const { trusted, source } = cliTrustedKeys(context.io, { cwd: context.workdir });
    writeReportFile({
      bundlePath,
      output,
      trusted,
      trustSource: source,
      generator: `truss ${pkg.version}`,
    });
    return output;
  } catch (error) {
    context.io.stderr(`warning: could not write the HTML report ${output}: ${(error as Error).message}\n`);
    return null;
  }
}

function reportSuspended(outcome: SuspendedOutcome, context: ReportContext, files: OutcomeFiles): number {
  const { io } = context;
  const { suspension } = outcome;
  const release = releaseCommands(outcome, context);
  if (context.json) {
    io.stdout(`${jsonText(suspendedJson(outcome, context, files, release))}\n`);
  } else {
    const lines = [
      '',
      `SUSPENDED at seq ${suspension.seq}: ${suspension.reason}`,
      `waiting for: ${describeAwait(suspension.await)}`,
    ];
    if (suspension.noApprovers) {
      lines.push(
        `no approvers are configured, so no approval can release this gate yet: add the reviewer's public key to ${join(context.workdir, '.truss/trusted-keys')} or to the contract's [approval_gates] approvers = ["<64 hex>"] (or pass truss resume --approvers FILE)`,
      );
    }
    for (const review of suspension.unpinnedReviews ?? []) {
      lines.push(
        `ignored: ${review.decision} at seq ${review.seq} is signed by ${review.reviewer_key_id}, which is not a configured approver; add its public key with roles=reviewer to ${join(context.workdir, '.truss/trusted-keys')} or to the contract's [approval_gates] approvers (or pass truss resume --approvers FILE)`,
      );
    }
    if (suspension.blocked) {
      lines.push(
        `blocked: ${suspension.blocked.decision} by ${suspension.blocked.reviewer_key_id} at seq ${suspension.blocked.seq}${suspension.blocked.note ? ` (${suspension.blocked.note})` : ''}; the run stays suspended until a later approval`,
      );
    }
    lines.push('to continue:', ...release.map((line) => `  ${line}`));
    lines.push(`session ${outcome.sessionId} · head ${outcome.headHash}`, `bundle ${files.bundlePath}`);
    if (files.reportPath) lines.push(`report ${files.reportPath}`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  return EXIT.suspended;
}

const MARK: Record<string, string> = { met: '✔ met', not_met: '✘ NOT MET', unverifiable: '? unverifiable' };

/** The verdict as a person reads it, rendered from the signed entries themselves. */
function formatVerdict(
  store: LedgerStore,
  entries: LedgerEntry[],
  outcome: CompletedOutcome,
  key: SigningKey,
  bundlePath: string,
  verifyCommand: string,
): string {
  const lines: string[] = [''];
  if (outcome.fanout) lines.push(...fanoutLines(outcome.fanout));
  if (outcome.executor) {
    const e = outcome.executor;
    lines.push(
      `executor ${e.kind}: ${e.failure ? `FAILED (${e.failure})` : e.budgetExhausted ? `stopped (${e.budgetExhausted})` : 'finished'}` +
        `${e.kind === 'in-loop' ? `, ${e.steps} model call${e.steps === 1 ? '' : 's'}` : ''}` +
        `${e.changedFiles.length ? `, changed ${e.changedFiles.join(', ')}` : ''}`,
    );
  }
  const report = reportFromEntries(outcome.sessionId, entries);
  if (report.context) lines.push(`context: ${contextLine(report.context)}`);
  const where = checkoutLine(report.checkout);
  if (where) lines.push(where);
  let failedSetup = readEntries(entries, 'checks_setup').find((e) => e.payload.met === false)?.payload;
  for (const clause of outcome.verdict.clauses) {
    lines.push(`[${clause.clause + 1}] ${clause.kind.padEnd(6)} ${MARK[clause.status]}  ${clause.desc}`);
    const self = report.clauses.find((c) => c.index === clause.clause);
    const seen = self ? selfValidationLine(self) : null;
    if (seen) lines.push(`    ${seen}`);
    if (clause.kind === 'check') {
      const result = readEntries(entries, 'check_result').find(
        (e) => e.payload.clause === clause.clause,
      )?.payload;
      if (clause.status !== 'met') {
        // Say why even when the check never ran (a failed `[checks] setup`: docs/contracts.md); its output once.
        const ran = result ?? failedSetup;
        if (!result) failedSetup = undefined;
        lines.push(`    ${clause.reason}`);
        const tails = tailsFromStore(store);
        const tail = [streamTail(ran?.stdout, tails), streamTail(ran?.stderr, tails)].join('\n').trim();
        for (const line of tail.split('\n').slice(-12)) if (line) lines.push(`    │ ${line}`);
      }
    } else {
      const votes = readEntries(entries, 'review_vote')
        .filter((e) => e.payload.clause === clause.clause)
        .map((e) => e.payload);
      // A flagged clause (suspected prompt injection) says why and where, whatever the votes.
      if (votes.length === 0 || clause.injection) lines.push(`    ${clause.reason}`);
      for (const vote of votes) {
        const reasoning = (vote.reasoning ?? '').replace(/\s+/g, ' ');
        lines.push(
          `    seat ${vote.seat + 1} ${(vote.lens ?? '').padEnd(12)} ${vote.vote.padEnd(12)} ${vote.provider ?? ''}/${vote.model ?? ''}: ${reasoning.slice(0, 160)}${reasoning.length > 160 ? '…' : ''}`,
        );
        // Each finding where it is; one that is not on a changed line says why (docs/contracts.md).
        for (const citation of citationsOf(vote)) {
          const where = citation.anchored
            ? `${citation.path}:${citation.start_line}${citation.end_line !== citation.start_line ? `-${citation.end_line}` : ''}`
            : `${citation.location} (not on a changed line: ${citation.unanchored})`;
          lines.push(`      ↳ ${where}: ${citation.problem.replace(/\s+/g, ' ').slice(0, 160)}`);
        }
      }
    }
  }
  for (const reason of outcome.verdict.forced) lines.push(`forced FAIL: ${reason}`);
  const isolation = report.isolation;
  lines.push(isolation ? isolationLine(isolation) : 'checks isolated: not recorded (none)');
  // A fan-out's model calls and votes are in its attempts' ledgers (docs/fanout.md).
  const all = outcome.fanout
    ? [...entries, ...outcome.fanout.legs.flatMap((leg) => [...store.entries(leg.sessionId)])]
    : entries;
  if (readEntries(all, 'review_vote').some((e) => e.payload.provider === 'scripted')) {
    lines.push(
      'note: the panel is SCRIPTED (replayed fixture answers, not a model); use a real [provider] for real review',
    );
  }
  if (readEntries(all, 'model_result').some((e) => e.payload.provider === 'scripted')) {
    lines.push('note: the agent is SCRIPTED (replayed fixture answers, not a model)');
  }
  const counts = { met: 0, not_met: 0, unverifiable: 0 };
  for (const clause of outcome.verdict.clauses) counts[clause.status]++;
  lines.push('');
  lines.push(
    `VERDICT: ${outcome.verdict.overall.toUpperCase()}  (${counts.met} met, ${counts.not_met} not met, ${counts.unverifiable} unverifiable)`,
  );
  lines.push(
    `cost $${outcome.spent.costUsd.toFixed(4)} · ${outcome.spent.totalTokens} tokens · session ${outcome.sessionId}`,
  );
  lines.push(`head ${outcome.headHash} · signed by ${key.keyId}`);
  lines.push(`bundle ${bundlePath}`);
  lines.push(`verify: ${verifyCommand}`);
  // Findings, reasoning and check output are the judged party's text: one inert line each.
  return lines.map(logLine).join('\n');
}

export { relativeOrAbsolute, shellQuote } from './outcome-json.js';

/**
 * SIGINT/SIGTERM cancel the run (journaled as run_failed 'cancelled'); the abort reason is the
 * signal's name, so the exit code can say it was interrupted. Returns the detach function.
 */
export function cancelOnSignals(abort: AbortController): () => void {
  const onInt = () => abort.abort('SIGINT');
  const onTerm = () => abort.abort('SIGTERM');
  process.once('SIGINT', onInt);
  process.once('SIGTERM', onTerm);
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  };
}

export { isolationFlag, setUpIsolation } from './run-isolation-setup.js';

/**
 * The exit code of a run that ended in run_failed: 130 / 143 when SIGINT / SIGTERM stopped it (as a
 * shell reports a killed command, and never the same code as a FAIL verdict), else 1.
 */
export function abortedExit(signal: AbortSignal): number {
  if (signal.aborted && signal.reason === 'SIGINT') return EXIT.interrupted;
  if (signal.aborted && signal.reason === 'SIGTERM') return EXIT.terminated;
  return EXIT.failed;
}
