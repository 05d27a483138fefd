#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ACTIONS_BOT,
  CONFIG_FILE,
  DEFAULT_LEDGER_BRANCH,
  DEFAULT_TRIGGER,
  WORKFLOW_FILE,
  allowListSchema,
  alreadyAnswered,
  authorizeActor,
  completeCheckRun,
  contractPathSkip,
  createOctokit,
  decodeRunRequestId,
  downloadArtifactBundleText,
  encodeRunRequestId,
  findCheckRuns,
  findSuspendedSessions,
  handleCommand,
  issueNoteMarker,
  issueNoteReply,
  lazyChangedFiles,
  listContractNames,
  markHumanReviewStale,
  parseCommand,
  parseConfigToml,
  parseTrussAuthors,
  politeDenial,
  postReply,
  pushedAfterComment,
  react,
  readRepoFile,
  recordSignOff,
  refusePushAfterComment,
  reportSkippedContract,
  statusOf,
  suspendedAfterComment,
  toMissingPermission
} from "./chunks/chunk-HJEDHZQE.js";
import "./chunks/chunk-UYVQNA3J.js";
import "./chunks/chunk-I6CKI2VM.js";
import "./chunks/chunk-4T3CSJQD.js";
import {
  parseSeedBase64,
  signDetachedHumanReview
} from "./chunks/chunk-NITSYKQ4.js";
import "./chunks/chunk-DGFRKHKL.js";
import "./chunks/chunk-4TGUNJ7J.js";
import "./chunks/chunk-44WF3FT2.js";
import "./chunks/chunk-7FNAIK52.js";
import "./chunks/chunk-OX27M5K4.js";
import {
  external_exports
} from "./chunks/chunk-SF6ZOAOS.js";
import "./chunks/chunk-C24IPAXU.js";

// src/app/index.ts
import { tmpdir } from "node:os";

// src/github/workflow-cache.ts
var WorkflowCache = class {
  constructor(capacity = 1024) {
    this.capacity = capacity;
  }
  capacity;
  entries = /* @__PURE__ */ new Map();
  get(key) {
    const workflow = this.entries.get(key);
    if (workflow === void 0) return void 0;
    this.entries.delete(key);
    this.entries.set(key, workflow);
    return workflow;
  }
  set(key, workflow) {
    this.entries.delete(key);
    this.entries.set(key, workflow);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value);
  }
  forget(key) {
    this.entries.delete(key);
  }
};
function workflowSlot(cache, repository) {
  if (repository.pushed_at === void 0 || repository.pushed_at === null) return void 0;
  return { cache, key: `${repository.full_name}@${repository.default_branch}#${repository.pushed_at}` };
}

// src/app/comment-authors.ts
var SLUG = /^[A-Za-z0-9-]{1,100}$/;
function appCommentAuthors(config) {
  let own = null;
  return async (context) => {
    own ??= context.octokit.request("GET /app").then(({ data }) => {
      const slug = data?.slug;
      if (typeof slug !== "string" || !SLUG.test(slug)) throw new Error("GET /app named no slug");
      return `${slug}[bot]`;
    });
    try {
      const login = await own;
      return config.commentAuthors.some((a) => a.toLowerCase() === login.toLowerCase()) ? config.commentAuthors : [...config.commentAuthors, login];
    } catch (error) {
      own = null;
      context.log.warn(
        `could not learn this App's bot login (GET /app: ${error.message}); only comments by ${config.commentAuthors.join(", ")} are read as Truss's`
      );
      return config.commentAuthors;
    }
  };
}

