import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import pkg from '../../../package.json' with { type: 'json' };
import { checkReceipt } from '../../core/anchor/index.js';
import {
  BenchInputError,
  benchContract,
  parseBenchDataset,
  parsePredictions,
  resolveBenchRepo,
} from '../../core/contract/index.js';
import { readInputText } from '../../core/input-file.js';
import { LedgerStore } from '../../core/ledger/index.js';
import { secretRedactor } from '../../core/process/index.js';
import { cannotRead } from '../../core/read-failure.js';
import { renderBenchPage } from '../../core/report/index.js';
import { type BenchPanelChoice, startBench } from '../../core/run/index.js';
import type { RunEvent } from '../../core/runtime/index.js';
import { parseCommandArgs } from '../args.js';
import { formatBench } from '../bench-output.js';
import { ISOLATION_FLAG, PROVIDER_FLAG } from '../choice-flags.js';
import { ledgerDbPath } from '../db-path.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, printHelp } from '../io.js';
import { checkOutputPath } from '../output-path.js';
import { finishParentSession } from '../parent-output.js';
import {
  cancelOnSignals,
  progressPrinter,
  relativeOrAbsolute,
  resolveRunKey,
  runKeySecrets,
  setUpIsolation,
} from '../run-output.js';
import { UsageError } from '../usage-error.js';

export const BENCH_VERDICTS_HELP = `Usage: truss bench-verdicts DATASET.jsonl [options]

Verdict-quality benchmark (docs/bench-verdicts.md): how often is the verdict right? Every record
(SWE-bench's instance shape: repo, base_commit, problem_statement, patch or good_patch, bad_patch,
test_patch, FAIL_TO_PASS, PASS_TO_PASS) becomes a contract — the problem statement as intent, its
tests as checks, a review clause for the panel — run with executor none on the good and on the bad
patch, each run a signed child session in its own temp copy of the repository. Reports false-PASS
and false-FAIL rates of checks alone, the panel alone and both, with cost and wall time, signed as
one bench_result per record and a bench_report; prints a table and writes an HTML page.

Repositories are never fetched: "repo" is a path to a local clone (relative to the dataset), or
owner/name with --repos DIR, read as DIR/owner__name.

Options:
  --repos DIR          where owner/name repositories are cloned, as DIR/owner__name
  --solve FILE         grade the model patches in FILE (SWE-bench predictions: instance_id,
                       model_patch, model_name_or_path) instead of each record's good and bad patch
  --instances LIST     only these instance ids (comma-separated)
  --test-cmd CMD       for records without test_cmd: {test} runs one check per test,
                       {tests} one per list, e.g. "pytest {tests}" (test names are shell-quoted)
  --setup CMD          for records without setup: [checks] setup, e.g. "npm ci"
  --timeout SEC        each check's timeout (default 300)
  --checks-only        no review clause: measure the checks alone
  --provider KIND      the panel: anthropic | openai-compatible | github-models | scripted
  --model MODEL        the panel's model
  --base-url URL       API base URL (OpenAI-compatible servers)
  --script FILE        the panel's scripted fixture (implies --provider scripted)
  --reviewers N        panel seats (default 3)
  --db FILE            ledger database (default: .truss/ledger.db)
  --key FILE           signing key (as for truss run)
  --isolation MODE     auto | uid | bwrap | none (as for truss run)
  -o, --output FILE    the HTML page (default: .truss/bench/<session>.html)
  --json               print the report and every record's result as JSON

Without --provider (or --script) the panel is a PLACEHOLDER — scripted seats that always vote met,
as the shipped example contracts run without an API key — and every output labels its figures so.

Examples:
  truss bench-verdicts examples/bench-verdicts/textkit.jsonl --repos /tmp/repos --checks-only
  truss bench-verdicts data.jsonl --repos /tmp/repos --solve predictions.jsonl --json > results.json

Exit codes: 0 the benchmark completed (whatever the rates), 1 it failed (run_failed is signed),
3 bad dataset, predictions, repository or key, 64 usage, 130/143 interrupted`;

