#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  BenchInputError,
  EVAL_ARM_OFF,
  EVAL_ARM_ON,
  benchContract,
  createCtx,
  nextTrust,
  signDecision,
  supersededBy
} from "./chunk-WYRVO7HT.js";
import {
  panelModels,
  panelSeatsBuilder
} from "./chunk-Y3EZ5L4C.js";
import {
  childWorkdirs,
  recordedDiff,
  storedChild
} from "./chunk-25BZ7EXM.js";
import {
  applyArm
} from "./chunk-WJWQSWAM.js";
import {
  recordedSeatVote
} from "./chunk-XIQFOUBC.js";
import {
  RunAbortedError,
  cleanRoomGitEnv,
  materializeCleanRoom,
  readRecordedContract,
  resumeContract,
  runChild,
  runContract
} from "./chunk-RH3PQHM7.js";
import {
  CancelledError,
  DurableSession,
  MemoryError,
  contractHash
} from "./chunk-P5AJ53RB.js";
import {
  BudgetMeter,
  budgetMeterFor
} from "./chunk-HUZIAC4E.js";
import {
  createIsolation,
  describeIsolation
} from "./chunk-SNYT3JXL.js";
import {
  citationsOf
} from "./chunk-ASHGVO73.js";
import {
  ANNOTATION_KINDS,
  contractSummary,
  readKnownEntry,
  streamTail,
  tallyBench,
  tryReadEntry,
  verifyBundle
} from "./chunk-P2CFU6IE.js";
import {
  NO_ISOLATION,
  readGitInfo
} from "./chunk-VUSAMCY7.js";
import {
  HARNESS_GIT_ARGS,
  harnessProgramEnv,
  secretRedactor
} from "./chunk-OCGEL2BZ.js";

// src/core/run/parent-session.ts
import { randomUUID } from "node:crypto";
function openParentSession(options) {
  const { host } = options;
  const { events, signal, isolation, contractDir: _contractDir, ...passThrough } = host;
  const ctx = createCtx({
    ...signal ? { signal } : {},
    events,
    budget: new BudgetMeter({}),
    ...isolation ? { isolation } : {}
  });
  const session = DurableSession.start({
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    id: options.sessionId ?? randomUUID()
  });
  return { ctx, session, redact: secretRedactor(host.env, host.secrets ?? []), passThrough };
}
async function driveParentSession(parent, label, kind, body) {
  const { ctx, session } = parent;
  try {
    const report = await body();
    session.record(kind, () => ({ payload: report }));
    session.record("run_completed", () => ({
      payload: { overall: null, finished_at: new Date(ctx.now()).toISOString() }
    }));
    return {
      status: "completed",
      sessionId: session.id,
      headHash: session.store.requireSession(session.id).head_hash ?? "",
      report
    };
  } catch (error) {
    const cancelled = ctx.signal.aborted || error instanceof CancelledError;
    const message = parent.redact(cancelled ? "cancelled" : error.message ?? String(error));
    session.record("run_failed", () => ({
      payload: { error: message, failed_at: new Date(ctx.now()).toISOString() }
    }));
    return {
      status: "aborted",
      sessionId: session.id,
      message: `${label} ${session.id} failed: ${message}`,
      cancelled
    };
  }
}

// src/core/run/run-models.ts
async function executorModel(contract, lookup) {
  const { buildExecutorProvider } = await import("./executor-provider-YDHPOPOZ.js");
  return buildExecutorProvider(contract, lookup);
}