// src/app/config.ts
var allowList = (setting, bots) => external_exports.string().default("").pipe(allowListSchema(setting, { bots }));
var PROBOT_DEFAULT_WEBHOOK_SECRET = "development";
var EnvSchema = external_exports.object({
  // Which check runs are the App's own: the one it queued for a request is found again by this id, so
  // another app's check carrying a copied external_id cannot make a real request look handled.
  APP_ID: external_exports.string({ error: "APP_ID is not set: set the App ID from the App's settings page (a number)" }).trim().regex(/^[1-9][0-9]{0,15}$/, "APP_ID must be the App's numeric id from its settings page, such as 123456").transform(Number).refine(Number.isSafeInteger, { message: "APP_ID is too large to be a GitHub App's id" }),
  // Probot verifies deliveries against WEBHOOK_SECRET, but unset or empty it silently uses
  // "development", which anyone can sign with: a forged pull_request_review naming a maintainer
  // would get a human_review signed with the App's key. The App does not start that way.
  WEBHOOK_SECRET: external_exports.string({
    error: `WEBHOOK_SECRET is not set: Probot would accept any delivery signed with its public default "development"; set the secret from the App's settings page`
  }).min(
    1,
    'WEBHOOK_SECRET is empty: Probot would accept any delivery signed with its public default "development"'
  ).refine((v) => v !== PROBOT_DEFAULT_WEBHOOK_SECRET, {
    message: `WEBHOOK_SECRET is Probot's public default "development": set the secret from the App's settings page`
  }),
  TRUSS_APP_SIGNING_KEY: external_exports.string({ error: "TRUSS_APP_SIGNING_KEY is not set" }).min(1, "TRUSS_APP_SIGNING_KEY is empty"),
  TRUSS_APP_ALLOWED_USERS: allowList("TRUSS_APP_ALLOWED_USERS", false),
  TRUSS_APP_ALLOWED_BOTS: allowList("TRUSS_APP_ALLOWED_BOTS", true),
  TRUSS_APP_TRIGGER: external_exports.string().regex(/^\/?[A-Za-z0-9_-]+$/, "TRUSS_APP_TRIGGER must be one word such as /truss").default("/truss"),
  TRUSS_APP_WORKFLOW: external_exports.string().regex(WORKFLOW_FILE, "TRUSS_APP_WORKFLOW must be a workflow file name such as truss.yml").default("truss.yml"),
  TRUSS_APP_LEDGER_BRANCH: external_exports.string().default(DEFAULT_LEDGER_BRANCH),
  TRUSS_APP_TRUSTED_KEYS: external_exports.string().default(""),
  TRUSS_APP_COMMENT_AUTHORS: external_exports.string().default(ACTIONS_BOT).transform((v, ctx) => {
    try {
      return parseTrussAuthors(v.trim() || ACTIONS_BOT, "TRUSS_APP_COMMENT_AUTHORS");
    } catch (error) {
      ctx.addIssue({ code: "custom", message: error.message });
      return external_exports.NEVER;
    }
  })
});
var AppConfigError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "AppConfigError";
  }
};
function readAppConfig(env, tempDir) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new AppConfigError(
      `Truss App configuration is invalid:
${parsed.error.issues.map((i) => `- ${i.message}`).join("\n")}
TRUSS_APP_SIGNING_KEY is the base64 Ed25519 seed the App signs reviews with: create one with \`npx truss keygen --out -\` and pin its public key in .truss/trusted-keys.`
    );
  }
  const e = parsed.data;
  return {
    appId: e.APP_ID,
    signer: parseSeedBase64(e.TRUSS_APP_SIGNING_KEY, "TRUSS_APP_SIGNING_KEY"),
    allowedUsers: e.TRUSS_APP_ALLOWED_USERS,
    allowedBots: e.TRUSS_APP_ALLOWED_BOTS,
    trigger: e.TRUSS_APP_TRIGGER,
    workflow: e.TRUSS_APP_WORKFLOW,
    ledgerBranch: e.TRUSS_APP_LEDGER_BRANCH.trim() === "" ? null : e.TRUSS_APP_LEDGER_BRANCH.trim(),
    trustedKeys: e.TRUSS_APP_TRUSTED_KEYS,
    commentAuthors: e.TRUSS_APP_COMMENT_AUTHORS,
    throttle: true,
    retryBaseMs: 1e3,
    tempDir
  };
}