export async function benchVerdicts(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('bench-verdicts', args, {
    repos: { type: 'string' },
    solve: { type: 'string' },
    instances: { type: 'string' },
    'test-cmd': { type: 'string' },
    setup: { type: 'string' },
    timeout: { type: 'string' },
    'checks-only': { type: 'boolean' },
    provider: PROVIDER_FLAG,
    model: { type: 'string' },
    'base-url': { type: 'string' },
    script: { type: 'string' },
    reviewers: { type: 'string' },
    db: { type: 'string' },
    key: { type: 'string' },
    isolation: ISOLATION_FLAG,
    output: { type: 'string', short: 'o' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, BENCH_VERDICTS_HELP);
  if (positionals.length !== 1) throw new UsageError('bench-verdicts: expected exactly one DATASET.jsonl');
  const timeoutSec = values.timeout === undefined ? 300 : Number(values.timeout);
  if (!(timeoutSec > 0 && timeoutSec <= 86_400))
    throw new UsageError('bench-verdicts: --timeout must be a number of seconds from 1 to 86400');
  const panel = panelChoice(values, io);
  const datasetPath = resolve(io.cwd, positionals[0] as string);
  const datasetText = readInput(datasetPath, 'dataset');
  let records = parseBenchDataset(datasetText, relativeOrAbsolute(io.cwd, datasetPath));
  if (values.instances) {
    const wanted = values.instances.split(',').map((id) => id.trim());
    const unknown = wanted.filter((id) => !records.some((r) => r.instanceId === id));
    if (unknown.length > 0)
      throw new BenchInputError(`--instances: no record ${unknown.join(', ')} in the dataset`);
    records = records.filter((r) => wanted.includes(r.instanceId));
  }
  const predictionsPath = values.solve ? resolve(io.cwd, values.solve) : undefined;
  const predictionsText = predictionsPath ? readInput(predictionsPath, '--solve predictions') : undefined;
  const allPredictions =
    predictionsPath && predictionsText !== undefined
      ? parsePredictions(predictionsText, relativeOrAbsolute(io.cwd, predictionsPath))
      : undefined;
  // --instances narrows the predictions too; without it, one for an unknown instance is refused.
  const predictions =
    allPredictions && values.instances
      ? allPredictions.filter((p) => records.some((r) => r.instanceId === p.instanceId))
      : allPredictions;
  const judged = predictions
    ? records.filter((r) => predictions.some((p) => p.instanceId === r.instanceId))
    : records;
  const reposDir = values.repos ? resolve(io.cwd, values.repos) : undefined;
  const repos = new Map(
    judged.map((r) => [
      r.instanceId,
      resolveBenchRepo(r.repo, { ...(reposDir ? { reposDir } : {}), datasetDir: dirname(datasetPath) }),
    ]),
  );
  const contractSettings = { testCmd: values['test-cmd'] ?? null, setup: values.setup ?? null, timeoutSec };
  const key = resolveRunKey(values.key, io);
  const dbPath = ledgerDbPath(io, values.db);
  checkOutputPath(dbPath, '--db');
  const sessionId = randomUUID();
  const pagePath = resolve(io.cwd, values.output ?? join(io.cwd, '.truss/bench', `${sessionId}.html`));
  checkOutputPath(pagePath, values.output ? '--output' : 'the benchmark page', {
    workdir: io.cwd,
    flag: '--output',
  });
  mkdirSync(dirname(dbPath), { recursive: true });
  const keySecrets = runKeySecrets(values.key, io);
  const first = judged[0];
  // Every run works in its own copy under this directory; the isolation is granted nothing else.
  const work = mkdtempSync(join(tmpdir(), 'truss-bench-work-'));
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt });
  try {
    const isolation = await setUpIsolation({
      io,
      flag: values.isolation,
      contract: benchContract(first ?? (records[0] as (typeof records)[number]), {
        ...contractSettings,
        provider: null,
        reviewers: 1,
      }).contract,
      workdir: work,
      dbPath,
      keyFile: values.key,
    });
    io.stderr(
      `truss bench-verdicts ${basename(datasetPath)}: ${judged.length} records${predictions ? `, ${predictions.length} model patches` : ''}\n`,
    );
    const progress = progressPrinter(io, secretRedactor(io.env, keySecrets));
    const result = await startBench({
      sessionId,
      records,
      predictions,
      repos,
      contract: contractSettings,
      panel,
      dataset: { file: basename(datasetPath), sha256: sha256(datasetText) },
      predictionsFile:
        predictionsPath && predictionsText !== undefined
          ? { file: basename(predictionsPath), sha256: sha256(predictionsText) }
          : undefined,
      store,
      signer: key,
      codeVersion: `truss ${pkg.version}`,
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: 'cli' },
      host: {
        events: (event: RunEvent) => {
          if (event.type === 'phase') io.stderr(`  … ${event.name}\n`);
          else progress(event);
        },
        signal: abort.signal,
        isolation,
        env: io.env,
        secrets: keySecrets,
        hostCwd: io.cwd,
        cleanRoomParent: work,
      },
    });
    const finished = finishParentSession(io, {
      store,
      result,
      workdir: io.cwd,
      publicKeyHex: key.publicKeyHex,
      signal: abort.signal,
      pagePath,
      page: (completed, verifyCommand) =>
        renderBenchPage({
          report: completed.report,
          results: completed.results,
          sessionId: completed.sessionId,
          headHash: completed.headHash,
          verifyCommand,
          generator: `truss ${pkg.version}`,
        }),
    });
    if ('exit' in finished) return finished.exit;
    const { completed, bundlePath, verifyCommand } = finished;
    const where = { bundle: bundlePath, page: pagePath, verify_command: verifyCommand };
    io.stdout(
      values.json
        ? `${JSON.stringify({ session_id: completed.sessionId, head_hash: completed.headHash, ...completed.report, results: completed.results, ...where }, null, 2)}\n`
        : `${formatBench(completed.report, completed.results)}\nsession ${completed.sessionId} · head ${completed.headHash}\nbundle ${bundlePath}\npage ${pagePath}\nverify: ${verifyCommand}\n`,
    );
    return EXIT.ok;
  } finally {
    detach();
    store.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The panel the flags name: none (--checks-only), a provider, or the labelled placeholder. */
function panelChoice(values: Record<string, string | boolean | undefined>, io: CliIo): BenchPanelChoice {
  const reviewers = values.reviewers === undefined ? 3 : Number(values.reviewers);
  if (!(Number.isInteger(reviewers) && reviewers >= 1 && reviewers <= 15))
    throw new UsageError('bench-verdicts: --reviewers must be an integer from 1 to 15');
  const named = ['provider', 'model', 'base-url', 'script'].filter((flag) => values[flag] !== undefined);
  if (values['checks-only']) {
    if (named.length > 0)
      throw new UsageError(`bench-verdicts: --checks-only has no panel; drop --${named.join(', --')}`);
    return { kind: 'checks-only' };
  }
  const script = values.script as string | undefined;
  const kind = (values.provider as string | undefined) ?? (script ? 'scripted' : undefined);
  if (!kind) {
    if (named.length > 0) throw new UsageError('bench-verdicts: --model and --base-url need --provider KIND');
    return { kind: 'placeholder', reviewers };
  }
  if (kind === 'scripted' && !script)
    throw new UsageError('bench-verdicts: --provider scripted needs --script FILE');
  if (kind !== 'scripted' && !values.model)
    throw new UsageError(`bench-verdicts: --provider ${kind} needs --model MODEL`);
  const scriptPath = script ? resolve(io.cwd, script) : undefined;
  return {
    kind: 'provider',
    reviewers,
    settings: {
      kind: kind as 'anthropic' | 'openai-compatible' | 'github-models' | 'scripted',
      ...(values.model ? { model: values.model as string } : {}),
      ...(values['base-url'] ? { base_url: values['base-url'] as string } : {}),
      ...(scriptPath ? { script: basename(scriptPath) } : {}),
    },
    fixtureDir: scriptPath ? dirname(scriptPath) : undefined,
  };
}

function readInput(path: string, what: string): string {
  try {
    return readInputText(path); // never waits on a FIFO (docs/cli.md "Input files")
  } catch (error) {
    throw new BenchInputError(
      `${cannotRead(`the ${what} ${path}`, error)}; check the path (docs/bench-verdicts.md)`,
    );
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