// src/core/run/eval.ts
async function startEval(options) {
  const { host, store, contract } = options;
  const lookup = {
    env: host.env,
    cwd: options.workdir,
    fallbackCwd: host.hostCwd,
    contractDir: host.contractDir
  };
  const arms = await Promise.all(
    options.arms.map(async (arm) => {
      const applied = applyArm(contract, arm, options.format);
      const provider = applied.contract.executor.kind === "in-loop" && !options.runnerLegs ? await executorModel(applied.contract, lookup) : void 0;
      return { arm, ...applied, provider };
    })
  );
  const trials = options.trials ?? {};
  if (Object.keys(trials).length > 0 && !host.memory)
    throw new Error("an eval with an entry on trial needs the run memory (host.memory)");
  const panel = await panelModels(contract, lookup);
  const git = await readGitInfo(options.workdir);
  const parentSession = openParentSession(options);
  const { ctx, session, redact, passThrough } = parentSession;
  session.record("run_started", () => ({
    payload: {
      session_id: session.id,
      kind: "eval",
      contract,
      contract_hash: options.contractHash,
      eval: {
        repeats: options.repeats,
        arms: arms.map(({ arm, hash }) => ({
          name: arm.name,
          change: arm.change,
          contract_hash: hash,
          ...trials[arm.name] ? { trial: trials[arm.name]?.id } : {}
        }))
      },
      code_version: options.codeVersion,
      principal: options.principal,
      git,
      isolation: { ...(host.isolation ?? NO_ISOLATION).report },
      workdir: options.workdir,
      started_at: new Date(ctx.now()).toISOString()
    }
  }));
  const runners = options.runnerLegs;
  const missing = [];
  return driveParentSession(parentSession, "eval", "eval_report", async () => {
    const reports = [];
    let attempt = 0;
    for (const { arm, contract: armContract, hash, provider } of arms) {
      const parent = {
        ...passThrough,
        memory: host.memory && trials[arm.name] ? { ...host.memory, trial: trials[arm.name] } : host.memory,
        workdir: options.workdir,
        store,
        signer: options.signer,
        ctx,
        panel,
        executorProvider: provider,
        sessionId: session.id,
        codeVersion: options.codeVersion,
        principal: options.principal,
        git
      };
      const workdirs = await childWorkdirs({
        workdir: options.workdir,
        env: host.env,
        // Runner legs ran elsewhere: nothing works here, so nothing is copied.
        shared: armContract.executor.kind === "none" || runners !== void 0,
        parentDir: host.cleanRoomParent,
        prepare: host.isolation ? (dir) => host.isolation.addWorkdir(dir) : void 0
      });
      const report2 = {
        name: arm.name,
        change: arm.change,
        contract_hash: hash,
        runs: 0,
        passes: 0,
        pass_rate: 0,
        cost_usd: 0,
        tokens: 0,
        wall_ms: 0,
        child_refs: []
      };
      try {
        for (let repeat = 1; repeat <= options.repeats; repeat++) {
          if (ctx.signal.aborted) throw new CancelledError();
          attempt++;
          const ran = runners ? runnerRun(store, runners, arm.name, repeat, attempt) : await liveRun(parent, workdirs, armContract, hash, attempt);
          if (!ran) {
            if (!runners?.excluded.some((x) => x.arm === arm.name && x.attempt === repeat))
              missing.push({ arm: arm.name, repeat });
            continue;
          }
          const { child, wallMs } = ran;
          const overall = child.verdict?.overall ?? null;
          const anchor = session.record("child_anchor", () => ({
            payload: {
              ...anchorPayload(child, armContract.contract.intent, armContract),
              arm: arm.name,
              repeat,
              attempt,
              overall,
              cost_usd: child.usage.costUsd,
              total_tokens: child.usage.totalTokens,
              wall_ms: wallMs,
              error: child.error && redact(child.error)
            }
          }));
          report2.runs++;
          if (overall === "pass") report2.passes++;
          report2.cost_usd += child.usage.costUsd;
          report2.tokens += child.usage.totalTokens;
          report2.wall_ms += wallMs;
          report2.child_refs.push({
            anchor_seq: anchor.seq,
            child_session_id: child.sessionId,
            verdict_ref: child.verdictRef,
            overall
          });
        }
      } finally {
        await workdirs.dispose();
      }
      report2.pass_rate = report2.runs === 0 ? 0 : report2.passes / report2.runs;
      reports.push(report2);
    }
    const report = {
      ...summarize(options.repeats, reports),
      ...runners ? { excluded: runners.excluded.map((leg) => ({ ...leg, reason: redact(leg.reason) })), missing } : {}
    };
    return report;
  });
}
async function liveRun(parent, workdirs, contract, hash, attempt) {
  const place = await workdirs.acquire();
  const started = performance.now();
  const child = await runChild(parent, {
    attempt,
    task: contract.contract.intent,
    contract,
    contractHash: hash,
    workdir: place.dir,
    scope: { write_scope: [...contract.constraints.write_scope] },
    budgetSlice: { ...contract.budget }
  }).finally(() => place.release());
  return { child, wallMs: Math.round(performance.now() - started) };
}
function runnerRun(store, runners, arm, repeat, attempt) {
  const leg = runners.legs.find((l) => l.arm === arm && l.repeat === repeat);
  if (!leg) return null;
  const { result, startedAt, finishedAt } = storedChild(store, { ...leg, attempt });
  const wallMs = startedAt !== null && finishedAt !== null ? Math.max(0, finishedAt - startedAt) : 0;
  return { child: result, wallMs };
}
function anchorPayload(child, task, contract) {
  return {
    child_session_id: child.sessionId,
    child_root_hash: child.rootHash,
    child_head_hash: child.headHash,
    task,
    scope: { write_scope: [...contract.constraints.write_scope] },
    budget_slice: { ...contract.budget },
    status: child.status,
    verdict_ref: child.verdictRef
  };
}
function summarize(repeats, arms) {
  const [first] = arms;
  const delta = first ? arms.slice(1).map((arm) => ({
    arm: arm.name,
    vs: first.name,
    pass_rate: arm.pass_rate - first.pass_rate,
    cost_usd: arm.cost_usd - first.cost_usd,
    tokens: arm.tokens - first.tokens,
    wall_ms: arm.wall_ms - first.wall_ms
  })) : [];
  const sign = (n, text) => `${n >= 0 ? "+" : "\u2212"}${text}`;
  const lines = arms.map(
    (arm) => `${arm.name}: ${arm.passes}/${arm.runs} passed (${Math.round(arm.pass_rate * 100)}%), $${arm.cost_usd.toFixed(4)}, ${arm.tokens} tokens`
  );
  for (const d of delta) {
    lines.push(
      `${d.arm} vs ${d.vs}: ${sign(d.pass_rate, `${Math.abs(Math.round(d.pass_rate * 100))} pp`)} pass rate, ${sign(d.cost_usd, `$${Math.abs(d.cost_usd).toFixed(4)}`)}, ${sign(d.tokens, `${Math.abs(d.tokens)} tokens`)}`
    );
  }
  return { repeats, arms, delta, summary: lines.join("; ") };
}

// src/core/run/bench.ts
import { execFile as execFile2 } from "node:child_process";
import { tmpdir as tmpdir3 } from "node:os";

// src/core/run/bench-panel.ts
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
var PLACEHOLDER_PANEL_FIXTURE = "bench-placeholder-panel.json";
async function openBenchPanel(choice) {
  if (choice.kind === "checks-only") {
    return {
      settings: null,
      reviewers: 1,
      fixtureDir: null,
      label: { kind: "checks-only", provider: null, model: null, reviewers: 0, label: "none (checks only)" },
      dispose: async () => {
      }
    };
  }
  if (choice.kind === "provider") {
    const { settings, reviewers } = choice;
    const model = settings.kind === "scripted" ? `scripted:${settings.script ?? ""}` : settings.model ?? null;
    return {
      settings,
      reviewers,
      fixtureDir: choice.fixtureDir ?? null,
      label: {
        kind: "provider",
        provider: settings.kind,
        model,
        reviewers,
        label: `${reviewers} \xD7 ${settings.kind}${model ? ` ${model}` : ""}${settings.kind === "scripted" ? " (SCRIPTED: replayed fixture answers, not a model)" : ""}`
      },
      dispose: async () => {
      }
    };
  }
  const dir = await mkdtemp(join(tmpdir(), "truss-bench-panel-"));
  const vote = JSON.stringify({
    vote: "met",
    reasoning: "Placeholder seat (no model configured): votes met without reading the change."
  });
  await writeFile(
    join(dir, PLACEHOLDER_PANEL_FIXTURE),
    JSON.stringify({ responses: Array.from({ length: choice.reviewers }, () => ({ text: vote })) })
  );
  return {
    settings: { kind: "scripted", script: PLACEHOLDER_PANEL_FIXTURE },
    reviewers: choice.reviewers,
    fixtureDir: dir,
    label: {
      kind: "placeholder",
      provider: "scripted",
      model: `scripted:${PLACEHOLDER_PANEL_FIXTURE}`,
      reviewers: choice.reviewers,
      label: `PLACEHOLDER: ${choice.reviewers} scripted ${choice.reviewers === 1 ? "seat that always votes" : "seats that always vote"} met (no model; pass --provider/--model for real panel figures)`
    },
    dispose: () => rm(dir, { recursive: true, force: true })
  };
}