// src/github/truss-workflow.ts
var DEFAULT_TRUSS_WORKFLOW = "truss.yml";
var APP_CONFIG_FILE = ".github/truss.yml";
var TrussWorkflowConfigError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "TrussWorkflowConfigError";
  }
};
var WorkflowDispatchError = class extends Error {
  status;
  workflow;
  constructor(workflow, status, detail, options) {
    super(detail, options);
    this.name = "WorkflowDispatchError";
    this.status = status;
    this.workflow = workflow;
  }
};
async function resolveTrussWorkflow(options) {
  const read = (path) => readRepoFile({ ...options, path });
  const yaml = await read(APP_CONFIG_FILE);
  if (yaml !== null) {
    const match = /^workflow:[ \t]*["']?([^"'\s#]*)["']?[ \t]*(?:#.*)?$/m.exec(yaml);
    if (match)
      return { workflow: checkName(match[1] ?? "", `${APP_CONFIG_FILE} workflow`), source: APP_CONFIG_FILE };
  }
  const toml = await read(CONFIG_FILE);
  if (toml !== null) {
    let workflow;
    try {
      workflow = parseConfigToml(toml, CONFIG_FILE).app?.workflow;
    } catch (error) {
      throw new TrussWorkflowConfigError(
        `${CONFIG_FILE} on the default branch is invalid: ${error.message}`
      );
    }
    if (workflow) return { workflow, source: `${CONFIG_FILE} [app] workflow` };
  }
  return { workflow: options.fallback ?? DEFAULT_TRUSS_WORKFLOW, source: "default" };
}
function checkName(name, where) {
  if (!WORKFLOW_FILE.test(name))
    throw new TrussWorkflowConfigError(
      `${where} must be a workflow file name in .github/workflows/ such as truss.yml, got ${JSON.stringify(name.slice(0, 80))}`
    );
  return name;
}
async function dispatchTrussWorkflow(options) {
  const { octokit, owner, repo, workflow, ref } = options;
  const inputs = Object.fromEntries(Object.entries(options.inputs).filter(([, v]) => v !== void 0));
  try {
    await octokit.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: workflow, ref, inputs });
  } catch (error) {
    const status = statusOf(error);
    if (status === 404)
      throw new WorkflowDispatchError(
        workflow,
        status,
        `there is no workflow .github/workflows/${workflow} on ${ref}`,
        { cause: error }
      );
    if (status === 422)
      throw new WorkflowDispatchError(
        workflow,
        status,
        `.github/workflows/${workflow} on ${ref} refused the dispatch (it needs an \`on: workflow_dispatch\` trigger declaring the inputs ${Object.keys(inputs).join(", ")}): ${error.message}`,
        { cause: error }
      );
    const converted = toMissingPermission(error, "actions: write", `dispatch .github/workflows/${workflow}`);
    if (converted !== error) throw converted;
    throw new WorkflowDispatchError(
      workflow,
      status,
      `dispatching .github/workflows/${workflow} failed${status ? ` (HTTP ${status})` : ""}: ${error.message}`,
      { cause: error }
    );
  }
}
function trussWorkflowSnippet(workflow) {
  return [
    `Add \`.github/workflows/${workflow}\` on the default branch (or name another file with \`workflow: <file>\` in \`${APP_CONFIG_FILE}\`):`,
    "",
    "```yaml",
    "name: truss",
    "on:",
    "  workflow_dispatch:",
    "    inputs:",
    "      pr_number: { required: true }",
    "      head_sha: { required: false }",
    "      contract: { required: false }",
    "      requester: { required: false }",
    "      check_run_id: { required: false }",
    "      mode: { required: false, default: run }",
    "      resume_run_id: { required: false }",
    "      approval: { required: false }",
    "      intent: { required: false }",
    "      memory_command: { required: false }",
    "      memory_entry: { required: false }",
    "      memory_reason: { required: false }",
    "permissions: { contents: read, checks: write, pull-requests: write, issues: write, actions: read }",
    "jobs:",
    "  truss:",
    "    runs-on: ubuntu-latest",
    "    steps:",
    "      - uses: actions/checkout@v4",
    "        with: { persist-credentials: false }",
    "      - uses: truss/action@v1",
    "        with:",
    "          signing-key: ${{ secrets.TRUSS_SIGNING_KEY }}",
    "          resume-run-id: ${{ inputs.resume_run_id }}",
    "```"
  ].join("\n");
}