// src/core/run/bench-workspace.ts
import { execFile } from "node:child_process";
import { mkdtemp as mkdtemp2, rm as rm2, writeFile as writeFile2 } from "node:fs/promises";
import { tmpdir as tmpdir2 } from "node:os";
import { join as join2 } from "node:path";
var MAX_PATCH_BYTES = 16 * 1024 * 1024;
var TESTS_COMMIT_ENV = {
  GIT_AUTHOR_NAME: "truss bench",
  GIT_AUTHOR_EMAIL: "bench@truss.invalid",
  GIT_AUTHOR_DATE: "2000-01-01T00:00:00Z",
  GIT_COMMITTER_NAME: "truss bench",
  GIT_COMMITTER_EMAIL: "bench@truss.invalid",
  GIT_COMMITTER_DATE: "2000-01-01T00:00:00Z"
};
async function benchWorkspace(options) {
  const room = await materializeCleanRoom({
    repoRoot: options.repoRoot,
    baseSha: options.baseCommit,
    diff: new Uint8Array(),
    env: options.env,
    parentDir: options.parentDir,
    prefix: "truss-bench-"
  });
  const scratch = await mkdtemp2(join2(tmpdir2(), "truss-bench-patch-"));
  const git = (args, extra = {}) => runGit(room.dir, args, { ...cleanRoomGitEnv(options.env), ...extra });
  let ready = false;
  try {
    let testsSha = room.baseSha;
    let testPaths = [];
    if (options.testPatch) {
      const applied = await applyPatch(git, scratch, "test.patch", options.testPatch, []);
      if ("error" in applied) return { status: "tests_unapplied", error: `test_patch: ${applied.error}` };
      testPaths = applied.paths;
      await git(["add", "-A", "-f", "--", "."]);
      const tree = (await git(["write-tree"])).trim();
      testsSha = (await git(
        ["commit-tree", tree, "-p", room.baseSha, "-m", "truss bench: test_patch"],
        TESTS_COMMIT_ENV
      )).trim();
      await git(["update-ref", "HEAD", testsSha]);
    }
    if (options.candidate.trim() !== "") {
      const applied = await applyPatch(git, scratch, "candidate.patch", options.candidate, testPaths);
      if ("error" in applied) return { status: "candidate_unapplied", error: applied.error };
    }
    await options.prepare?.(room.dir);
    ready = true;
    return {
      status: "ready",
      workspace: { dir: room.dir, baseSha: room.baseSha, testsSha, dispose: room.dispose }
    };
  } finally {
    await rm2(scratch, { recursive: true, force: true });
    if (!ready) await room.dispose();
  }
}
async function applyPatch(git, scratch, name, patch, exclude) {
  const bytes = Buffer.from(patch, "utf8");
  if (bytes.length > MAX_PATCH_BYTES)
    return { error: `the patch is ${bytes.length} bytes, more than the ${MAX_PATCH_BYTES} accepted` };
  const file = join2(scratch, name);
  await writeFile2(file, bytes);
  let listed;
  let summary;
  try {
    listed = await git(["apply", "--numstat", "-z", file]);
    summary = await git(["apply", "--summary", file]);
  } catch (error) {
    return { error: `not a patch git can read: ${gitMessage(error)}` };
  }
  const paths = listed.split("\0").flatMap((field) => {
    const cut = field.split("	");
    const path = cut.length >= 3 ? cut.slice(2).join("	") : field;
    return path === "" ? [] : [path];
  });
  const refused = paths.map((path) => [path, refusedPath(path)]).find(([, why]) => why);
  if (refused) return { error: `refused: it names ${JSON.stringify(refused[0])} (${refused[1]})` };
  if (/ (120000|160000)\b/.test(summary))
    return { error: "refused: it creates a symlink or a submodule (mode 120000/160000)" };
  try {
    await git([
      "apply",
      "--whitespace=nowarn",
      ...exclude.flatMap((path) => [`--exclude=${globEscape(path)}`]),
      file
    ]);
  } catch (error) {
    return { error: `does not apply: ${gitMessage(error)}` };
  }
  return { paths };
}
function refusedPath(path) {
  if (path.startsWith("/")) return "an absolute path";
  if (path.includes("\\")) return "a backslash in a path";
  const segments = path.split("/");
  if (segments.some((s) => s === "..")) return "climbs out with ..";
  if (segments.some((s) => s === "" || s === ".")) return 'an empty or "." path segment';
  if (segments.some((s) => s.toLowerCase() === ".git")) return "inside .git";
  return null;
}
function globEscape(path) {
  return path.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
function runGit(cwd, args, env) {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...HARNESS_GIT_ARGS, ...args],
      { cwd, env: harnessProgramEnv(env, cwd), maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => error ? reject(new Error(String(stderr).trim() || error.message)) : resolve(stdout)
    );
  });
}
function gitMessage(error) {
  return (error.message ?? String(error)).replace(/\s+/g, " ").slice(0, 500);
}