// src/github/request-run.ts
async function findRequestedCheck(octokit, repo, headSha, request) {
  const runs = await findCheckRuns({ octokit, ...repo, ref: headSha, appId: request.appId });
  for (const run of runs) {
    const id = decodeRunRequestId(run.externalId);
    if (!id || id.n !== request.contract || id.m !== request.mode) continue;
    if (request.commentId !== null ? id.c === request.commentId : id.d === request.delivery) return run.id;
  }
  return null;
}
async function requestRun(request) {
  const { octokit, owner, repo, headSha } = request;
  const existing = await findRequestedCheck(octokit, { owner, repo }, headSha, request);
  if (existing !== null) return { status: "duplicate", checkRunId: existing };
  const externalId = encodeRunRequestId({
    v: 1,
    d: request.delivery,
    c: request.commentId,
    p: request.prNumber,
    n: request.contract,
    s: headSha,
    m: request.mode
  });
  if (request.changedFiles) {
    const skip = await contractPathSkip({
      octokit,
      repo: { owner, repo },
      ref: request.contractsRef ?? request.defaultBranch,
      headSha,
      name: request.contract,
      changedFiles: request.changedFiles
    });
    if (skip) {
      const check = await reportSkippedContract({
        octokit,
        repo: { owner, repo },
        contractId: skip.contractId,
        headSha,
        reason: skip.reason,
        trigger: request.trigger ?? DEFAULT_TRIGGER,
        externalId,
        dryRun: false
      });
      return { status: "skipped", checkRunId: check.id, reason: skip.reason };
    }
  }
  const name = `truss / ${request.contract}`;
  let checkRunId;
  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      status: "queued",
      external_id: externalId,
      output: {
        title: `Queued: ${request.mode} requested by @${request.requester}`,
        summary: `Waiting for the Truss workflow to pick up \`${request.contract}\` on ${headSha.slice(0, 7)}.`
      }
    });
    checkRunId = data.id;
  } catch (error) {
    throw toMissingPermission(error, "checks: write", `create the check run "${name}"`);
  }
  let workflow = null;
  const slot = request.workflowSlot;
  const resolve = async () => {
    const { workflow: resolved } = await resolveTrussWorkflow({
      octokit,
      owner,
      repo,
      ref: request.defaultBranch,
      ...request.fallbackWorkflow ? { fallback: request.fallbackWorkflow } : {}
    });
    slot?.cache.set(slot.key, resolved);
    return resolved;
  };
  const dispatch = (name2) => dispatchTrussWorkflow({
    octokit,
    owner,
    repo,
    workflow: name2,
    ref: request.defaultBranch,
    inputs: {
      pr_number: String(request.prNumber),
      head_sha: headSha,
      contract: request.contract,
      requester: request.requester,
      check_run_id: String(checkRunId),
      mode: request.mode,
      ...request.intent ? { intent: request.intent } : {},
      ...request.resume ? { resume_run_id: request.resume.runId, approval: request.resume.approval } : {}
    }
  });
  try {
    const cached = slot?.cache.get(slot.key);
    workflow = cached ?? await resolve();
    try {
      await dispatch(workflow);
    } catch (error) {
      if (!cached || !(error instanceof WorkflowDispatchError) || !slot) throw error;
      slot.cache.forget(slot.key);
      const fresh = await resolve();
      if (fresh === cached) throw error;
      workflow = fresh;
      await dispatch(workflow);
    }
    return { status: "dispatched", checkRunId, workflow };
  } catch (error) {
    const missing = error instanceof WorkflowDispatchError && (error.status === 404 || error.status === 422);
    const known = missing || error instanceof TrussWorkflowConfigError || error instanceof WorkflowDispatchError;
    const message = known ? error.message : `dispatch failed: ${error.message}`;
    await completeCheckRun({
      octokit,
      owner,
      repo,
      checkRunId,
      conclusion: "failure",
      output: {
        title: missing ? "No Truss workflow to run this" : "Could not start the Truss workflow",
        summary: message
      },
      dryRun: false
    });
    return { status: "failed", checkRunId, workflow, message, needsWorkflow: missing };
  }
}

// src/app/github.ts
async function installationOctokit(context, config) {
  const token = await installationToken(context);
  const installationId = context.payload.installation?.id;
  return createOctokit({
    token,
    baseUrl: context.octokit.request.endpoint.DEFAULTS.baseUrl,
    log: appLogger(context),
    throttle: config.throttle,
    retryBaseMs: config.retryBaseMs,
    throttleId: `installation-${installationId ?? "none"}`,
    proxyEnv: process.env
  });
}
function appLogger(context) {
  const log = context.log;
  return {
    info: (message) => log.info(message),
    warning: (message) => log.warn(message),
    error: (message) => log.error(message),
    group: async (name, fn) => {
      log.info(name);
      return fn();
    }
  };
}
function repoOf(context) {
  const { owner, repo } = context.repo();
  return { owner, repo };
}
async function installationToken(context) {
  const hook = context.octokit.auth.hook;
  const request = context.octokit.request;
  if (!hook)
    throw new Error("the Probot client has no auth hook: is the app configured with APP_ID and PRIVATE_KEY?");
  const capture = Object.assign(
    async (options) => options.headers.authorization ?? "",
    { endpoint: request.endpoint, defaults: request.defaults }
  );
  const header = String(await hook(capture, "GET /repos/{owner}/{repo}", context.repo()));
  const token = /^(?:token|bearer)\s+(\S+)$/i.exec(header)?.[1];
  if (!token)
    throw new Error(
      "could not obtain an installation token for this delivery (no installation in the payload?)"
    );
  return token;
}

// src/app/handlers/check-run-rerequested.ts
async function onCheckRunRerequested(context, config, workflows) {
  const { check_run: check, sender } = context.payload;
  if (check.app?.id !== config.appId) return;
  const request = decodeRunRequestId(check.external_id);
  if (!check.name.startsWith("truss / ") || !request || request.m === "resume") return;
  const pr = { number: request.p };
  const octokit = await installationOctokit(context, config);
  const repo = repoOf(context);
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: sender.login, id: sender.id, type: sender.type },
    allowedUsers: config.allowedUsers,
    allowedBots: config.allowedBots
  });
  if (!auth.allowed) {
    appLogger(context).info(`${sender.login} may not re-run ${check.name} (${auth.reason})`);
    await octokit.rest.issues.createComment({
      ...repo,
      issue_number: pr.number,
      body: politeDenial(sender.login, auth.reason, config.trigger)
    });
    return;
  }
  const outcome = await requestRun({
    octokit,
    appId: config.appId,
    ...repo,
    prNumber: pr.number,
    headSha: check.head_sha,
    defaultBranch: context.payload.repository.default_branch,
    contract: request.n,
    mode: request.m,
    requester: sender.login,
    delivery: context.id,
    commentId: null,
    fallbackWorkflow: config.workflow,
    workflowSlot: workflowSlot(workflows, context.payload.repository)
  });
  context.log.info(`re-run of ${check.name}: ${outcome.status} (check ${outcome.checkRunId})`);
}