// src/core/run/bench.ts
async function startBench(options) {
  const { host, store } = options;
  const plan = await planBench(options);
  const panel = await openBenchPanel(options.panel);
  try {
    const contracts = plan.map(
      ({ record }) => benchContract(record, { ...options.contract, provider: panel.settings, reviewers: panel.reviewers })
    );
    const build = panel.settings ? await panelSeatsBuilder() : void 0;
    const seats = () => buildBenchPanel(build, contracts[0]?.contract, host, panel.fixtureDir);
    const first = seats();
    if (first && "unavailable" in first)
      throw new BenchInputError(
        `${first.unavailable} (run without --provider for the placeholder panel, or with --checks-only)`
      );
    const parentSession = openParentSession(options);
    const { ctx, session, redact, passThrough } = parentSession;
    session.record("run_started", () => ({
      payload: {
        session_id: session.id,
        kind: "bench",
        bench: {
          mode: options.predictions ? "solve" : "verdicts",
          dataset: { ...options.dataset, records: options.records.length },
          predictions: options.predictionsFile ?? null,
          instances: plan.map(({ record }, i) => ({
            instance_id: record.instanceId,
            contract_hash: contracts[i]?.hash,
            sides: plan[i]?.sides.map((s) => s.side)
          })),
          panel: panel.label
        },
        code_version: options.codeVersion,
        principal: options.principal,
        git: null,
        isolation: { ...(host.isolation ?? NO_ISOLATION).report },
        started_at: new Date(ctx.now()).toISOString()
      }
    }));
    const results = [];
    const ended = await driveParentSession(parentSession, "bench", "bench_report", async () => {
      const started = performance.now();
      let attempt = 0;
      for (const [index, planned] of plan.entries()) {
        const { record } = planned;
        const { contract, hash } = contracts[index];
        const recordStarted = performance.now();
        const result = {
          instance_id: record.instanceId,
          repo: record.repo,
          base_commit: record.baseCommit,
          tests_commit: null,
          model: planned.model,
          error: null,
          sides: [],
          wall_ms: 0
        };
        for (const { side, patch } of planned.sides) {
          if (ctx.signal.aborted) throw new CancelledError();
          ctx.events({ type: "phase", name: `${record.instanceId}: ${side} patch` });
          const sideStarted = performance.now();
          const made = await benchWorkspace({
            repoRoot: planned.repoRoot,
            baseCommit: record.baseCommit,
            testPatch: record.testPatch,
            candidate: patch,
            env: host.env,
            parentDir: host.cleanRoomParent,
            prepare: host.isolation ? (dir) => host.isolation.addWorkdir(dir) : void 0
          });
          if (made.status === "tests_unapplied") {
            result.error = redact(made.error);
            result.sides = [];
            break;
          }
          if (made.status === "candidate_unapplied") {
            const error = redact(made.error);
            ctx.events({ type: "warning", message: `${record.instanceId}: the ${side} patch ${error}` });
            result.sides.push(unapplied(side, error, panel, Math.round(performance.now() - sideStarted)));
            continue;
          }
          const { workspace } = made;
          result.tests_commit = workspace.testsSha;
          attempt++;
          const task = `${record.instanceId}: judge the ${side} patch`;
          const git = {
            repo: record.repo,
            base_ref: record.testPatch ? "base_commit + test_patch" : "base_commit",
            base_sha: workspace.testsSha,
            head_sha: workspace.testsSha,
            dirty: patch.trim() !== ""
          };
          const parent = {
            ...passThrough,
            workdir: workspace.dir,
            store,
            signer: options.signer,
            ctx,
            panel: seats() ?? { unavailable: "no review clause" },
            executorProvider: void 0,
            sessionId: session.id,
            codeVersion: options.codeVersion,
            principal: options.principal,
            git
          };
          const child = await runChild(parent, {
            attempt,
            task,
            contract,
            contractHash: hash,
            workdir: workspace.dir,
            scope: { write_scope: [...contract.constraints.write_scope] },
            budgetSlice: { ...contract.budget }
          }).finally(() => workspace.dispose());
          const wallMs = Math.round(performance.now() - sideStarted);
          const judged = judge(child.verdict, panel);
          const anchor = session.record("child_anchor", () => ({
            payload: {
              ...anchorPayload(child, task, contract),
              instance_id: record.instanceId,
              side,
              attempt,
              overall: child.verdict?.overall ?? null,
              cost_usd: child.usage.costUsd,
              total_tokens: child.usage.totalTokens,
              wall_ms: wallMs,
              error: child.error && redact(child.error)
            }
          }));
          result.sides.push({
            side,
            applied: true,
            error: child.error && redact(child.error),
            anchor_seq: anchor.seq,
            child_session_id: child.sessionId,
            verdict_ref: child.verdictRef,
            ...judged,
            cost_usd: child.usage.costUsd,
            tokens: child.usage.totalTokens,
            wall_ms: wallMs
          });
        }
        result.wall_ms = Math.round(performance.now() - recordStarted);
        session.record("bench_result", () => ({ payload: result }));
        results.push(result);
      }
      return summarize2(options, panel.label, results, Math.round(performance.now() - started));
    });
    return ended.status === "completed" ? { ...ended, results } : ended;
  } finally {
    await panel.dispose();
  }
}
function buildBenchPanel(build, contract, host, fixtureDir) {
  if (!build || !contract) return null;
  const cwd = fixtureDir ?? host.hostCwd ?? tmpdir3();
  return build(contract, { env: host.env, cwd, contractDir: fixtureDir ?? void 0 });
}
function judge(verdict, panel) {
  if (!verdict) {
    return {
      checks: "unverifiable",
      panel: panel.settings ? "unverifiable" : "skipped",
      both: "unverifiable"
    };
  }
  const fold = (kind) => {
    const clauses = verdict.clauses.filter((clause) => clause.kind === kind);
    if (clauses.some((clause) => clause.status === "not_met")) return "fail";
    if (clauses.length === 0 || clauses.some((clause) => clause.status === "unverifiable"))
      return "unverifiable";
    return "pass";
  };
  return { checks: fold("check"), panel: panel.settings ? fold("review") : "skipped", both: verdict.overall };
}
function unapplied(side, error, panel, wallMs) {
  return {
    side,
    applied: false,
    error,
    anchor_seq: null,
    child_session_id: null,
    verdict_ref: null,
    checks: "fail",
    panel: panel.settings ? "fail" : "skipped",
    both: "fail",
    cost_usd: 0,
    tokens: 0,
    wall_ms: wallMs
  };
}
async function planBench(options) {
  const byId = new Map(options.records.map((record) => [record.instanceId, record]));
  const chosen = [];
  if (options.predictions) {
    for (const prediction of options.predictions) {
      const record = byId.get(prediction.instanceId);
      if (!record)
        throw new BenchInputError(
          `${prediction.where}: no record ${prediction.instanceId} in the dataset; grade predictions against the dataset they were made for`
        );
      chosen.push({
        record,
        model: prediction.model,
        sides: [{ side: "model", patch: prediction.modelPatch }]
      });
    }
  } else {
    for (const record of options.records) {
      const sides = [];
      if (record.goodPatch) sides.push({ side: "good", patch: record.goodPatch });
      if (record.badPatch) sides.push({ side: "bad", patch: record.badPatch });
      if (sides.length === 0)
        throw new BenchInputError(
          `${record.where}: ${record.instanceId} has neither good_patch (patch) nor bad_patch`
        );
      chosen.push({ record, model: null, sides });
    }
  }
  const planned = [];
  for (const { record, model, sides } of chosen) {
    const repoRoot = options.repos.get(record.instanceId);
    if (!repoRoot) throw new BenchInputError(`${record.where}: no repository for ${record.instanceId}`);
    if (!await hasCommit(repoRoot, record.baseCommit, options.host.env)) {
      throw new BenchInputError(
        `${record.where}: base_commit ${record.baseCommit} is not in ${repoRoot}; fetch it there (Truss fetches nothing)`
      );
    }
    planned.push({ record, repoRoot, model, sides });
  }
  return planned;
}
function hasCommit(repo, commit, env) {
  return new Promise((resolve) => {
    execFile2(
      "git",
      ["-c", `safe.directory=${repo}`, "cat-file", "-e", `${commit}^{commit}`],
      { cwd: repo, env: harnessProgramEnv(cleanRoomGitEnv(env), repo) },
      (error) => resolve(!error)
    );
  });
}
function summarize2(options, panel, results, wallMs) {
  const sides = results.flatMap((result) => result.sides);
  const judges = tallyBench(sides);
  const cost = sides.reduce((sum, side) => sum + side.cost_usd, 0);
  const tokens = sides.reduce((sum, side) => sum + side.tokens, 0);
  const solve = options.predictions !== void 0;
  const rate = (n, of) => `${n}/${of}${of ? ` (${Math.round(n / of * 100)}%)` : ""}`;
  const parts = judges.map(
    (j) => j.false_pass_rate === null && j.false_fail_rate === null ? `${j.judge}: ${rate(j.passes, j.runs)} passed` : `${j.judge}: false PASS ${rate(j.false_pass, j.negatives)}, false FAIL ${rate(j.false_fail, j.positives)}`
  );
  const errors = results.flatMap((r) => r.error ? [{ instance_id: r.instance_id, error: r.error }] : []);
  return {
    mode: solve ? "solve" : "verdicts",
    reference: solve ? "checks" : "labels",
    dataset: { ...options.dataset, records: options.records.length },
    predictions: options.predictionsFile ? { ...options.predictionsFile, count: options.predictions?.length ?? 0 } : null,
    panel,
    records: results.length,
    errors,
    judges,
    cost_usd: cost,
    tokens,
    wall_ms: wallMs,
    wall_ms_per_record: results.length ? Math.round(wallMs / results.length) : 0,
    summary: `${parts.join("; ")}; panel: ${panel.label}; ${results.length} records, $${cost.toFixed(4)}, ${tokens} tokens, ${(wallMs / 1e3).toFixed(1)} s`
  };
}

// src/core/run/run-service.ts
async function prepareRun(contract, place, options = {}) {
  const { host } = place;
  const { events, signal, isolation, contractDir, ...passThrough } = host;
  const ctx = createCtx({
    ...signal ? { signal } : {},
    events,
    budget: budgetMeterFor(contract.budget, (message) => events({ type: "warning", message })),
    ...isolation ? { isolation } : {}
  });
  const lookup = { env: host.env, cwd: place.workdir, fallbackCwd: host.hostCwd, contractDir };
  const executorProvider = contract.executor.kind === "in-loop" && options.executor !== false ? await executorModel(contract, lookup) : void 0;
  const panel = await panelModels(contract, lookup);
  if ("unavailable" in panel && contract.done.some((clause) => clause.kind === "review")) {
    events({ type: "warning", message: `${panel.unavailable}; review clauses will be unverifiable` });
  }
  return {
    contract,
    ctx,
    common: { ...passThrough, workdir: place.workdir, ctx, panel, executorProvider }
  };
}
async function startRun(prepared, options) {
  const { contract } = prepared;
  return settle(
    contract,
    prepared.ctx,
    () => runContract({
      ...prepared.common,
      store: options.store,
      signer: options.signer,
      contract,
      contractHash: options.contractHash,
      codeVersion: options.codeVersion,
      principal: options.principal,
      baseRef: options.baseRef,
      sessionId: options.sessionId,
      parent: options.parent,
      runnerLegs: options.runnerLegs,
      ...options.memory ? { memory: options.memory } : {},
      ...options.git ? { git: options.git } : {}
    })
  );
}
async function resumeRun(options) {
  const recorded = options.recorded ?? readRecordedContract(options.store, options.sessionId, options.contractFormat);
  const { contract } = recorded;
  const prepared = await prepareRun(contract, options);
  return settle(
    contract,
    prepared.ctx,
    () => resumeContract({
      ...prepared.common,
      store: options.store,
      signer: options.signer,
      sessionId: options.sessionId,
      crypto: options.crypto,
      expectedContractHash: options.expectedContractHash,
      verify: options.verify,
      contractFormat: options.contractFormat,
      recorded
    })
  );
}
async function settle(contract, ctx, drive) {
  try {
    return { ...await drive(), contract };
  } catch (error) {
    if (!(error instanceof RunAbortedError)) throw error;
    return {
      status: "aborted",
      sessionId: error.sessionId,
      message: error.message,
      cancelled: ctx.signal.aborted,
      contract
    };
  }
}