// src/github/approval-gate.ts
async function decideApprovalGate(options) {
  const sessions = await findSuspendedSessions(options.octokit, options, options.prNumber, options.authors);
  if (sessions.length === 0) return { status: "none" };
  const moved = sessions.find((s) => s.head_sha !== options.headSha);
  if (moved) return { status: "moved", session: moved };
  const unseen = options.decision === "approved" ? suspendedAfterComment(sessions, options.comment.created_at) : null;
  if (unseen) return { status: "unseen", session: unseen };
  const results = [];
  for (const session of sessions) {
    const entry = signDetachedHumanReview({
      headHash: session.head_hash,
      headSeq: session.head_seq,
      attestedHeadHash: session.head_hash,
      reviewer: options.reviewer,
      review: {
        decision: options.decision,
        note: options.note ?? "",
        actor: options.actor,
        source: { comment_id: options.comment.id, url: options.comment.url }
      }
    });
    const outcome = await requestRun({
      octokit: options.octokit,
      appId: options.appId,
      owner: options.owner,
      repo: options.repo,
      prNumber: options.prNumber,
      headSha: options.headSha,
      defaultBranch: options.defaultBranch,
      contract: session.contract,
      mode: "resume",
      requester: options.actor.login,
      delivery: options.delivery,
      commentId: options.comment.id,
      resume: { runId: String(session.workflow_run_id), approval: JSON.stringify(entry) },
      ...options.fallbackWorkflow ? { fallbackWorkflow: options.fallbackWorkflow } : {},
      ...options.workflowSlot ? { workflowSlot: options.workflowSlot } : {}
    });
    results.push({ session, outcome });
  }
  return { status: "requested", results };
}

// src/github/request-memory.ts
async function requestMemoryDecision(options) {
  const { octokit, owner, repo, request } = options;
  const { workflow } = await resolveTrussWorkflow({
    octokit,
    owner,
    repo,
    ref: options.defaultBranch,
    ...options.fallbackWorkflow ? { fallback: options.fallbackWorkflow } : {}
  });
  await dispatchTrussWorkflow({
    octokit,
    owner,
    repo,
    workflow,
    ref: options.defaultBranch,
    inputs: {
      pr_number: String(options.prNumber),
      head_sha: options.headSha,
      contract: "",
      requester: request.actor.login,
      check_run_id: "",
      mode: "memory",
      memory_command: request.action,
      memory_entry: request.entry,
      ...request.reason ? { memory_reason: request.reason } : {}
    }
  });
  return { workflow };
}