// src/core/run/context-report.ts
function contextFrom(entries) {
  let report = null;
  let compactions = 0;
  let repins = 0;
  let read = 0;
  let write = 0;
  for (const entry of entries) {
    const known = readKnownEntry(entry);
    if (!known || "error" in known) continue;
    switch (known.kind) {
      case "context_layers": {
        const p = known.payload;
        report ??= { window: 0, peakPressure: -1, peakTokens: 0, peakStep: 0, steps: 0, ...ZERO };
        report.steps++;
        if (p.pressure > report.peakPressure) {
          report.peakPressure = p.pressure;
          report.peakTokens = p.projected_tokens;
          report.peakStep = p.step;
          report.window = p.window;
        }
        break;
      }
      case "compaction_performed":
        compactions++;
        break;
      case "goal_repinned":
        repins++;
        break;
      case "model_result":
        read += known.payload.usage?.cache_read_tokens ?? 0;
        write += known.payload.usage?.cache_write_tokens ?? 0;
        break;
    }
  }
  if (!report) return null;
  return { ...report, compactions, repins, cacheReadTokens: read, cacheWriteTokens: write };
}
var ZERO = { compactions: 0, repins: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
function contextLine(context) {
  const count = formatCount;
  const plural = (n, one, many) => `${count(n)} ${n === 1 ? one : many}`;
  const parts = [
    `peak ${Math.round(context.peakPressure * 100)}% of the ${count(context.window)}-token window (step ${context.peakStep}, ${count(context.peakTokens)} tokens)`,
    plural(context.compactions, "compaction", "compactions"),
    plural(context.repins, "goal re-pin", "goal re-pins")
  ];
  if (context.cacheReadTokens > 0 || context.cacheWriteTokens > 0) {
    parts.push(
      `prompt cache: ${count(context.cacheReadTokens)} tokens read, ${count(context.cacheWriteTokens)} written`
    );
  }
  return parts.join(" \xB7 ");
}
function formatCount(value) {
  const n = Number.isFinite(value) ? Math.round(value) : 0;
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

// src/core/run/eval-promotion.ts
function evalPromotionArms(entry) {
  nextTrust(entry.trust, "promote");
  if (entry.kind !== "playbook" && entry.kind !== "lesson")
    throw new MemoryError(
      "bad_transition",
      `only lessons and playbooks are recalled, so a ${entry.kind} cannot be promoted by an eval; promote it by panel or --maintainer`
    );
  const base = { path: ["memory", "playbooks"], value: true };
  return {
    arms: [
      { ...base, name: EVAL_ARM_OFF, change: "memory.playbooks=true" },
      {
        ...base,
        name: EVAL_ARM_ON,
        change: `memory.playbooks=true, ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) on trial`
      }
    ],
    trials: { [EVAL_ARM_ON]: entry }
  };
}
async function decideFromEval(who, entry, evaluation) {
  const reportEntry = [...evaluation.store.entries(evaluation.sessionId)].findLast(
    (e) => e.kind === "eval_report"
  );
  if (!reportEntry) throw new Error(`eval ${evaluation.sessionId} holds no eval_report`);
  const arm = (name) => {
    const found = evaluation.report.arms.find((a) => a.name === name);
    if (!found) throw new Error(`eval ${evaluation.sessionId} has no arm ${name}`);
    return { arm: found.name, runs: found.runs, passes: found.passes, pass_rate: found.pass_rate };
  };
  const on = arm(EVAL_ARM_ON);
  const off = arm(EVAL_ARM_OFF);
  const current = who.memory.get(entry.id) ?? entry;
  const gain = on.pass_rate > off.pass_rate;
  nextTrust(current.trust, gain ? "promote" : "unverifiable");
  const rates = `on ${on.passes}/${on.runs} vs off ${off.passes}/${off.runs}`;
  return signDecision(who, current, async () => ({
    decision: gain ? "promote" : "unverifiable",
    method: "eval",
    reason: gain ? `paired eval ${evaluation.sessionId}: recalled, the contract passed more often (${rates})` : `paired eval ${evaluation.sessionId}: recalling it did not raise the pass rate (${rates}); it stays unverified`,
    ...gain ? { supersedes: supersededBy(who.memory, current) } : {},
    ...gain && evaluation.approval ? { approval: evaluation.approval } : {},
    eval: {
      report: {
        session: evaluation.sessionId,
        seq: reportEntry.seq,
        entry_hash: reportEntry.entry_hash
      },
      on,
      off
    }
  }));
}

// src/core/run/leg-admission.ts
import { createHash } from "node:crypto";
function admitLeg(options) {
  const { bundle, expect } = options;
  const refuse = (reason) => ({ ok: false, attempt: expect.attempt, reason });
  if (options.trusted.size === 0)
    return refuse("no trusted keys are pinned, so no leg can be verified (set trusted-keys)");
  const report = verifyBundle(bundle, {
    crypto: options.crypto,
    trusted: options.trusted,
    receipts: options.receipts
  });
  if (report.status !== "verified" && report.status !== "suspended") {
    const why = report.failure?.message ?? report.notes.join("; ");
    return refuse(`its ledger does not verify against the pinned keys (${report.status}: ${why})`);
  }
  const first = bundle.ledger.entries[0];
  const read = first ? tryReadEntry(first, "run_started") : { error: "it has no entries" };
  if ("error" in read) return refuse(`its first entry is not a run_started: ${read.error}`);
  const started = read.payload;
  const parent = started.parent;
  if (!parent) return refuse("its run_started names no parent: it is not a leg of a fan-out");
  if (parent.session_id !== expect.parentSessionId)
    return refuse(
      `it is a leg of ${String(parent.session_id)}, not of ${expect.parentSessionId} (another workflow run or contract)`
    );
  if (parent.attempt !== expect.attempt)
    return refuse(
      `its signed attempt is ${String(parent.attempt)}, but it came as attempt ${expect.attempt}`
    );
  if (expect.arm !== void 0 && (parent.arm !== expect.arm || parent.repeat !== expect.repeat))
    return refuse(
      `it signed arm ${String(parent.arm)} repeat ${String(parent.repeat)}, but it came as ${expect.arm} repeat ${expect.repeat}`
    );
  if (started.contract_hash !== expect.contractHash)
    return refuse(
      `it ran contract ${short(started.contract_hash)}, not this fan-out's ${short(expect.contractHash)} (another contract, budget slice or version of it)`
    );
  if (contractHash(started.contract) !== expect.contractHash)
    return refuse("its recorded contract does not hash to the contract hash it signed");
  const head = started.git?.head_sha;
  if (expect.headSha && typeof head === "string" && head !== expect.headSha)
    return refuse(`it ran on commit ${head.slice(0, 12)}, not ${expect.headSha.slice(0, 12)}`);
  const diffSha256 = recordedDiff(bundle.ledger.entries);
  if (diffSha256) {
    if (!options.patch) return refuse("its executor made a diff, but the leg shipped no patch");
    if (createHash("sha256").update(options.patch).digest("hex") !== diffSha256)
      return refuse(`its patch is not the diff its ledger signs (sha256 ${short(diffSha256)})`);
  }
  return {
    ok: true,
    leg: {
      attempt: expect.attempt,
      sessionId: bundle.ledger.session_id,
      ...expect.arm !== void 0 ? { arm: expect.arm, repeat: expect.repeat } : {}
    },
    diff: diffSha256 ? options.patch : null
  };
}
function importLeg(options) {
  const { store, bundle } = options;
  store.importLedger(bundle.ledger);
  for (const [hash, blob] of Object.entries(bundle.blobs ?? {})) {
    if (!("utf8" in blob) || typeof blob.utf8 !== "string") continue;
    const bytes = Buffer.from(blob.utf8, "utf8");
    if (createHash("sha256").update(bytes).digest("hex") === hash) store.putBlob(bytes);
  }
  if (options.diff) store.putBlob(options.diff);
  const copy = store.verifySession(bundle.ledger.session_id, {
    crypto: options.crypto,
    trusted: options.trusted
  });
  if (copy.status !== "verified" && copy.status !== "suspended")
    throw new Error(
      `leg session ${bundle.ledger.session_id} does not verify after its import (${copy.status}: ${copy.failure?.message ?? copy.notes.join("; ")})`
    );
}
function short(hash) {
  return typeof hash === "string" ? `${hash.slice(0, 12)}\u2026` : String(hash);
}

// src/core/run/memory-report.ts
var RECALL_LINE = /^- \(([a-z_]+) (\S+), ([0-9a-f]{8,64})\)/gm;
function memoryFrom(entries) {
  const report = { recalled: [], recallTokens: 0, ignored: [], proposed: [] };
  let touched = false;
  for (const entry of entries) {
    const known = readKnownEntry(entry);
    if (!known || "error" in known) continue;
    if (known.kind === "memory_recall") {
      touched = true;
      const p = known.payload;
      const labels = /* @__PURE__ */ new Map();
      for (const m of (p.text ?? "").matchAll(RECALL_LINE))
        labels.set(m[3], { kind: m[1], key: m[2] });
      for (const id of p.ids) {
        const label = [...labels].find(([short2]) => id.startsWith(short2))?.[1];
        report.recalled.push({ id, kind: label?.kind ?? null, key: label?.key ?? null });
      }
      report.recallTokens += p.tokens;
      for (const row of p.ignored ?? [])
        report.ignored.push({ id: row.id, kind: row.kind ?? null, key: row.key ?? null, reason: row.reason });
    } else if (known.kind === "memory_proposed") {
      touched = true;
      for (const item of known.payload.entries)
        report.proposed.push({ id: item.memory_id, kind: item.kind, key: item.key, via: known.payload.via });
    }
  }
  return touched ? report : null;
}
function memoryEntryLabel(entry) {
  const name = entry.kind && entry.key ? `${entry.kind} ${entry.key} ` : "";
  return `${name}(${entry.id.slice(0, 12)})`;
}

// src/core/run/run-isolation.ts
import { homedir } from "node:os";
import { join as join4 } from "node:path";

// src/core/process/harness-paths.ts
import { dirname, join as join3 } from "node:path";
function harnessSecretPaths(input) {
  const paths = [
    join3(input.configHome, "truss"),
    ...input.keyFiles.filter((path) => typeof path === "string" && path.length > 0),
    dirname(input.dbPath),
    input.dbPath,
    `${input.dbPath}-wal`,
    `${input.dbPath}-shm`,
    `${input.dbPath}-journal`,
    ...input.tempDirs ?? []
  ];
  return [...new Set(paths)];
}

// src/core/run/run-isolation.ts
function createRunIsolation(request) {
  const home = request.env.HOME || homedir();
  return createIsolation({
    mode: request.mode ?? request.contract.sandbox?.isolation ?? "auto",
    network: request.contract.constraints.network,
    hiddenPaths: harnessSecretPaths({
      keyFiles: [...request.keyFiles ?? []],
      configHome: request.env.XDG_CONFIG_HOME || join4(home, ".config"),
      dbPath: request.dbPath,
      tempDirs: [...request.tempDirs ?? []]
    }).concat(request.configPaths ?? []),
    workdirs: [request.workdir],
    hostHome: home,
    scratchRoot: request.scratchRoot,
    path: request.env.PATH ?? "/usr/sbin:/usr/bin:/sbin:/bin",
    isRoot: process.getuid?.() === 0,
    harnessUid: process.getuid?.()
  });
}

// src/core/run/run-report-fanout.ts
function fanoutFromEntries(entries) {
  const found = entries.find((e) => e.kind === "fanout_reduction");
  const reduction = found && tryReadEntry(found, "fanout_reduction");
  if (!reduction || "error" in reduction) return null;
  const p = reduction.payload;
  const named = new Set(p.children.map((child) => child.anchor_seq));
  const legs = [];
  for (const entry of entries) {
    if (entry.kind !== "child_anchor" || !named.has(entry.seq)) continue;
    const read = tryReadEntry(entry, "child_anchor");
    if ("error" in read) continue;
    const a = read.payload;
    legs.push({
      attempt: a.attempt ?? 0,
      sessionId: a.child_session_id,
      status: a.status ?? "completed",
      overall: a.overall ?? null,
      checksMet: a.checks_met ?? 0,
      checks: a.checks ?? 0,
      costUsd: a.cost_usd ?? 0,
      totalTokens: a.total_tokens ?? 0,
      error: a.error ?? null
    });
  }
  const appliedEntry = entries.find((e) => e.kind === "fanout_applied");
  const applied = appliedEntry ? tryReadEntry(appliedEntry, "fanout_applied") : null;
  return {
    reducer: p.reducer,
    attempts: p.attempts ?? legs.length,
    legs,
    winner: p.winner ? p.winner.attempt ?? null : null,
    why: p.why ?? "",
    runners: p.runners === true,
    excluded: (p.excluded ?? []).map((leg) => ({
      artifact: leg.artifact,
      attempt: leg.attempt ?? null,
      reason: leg.reason
    })),
    missing: p.missing ?? [],
    applied: applied && !("error" in applied) ? { applied: applied.payload.applied, error: applied.payload.error ?? null } : null
  };
}

// src/core/run/run-report.ts
function readRun(entries) {
  const run = {
    checks: /* @__PURE__ */ new Map(),
    votes: /* @__PURE__ */ new Map(),
    evidence: /* @__PURE__ */ new Map(),
    selfRuns: /* @__PURE__ */ new Map(),
    malformed: null
  };
  const push = (map, clause, item) => map.set(clause, [...map.get(clause) ?? [], item]);
  for (const entry of entries) {
    if (ANNOTATION_KINDS.has(entry.kind)) continue;
    run.suspended = void 0;
    const known = readKnownEntry(entry);
    if (!known) continue;
    if ("error" in known) {
      run.malformed ??= `seq ${entry.seq}: ${known.error}`;
      continue;
    }
    switch (known.kind) {
      case "run_started":
        run.started ??= known.payload;
        break;
      case "verdict":
        run.verdict = known.payload;
        break;
      case "run_failed":
        run.failed ??= known.payload;
        break;
      case "changes_published":
        run.published ??= known.payload;
        break;
      case "checks_workspace":
        run.workspace ??= known.payload;
        break;
      case "checks_setup":
        run.setup ??= known.payload;
        break;
      case "suspended":
        run.suspended = { seq: known.seq, payload: known.payload };
        break;
      case "check_result":
        run.checks.set(known.payload.clause, known.payload);
        break;
      case "review_evidence":
        run.evidence.set(known.payload.clause, known.payload);
        break;
      case "self_validation": {
        const p = known.payload;
        push(run.selfRuns, p.clause, {
          seq: known.seq,
          met: p.met === true,
          exitCode: p.exit ?? null,
          summary: p.summary ?? "",
          workdirHash: p.workdir_hash ?? null
        });
        break;
      }
      case "review_vote": {
        const { seat, lens, provider, model, vote, reasoning, aimed_at_reviewers } = recordedSeatVote(
          known.payload
        );
        const aimedAtReviewers = aimed_at_reviewers;
        push(run.votes, known.payload.clause, {
          seat,
          lens,
          provider,
          model,
          vote,
          reasoning,
          aimedAtReviewers,
          citations: citationsOf(known.payload)
        });
        break;
      }
    }
  }
  return run;
}
function reportFromEntries(sessionId, entries, tails) {
  const run = readRun(entries);
  const { started, verdict, failed } = run;
  const contract = contractSummary(started?.contract).contract;
  const suspended = !verdict && !failed ? run.suspended : void 0;
  const clauses = (verdict?.clauses ?? []).map((c) => {
    const check = run.checks.get(c.clause);
    const evidence = run.evidence.get(c.clause);
    return {
      index: c.clause,
      kind: c.kind === "review" ? "review" : "check",
      desc: c.desc ?? "",
      status: c.status,
      reason: c.reason ?? "",
      check: check ? {
        run: check.run ?? "",
        exitCode: check.exit_code ?? null,
        timedOut: check.timed_out === true,
        durationMs: check.duration_ms ?? 0,
        stdoutTail: streamTail(check.stdout, tails),
        stderrTail: streamTail(check.stderr, tails)
      } : null,
      votes: run.votes.get(c.clause) ?? [],
      evidenceNotes: evidence?.notes ?? [],
      hiddenText: (evidence?.hidden_text ?? []).filter((h) => h.total > 0),
      injection: injectionOf(evidence, c.injection),
      selfValidation: run.selfRuns.get(c.clause) ?? []
    };
  });
  const git = started?.git;
  const malformed = run.malformed && `malformed ledger entry: ${run.malformed}`;
  return {
    sessionId,
    contractId: contract?.id ?? "?",
    title: contract?.title ?? null,
    intent: contract?.intent ?? "",
    overall: malformed ? "failed_run" : verdict ? verdict.overall : suspended ? "suspended" : "failed_run",
    clauses,
    forced: verdict?.forced ?? [],
    runError: malformed ?? (failed ? failed.error ?? "run failed" : null),
    costUsd: verdict?.cost_usd ?? 0,
    totalTokens: verdict?.total_tokens ?? 0,
    git: git ? { repo: git.repo ?? null, base_sha: git.base_sha ?? null, head_sha: git.head_sha ?? null } : null,
    headHash: entries.at(-1)?.entry_hash ?? "",
    contractHash: started?.contract_hash ?? null,
    scripted: [...run.votes.values()].flat().some((v) => v.provider === "scripted"),
    suspension: suspended ? { seq: suspended.seq, reason: suspended.payload.reason, await: suspended.payload.await } : null,
    changes: run.published ? changesFrom(run.published) : null,
    checkout: checkoutFrom(run.workspace, run.setup),
    isolation: started?.isolation ? isolationFrom(started.isolation) : null,
    context: contextFrom(entries),
    memory: memoryFrom(entries),
    fanout: fanoutFromEntries(entries)
  };
}
function injectionOf(evidence, verdict) {
  const detected = evidence?.injection_suspected ?? null;
  if (!detected && !verdict) return null;
  const spans = detected?.spans ?? [];
  return {
    policy: verdict?.policy ?? detected?.policy ?? "unverifiable",
    total: detected?.total ?? spans.length,
    spans,
    reportedBySeats: (verdict?.reported_by_seats ?? []).map((s) => s + 1),
    withheldMet: verdict?.withheld_met === true
  };
}
function checkoutFrom(workspace, setup) {
  if (!workspace) return null;
  const text = (value) => value || null;
  return {
    mode: workspace.checkout === "in-place" ? "in-place" : "clean-room",
    baseSha: text(workspace.base_sha),
    diffSha256: text(workspace.diff_sha256),
    tree: text(workspace.tree),
    error: text(workspace.error),
    reason: text(workspace.reason),
    setup: setup ? { run: setup.run, met: setup.met === true, exitCode: setup.exit_code ?? null } : null
  };
}
function isolationFrom(p) {
  return {
    level: p.level ?? "none",
    requested: p.requested ?? "",
    network: p.network ?? "",
    networkEnforced: p.network_enforced === true
  };
}
function selfValidationLine(clause) {
  const last = clause.selfValidation.at(-1);
  if (!last) return null;
  const agent = last.met ? "pass" : "fail";
  const harness = clause.status === "met" ? "pass" : clause.status === "not_met" ? "fail" : "unverifiable";
  const runs = clause.selfValidation.length;
  const times = runs === 1 ? "once" : `${runs} times`;
  const flag = agent !== harness ? " \u26A0" : "";
  return `agent saw ${agent}, harness saw ${harness}${flag} (the agent ran it ${times}; its own run is evidence only)`;
}
function checkoutLine(checkout) {
  if (!checkout) return null;
  if (checkout.mode === "in-place") return `Checks ran in place: ${checkout.reason ?? "in-place"}`;
  const base = checkout.baseSha ? checkout.baseSha.slice(0, 12) : "?";
  const diff = checkout.diffSha256 ? checkout.diffSha256.slice(0, 12) : "none";
  const setup = checkout.setup ? `; setup \`${checkout.setup.run}\` ${checkout.setup.met ? "succeeded" : `failed (exit ${String(checkout.setup.exitCode)})`}` : "";
  if (checkout.error) return `Clean room could not be built: ${checkout.error}`;
  return `Checks ran in a clean room: base ${base} + executor diff sha256:${diff}${setup}`;
}
function isolationLine(isolation) {
  return describeIsolation({
    level: isolation.level,
    network: isolation.network,
    network_enforced: isolation.networkEnforced
  });
}
function changesFrom(p) {
  const input = p.input ?? {};
  const result = p.result ?? {};
  const text = (value) => typeof value === "string" && value ? value : null;
  return {
    mode: typeof input.mode === "string" ? input.mode : p.name,
    status: text(result.status) ?? "",
    commit: text(result.commit),
    branch: text(result.branch),
    pullRequestUrl: text(result.pull_request_url),
    detail: text(result.detail) ?? ""
  };
}

export {
  startEval,
  startBench,
  contextLine,
  formatCount,
  evalPromotionArms,
  decideFromEval,
  admitLeg,
  importLeg,
  memoryEntryLabel,
  createRunIsolation,
  reportFromEntries,
  selfValidationLine,
  checkoutLine,
  isolationLine,
  prepareRun,
  startRun,
  resumeRun
};