// src/app/handlers/issue-comment-created.ts
async function onIssueCommentCreated(context, config, workflows, authors) {
  const { issue, comment, repository } = context.payload;
  if (parseCommand(comment.body, config.trigger) === null) return;
  const user = comment.user;
  if (!user) return;
  const octokit = await installationOctokit(context, config);
  const repo = repoOf(context);
  if (!issue.pull_request) {
    const told = await alreadyAnswered({
      octokit,
      repo,
      issueNumber: issue.number,
      marker: issueNoteMarker(user.login),
      authors: await authors(context)
    });
    if (told) await react(octokit, { ...repo, commentId: comment.id, content: "confused", dryRun: false });
    else
      await postReply({
        octokit,
        ...repo,
        issueNumber: issue.number,
        body: issueNoteReply(user.login, config.trigger),
        dryRun: false
      });
    return;
  }
  const log = appLogger(context);
  const pr = lazyPullRequest(octokit, repo, issue.number);
  const defaultBranch = repository.default_branch;
  const slot = workflowSlot(workflows, repository);
  await handleCommand({
    octokit,
    repo,
    issueNumber: issue.number,
    comment: {
      id: comment.id,
      body: comment.body,
      // The id is what an id-pinned allow-list entry matches (allow-list.ts), whatever the login now is.
      user: { login: user.login, id: user.id, type: user.type }
    },
    triggerPhrase: config.trigger,
    allowedUsers: config.allowedUsers,
    allowedBots: config.allowedBots,
    authors: () => authors(context),
    defaultContracts: [],
    dryRun: false,
    // The App answers within a second (it only dispatches): 🚀 or 😕 says it all, 👀 would be a request more.
    acknowledge: false,
    log,
    // The pull request the approval's head check reads anyway: one request for both.
    pullRequestAuthor: async () => (await pr()).author,
    succeeded: (outcomes) => outcomes.length > 0 && outcomes.every((o) => o.status !== "failed"),
    runContracts: async ({ contracts, intent, verifyOnly, named }) => {
      const head = await pr();
      refusePushAfterComment(head.pushTimes, comment.created_at);
      const changedFiles = named ? void 0 : lazyChangedFiles(octokit, repo, issue.number, head.sha);
      const names = contracts.length > 0 ? contracts : await listContractNames({ octokit, repo, ref: head.baseSha });
      if (names.length === 0)
        throw new Error(
          `there are no contracts in .truss/contracts/ on the pull request's base (${head.baseRef}); add one (see docs/contracts.md)`
        );
      const outcomes = [];
      for (const contract of names) {
        outcomes.push(
          await requestRun({
            octokit,
            appId: config.appId,
            ...repo,
            prNumber: issue.number,
            headSha: head.sha,
            defaultBranch,
            contractsRef: head.baseSha,
            contract,
            mode: verifyOnly ? "verify" : "run",
            requester: user.login,
            delivery: context.id,
            commentId: comment.id,
            intent,
            fallbackWorkflow: config.workflow,
            workflowSlot: slot,
            changedFiles,
            trigger: config.trigger
          })
        );
      }
      await replyToFailures(octokit, repo, issue.number, outcomes);
      return outcomes;
    },
    memory: async (request) => {
      const { workflow } = await requestMemoryDecision({
        octokit,
        ...repo,
        prNumber: issue.number,
        headSha: (await pr()).sha,
        defaultBranch,
        request,
        fallbackWorkflow: config.workflow
      });
      return {
        ok: true,
        reply: `Asked \`${workflow}\` (mode memory) to ${request.action} memory entry \`${request.entry}\`: it reviews the entry against its provenance, signs the decision and answers here.`
      };
    },
    decide: async ({ kind, note }) => {
      const head = await pr();
      const pushed = kind === "approve" ? pushedAfterComment(head.pushTimes, comment.created_at, "approve") : null;
      if (pushed !== null) return { ok: false, reply: `Nothing was approved: ${pushed}.` };
      const result = await decideApprovalGate({
        octokit,
        appId: config.appId,
        ...repo,
        prNumber: issue.number,
        authors: await authors(context),
        headSha: head.sha,
        defaultBranch,
        decision: kind === "approve" ? "approved" : "rejected",
        note,
        actor: { login: user.login, id: user.id },
        comment: { id: comment.id, url: comment.html_url ?? null, created_at: comment.created_at },
        delivery: context.id,
        reviewer: config.signer,
        fallbackWorkflow: config.workflow,
        workflowSlot: slot
      });
      if (result.status === "none")
        return {
          ok: false,
          reply: `Nothing on this pull request is waiting for approval. \`${config.trigger} approve\` and \`${config.trigger} reject\` answer a run suspended at an approval gate; to sign off on a verdict, approve the pull request in a review.`
        };
      if (result.status === "moved")
        return {
          ok: false,
          reply: `The run of \`${result.session.contract}\` waiting for approval ${result.session.head_sha ? `was for ${result.session.head_sha.slice(0, 7)}` : "names no commit in its sticky comment"}, but the pull request is now at ${head.sha.slice(0, 7)}: approving it would sign off on evidence this head does not have. Run it again with \`${config.trigger} run ${result.session.contract}\`.`
        };
      if (result.status === "unseen")
        return {
          ok: false,
          reply: `Nothing was approved: the run of \`${result.session.contract}\` waiting for approval was reported after your comment, so it is not the one you looked at. Read its sticky comment as it is now and comment \`${config.trigger} approve\` again.`
        };
      const outcomes = result.results.map((r) => r.outcome);
      await replyToFailures(octokit, repo, issue.number, outcomes);
      return { ok: outcomes.every((o) => o.status !== "failed"), reply: null };
    }
  });
}
function lazyPullRequest(octokit, repo, number) {
  let head = null;
  return () => {
    head ??= octokit.rest.pulls.get({ ...repo, pull_number: number }).then(({ data }) => ({
      sha: data.head.sha,
      baseSha: data.base.sha,
      baseRef: data.base.ref,
      author: data.user ? { login: data.user.login, id: data.user.id } : null,
      pushTimes: data
    }));
    return head;
  };
}
async function replyToFailures(octokit, repo, issueNumber, outcomes) {
  const failed = outcomes.filter((o) => o.status === "failed");
  if (failed.length === 0) return;
  const first = failed[0];
  const lines = [`Truss could not start the run: ${first.message}.`];
  if (first.needsWorkflow) lines.push("", trussWorkflowSnippet(first.workflow ?? "truss.yml"));
  await postReply({ octokit, ...repo, issueNumber, body: lines.join("\n"), dryRun: false });
}

// src/app/handlers/pull-request-review.ts
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
async function onPullRequestReview(context, config, authors) {
  const { review, pull_request: pr, action, sender } = context.payload;
  const user = review.user;
  if (!user) return;
  if (action === "submitted" && !["approved", "changes_requested"].includes(String(review.state).toLowerCase()))
    return;
  const octokit = await installationOctokit(context, config);
  const repo = repoOf(context);
  const outDir = mkdtempSync(join(config.tempDir, "truss-app-review-"));
  try {
    await recordSignOff({
      octokit,
      repo,
      pr: { number: pr.number, head: { sha: pr.head.sha }, base: { sha: pr.base.sha } },
      review: {
        id: review.id,
        state: review.state,
        body: review.body,
        commit_id: review.commit_id,
        html_url: review.html_url,
        user: { login: user.login, id: user.id, type: user.type }
      },
      action,
      dismissedBy: sender ? { login: sender.login, id: sender.id } : null,
      reviewSigner: () => config.signer,
      trustedKeys: config.trustedKeys,
      ledgerBranch: config.ledgerBranch,
      authors: () => authors(context),
      dryRun: false,
      detailsUrl: review.html_url ?? null,
      log: appLogger(context),
      outDir,
      loadArtifactBundle: (meta) => downloadArtifactBundleText({
        octokit,
        ...repo,
        artifactId: meta.artifact_id,
        sessionId: meta.session_id
      })
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

// src/app/handlers/pull-request-synchronize.ts
async function onPullRequestSynchronize(context, config, authors) {
  const { before, after } = context.payload;
  if (!before || !after || before === after) return;
  const octokit = await installationOctokit(context, config);
  const posted = await markHumanReviewStale({
    octokit,
    ...repoOf(context),
    previousSha: before,
    headSha: after,
    appId: config.appId,
    authors: () => authors(context),
    dryRun: false
  });
  if (posted)
    context.log.info(`truss / human review on ${after.slice(0, 7)} is action_required (new commits)`);
}

// src/app/index.ts
function trussApp(config) {
  return (app) => {
    const workflows = new WorkflowCache();
    const authors = appCommentAuthors(config);
    app.on("issue_comment.created", (context) => onIssueCommentCreated(context, config, workflows, authors));
    app.on(
      ["pull_request_review.submitted", "pull_request_review.dismissed"],
      (context) => onPullRequestReview(context, config, authors)
    );
    app.on("pull_request.synchronize", (context) => onPullRequestSynchronize(context, config, authors));
    app.on("check_run.rerequested", (context) => onCheckRunRerequested(context, config, workflows));
  };
}
var app_default = (app) => trussApp(readAppConfig(process.env, tmpdir()))(app);
export {
  app_default as default,
  trussApp
};
