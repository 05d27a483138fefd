import { CONTRACTS_DIR } from '../core/contract/index.js';
import type { AllowEntry } from './allow-list.js';
import { helpText, parseCommand } from './commands.js';
import { errorText } from './error-text.js';
import { failedContracts, newestTrussChecks } from './failed-contracts.js';
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { isRateLimitError, statusOf } from './octokit.js';
import { isTrussPoster, resolveAuthors, type TrussAuthors, type TrussAuthorsSource } from './own-comment.js';
import { type Authorization, authorizeActor, isBot } from './permissions.js';
import { react } from './reactions.js';
import { alreadyRefused, refusalReply } from './refusal.js';
import { codeSpan, inlineText, safeUrl } from './render/escape.js';
import { postReply } from './reply.js';
import type { ContractRunResult } from './run-and-report.js';

/** What a host did with `/truss approve|reject` (the App resumes an approval gate). */
export interface DecisionOutcome<R = ContractRunResult> {
  ok: boolean;
  /** Posted on the pull request; null posts nothing. */
  reply: string | null;
  /** What the host ran to honour the decision (the Action resumes the run in the same job). */
  results?: R[];
}

export interface HandleCommandOptions<R = ContractRunResult> {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  /** The job's environment: its secrets are redacted from an error answered on the pull request (error-text.ts). */
  env: Readonly<Record<string, string | undefined>>;
  /** The pull request the comment is on. */
  issueNumber: number;
  comment: {
    id: number;
    body?: string;
    html_url?: string;
    user?: { login: string; id?: number; type?: string };
  };
  triggerPhrase: string;
  allowedUsers: readonly AllowEntry[];
  allowedBots: readonly AllowEntry[];
  /** The logins Truss posts as: whose `truss / …` checks `status` and `run failed` read (own-comment.ts). */
  authors: TrussAuthorsSource;
  /** Contracts `/truss run` and `/truss verify` run when the command names none. */
  defaultContracts: readonly string[];
  dryRun: boolean;
  /**
   * React 👀 when the command is accepted (default). Hosts that answer at once (the App dispatches
   * and is done) skip it: the final 🚀/😕 follows within the same second.
   */
  acknowledge?: boolean;
  log: Logger;
  /**
   * Host-specific: check out the pull request head and run the contracts. Whatever it throws is
   * answered on the pull request and then rethrown.
   */
  runContracts: (request: {
    contracts: readonly string[];
    intent: string | null;
    verifyOnly: boolean;
    /**
     * True when the contracts were named (`/truss run x`, `/truss run failed`): run them whatever the
     * change touches. False for the default set, which path filters may skip (path-filter.ts).
     */
    named: boolean;
  }) => Promise<R[]>;
  /** Whether the run went well (🚀) or not (😕). Default: every contract passed. */
  succeeded?: (results: R[]) => boolean;
  /**
   * `/truss approve|reject [note]` by an authorized commenter, for hosts that can release a run
   * suspended at an approval gate (the Action resumes it in the same job; the App signs the decision
   * and dispatches the resume). Without it the reply says nothing is waiting.
   */
  decide?: (decision: GateDecisionRequest) => Promise<DecisionOutcome<R>>;
  /**
   * `/truss memory promote|revoke ID [reason]` by a maintainer on a pull request (a fork's too)
   * (docs/memory.md "Decisions"): the host signs the decision (the Action in this job, the App by
   * dispatching the workflow's `mode: memory`). Without it the reply says memory is not set up.
   */
  memory?: (request: MemoryCommandRequest) => Promise<DecisionOutcome<R>>;
  /**
   * Who opened the pull request, for `/truss approve` (an author never approves their own gated run).
   * Default: read it with `GET /pulls/{number}`; the App passes the pull request it reads anyway.
   */
  pullRequestAuthor?: () => Promise<PullRequestAuthor | null>;
}

/** The account that opened a pull request, as GitHub names it (null: a deleted account). */
export interface PullRequestAuthor {
  login: string;
  id: number | null;
}

/** A maintainer's memory command, checked: never from read/triage access, an allow-list entry or a bot. */
export interface MemoryCommandRequest {
  action: 'promote' | 'revoke';
  /** A memory id or id prefix (hex, at least 8 characters). */
  entry: string;
  reason: string | null;
  actor: { login: string; id: number | null; permission: string };
  source: { comment_id: number; url: string | null };
}

/** An authorized decision on a suspended run, as commented. */
export interface GateDecisionRequest {
  kind: 'approve' | 'reject';
  decision: 'approved' | 'rejected';
  note: string | null;
  actor: { login: string; id: number | null };
  source: { comment_id: number; url: string | null };
}

/**
 * `/truss …` on a pull request: only collaborators with write access (or allow-listed users) may run
 * anything; others get a polite reply, once per pull request (refusal.ts). Reacts 👀 when it starts
 * (unless the host answers at once) and 🚀/😕 at the end.
 */
export async function handleCommand<R = ContractRunResult>(options: HandleCommandOptions<R>): Promise<R[]> {
  const { octokit, repo, issueNumber, comment, triggerPhrase, log } = options;
  const command = parseCommand(comment.body ?? '', triggerPhrase);
  if (!command) {
    log.info(`no ${triggerPhrase} command in the comment; nothing to do`);
    return [];
  }
  const commentId = comment.id;
  // No author (an account GitHub no longer names): nobody whose permission could be checked, so
  // nothing runs — never a stand-in login that some real account may own.
  const user = comment.user;
  if (!user?.login) {
    log.info(`the ${triggerPhrase} comment names no author (a deleted account?); nothing to do`);
    return [];
  }
  // Truss's own comments (its replies, its sticky comments) are never commands to it, whatever the
  // allow-lists say, and never refused either: with a trigger without a slash its answer to `status`
  // (or `truss could not run: …`) starts with the trigger; an allowed bot reading it back answered
  // again without end, and a bot not allowed was sent a refusal of its own reply (docs/app.md "Which
  // lines are commands"). Asked only of a bot, before anything else, so no other command costs the lookup.
  if (isBot(user) && isTrussPoster(user, await resolveAuthors(options.authors))) {
    log.info(`the comment is Truss's own (by ${user.login}); nothing to do`);
    return [];
  }
  const reply = (body: string) => postReply({ octokit, ...repo, issueNumber, body, dryRun: options.dryRun });
  const reaction = (content: 'eyes' | 'rocket' | 'confused') =>
    react(octokit, { ...repo, commentId, content, dryRun: options.dryRun });

  let auth: Authorization;
  try {
    auth = await authorizeActor({
      octokit,
      ...repo,
      actor: { login: user.login, id: user.id ?? null, type: user.type ?? 'User' },
      allowedUsers: options.allowedUsers,
      allowedBots: options.allowedBots,
    });
  } catch (error) {
    // Nothing runs (fail closed), and the commenter hears it: the App answers a webhook nobody
    // watches, so an unanswered command looked like one still starting. Best effort: GitHub may
    // refuse the answer for the same reason; the error that stopped the command is rethrown.
    log.warning(`could not check ${user.login}'s permission: ${(error as Error).message}`);
    try {
      await reaction('confused');
      await reply(permissionLookupFailed(user.login, error, triggerPhrase));
    } catch (answer) {
      log.warning(`could not say so on the pull request either: ${(answer as Error).message}`);
    }
    throw error;
  }
  if (!auth.allowed) {
    log.info(`${user.login} may not trigger truss (${auth.reason})`);
    // Told once per pull request; later refusals only react (refusal.ts).
    const told = await alreadyRefused({
      octokit,
      repo,
      issueNumber,
      login: user.login,
      authors: await resolveAuthors(options.authors),
    });
    if (told) await reaction('confused');
    else await reply(refusalReply(user.login, auth.reason, triggerPhrase));
    return [];
  }
  // Which rule let them in (their permission, or the allow-list entry that matched), for the job log.
  log.info(`${user.login} may trigger truss (${auth.reason})`);
  if (options.acknowledge !== false) await reaction('eyes');
  switch (command.kind) {
    case 'help':
      await reply(helpText(triggerPhrase));
      await reaction('rocket');
      return [];
    case 'status':
      await reply(await statusText(octokit, repo, issueNumber, await resolveAuthors(options.authors)));
      await reaction('rocket');
      return [];
    case 'approve':
    case 'reject': {
      // Releasing a gate is a maintainer's decision, as a pull request approval is (record-sign-off.ts):
      // `allowed-users` and `allowed-bots` let a login start runs, never approve a gated tool.
      if ((user.type ?? 'User').toLowerCase() === 'bot' || !MAINTAINER_LEVELS.has(auth.permission)) {
        log.info(`${user.login} may not ${command.kind} a gated run (${auth.permission} access)`);
        await reply(
          `\`${triggerPhrase} ${command.kind}\` is for maintainers: it decides whether a gated step runs. @${user.login} has ${auth.permission} access; a maintainer with write access can ${command.kind} it, or approve the pull request in a review.`,
        );
        await reaction('confused');
        return [];
      }
      // Four eyes, as GitHub's own reviews keep them: a pull request's author cannot approve it, so
      // they do not release the gated step of a run on it either. Rejecting stays open to them.
      if (
        command.kind === 'approve' &&
        sameAccount(await (options.pullRequestAuthor ?? readAuthor(octokit, repo, issueNumber))(), user)
      ) {
        log.info(`${user.login} opened this pull request and may not approve its gated run`);
        await reply(
          `@${user.login} opened this pull request, so approving its gated step is someone else's decision, as GitHub does not let an author approve their own pull request. Another maintainer with write access can \`${triggerPhrase} approve\` it (or approve the pull request in a review); \`${triggerPhrase} reject\` stays open to you.`,
        );
        await reaction('confused');
        return [];
      }
      if (!options.decide) {
        await reply(
          'Nothing on this pull request is waiting for approval (no run is suspended on an approval gate). To sign off on a verdict, approve the pull request in a review.',
        );
        await reaction('confused');
        return [];
      }
      try {
        const outcome = await options.decide({
          kind: command.kind,
          decision: command.kind === 'approve' ? 'approved' : 'rejected',
          note: command.note,
          actor: { login: user.login, id: comment.user?.id ?? null },
          source: { comment_id: commentId, url: comment.html_url ?? null },
        });
        if (outcome.reply !== null) await reply(outcome.reply);
        await reaction(outcome.ok ? 'rocket' : 'confused');
        return outcome.results ?? [];
      } catch (error) {
        await reaction('confused');
        await reply(`truss could not record the decision: ${errorText(error, options.env)}`);
        throw error;
      }
    }
    case 'memory':
      return memoryCommand(options, command, auth.permission, reply, reaction);
    case 'run':
    case 'verify':
    case 'run-failed': {
      // Everything from here can fail for a reason the commenter must hear (the PR moved while
      // starting, a missing contract): answer on the PR, not only in the job log.
      try {
        const requests =
          command.kind === 'run-failed'
            ? await failedRequest(octokit, repo, issueNumber, reply, log, options.authors)
            : [
                {
                  contracts:
                    command.kind === 'run' && command.contract
                      ? [command.contract]
                      : options.defaultContracts,
                  intent: command.kind === 'run' ? command.intent : null,
                  // `/truss verify` judges the pull request as it is; `/truss run` may also execute the contract.
                  verifyOnly: command.kind === 'verify',
                  named: command.kind === 'run' && command.contract !== null,
                },
              ];
        if (requests.length === 0) {
          await reaction('rocket');
          return [];
        }
        const results: R[] = [];
        for (const request of requests) results.push(...(await options.runContracts(request)));
        const ok = options.succeeded
          ? options.succeeded(results)
          : results.every((r) => (r as ContractRunResult).overall === 'pass');
        await reaction(ok ? 'rocket' : 'confused');
        return results;
      } catch (error) {
        await reaction('confused');
        await reply(`truss could not run: ${errorText(error, options.env)}`);
        throw error;
      }
    }
    default: {
      const reason =
        command.kind === 'invalid'
          ? command.reason
          : `"${inlineText(command.word.slice(0, 70))}" is not a truss command`;
      await reply(`${reason}\n\n${helpText(triggerPhrase)}`);
      await reaction('confused');
      return [];
    }
  }
}

/**
 * The reply when GitHub did not say whether the commenter may run commands: nothing ran, why (by
 * status, never GitHub's wording), and what to do.
 */
export function permissionLookupFailed(login: string, error: unknown, trigger: string): string {
  const status = statusOf(error);
  const why = isRateLimitError(error)
    ? `GitHub's rate limit stopped the lookup (HTTP ${status})`
    : status === 403
      ? 'GitHub refused the lookup (HTTP 403): the token may read neither the repository nor its collaborators'
      : status !== undefined && status >= 500
        ? `GitHub did not answer it (HTTP ${status}, after retries)`
        : status !== undefined
          ? `GitHub answered HTTP ${status}`
          : 'GitHub could not be reached';
  return `Truss could not check whether @${login} may run \`${trigger}\` commands (${why}), so nothing ran. Comment the command again in a few minutes; if this keeps happening, check GitHub's status and that the token (or the App installation) can read this repository.`;
}

/** The default author lookup: one `GET /pulls/{number}` when an approval asks for it. */
function readAuthor(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  issueNumber: number,
): () => Promise<PullRequestAuthor | null> {
  return async () => {
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
    return data.user ? { login: data.user.login, id: data.user.id } : null;
  };
}

/**
 * Whether the commenter is the pull request's author: by account id when both are known (a renamed
 * author is still the author), else by login, which GitHub compares without case.
 */
function sameAccount(author: PullRequestAuthor | null, user: { login: string; id?: number }): boolean {
  if (!author) return false;
  if (author.id !== null && user.id !== undefined) return author.id === user.id;
  return author.login.toLowerCase() === user.login.toLowerCase();
}

/** Roles that may decide memory: write access as GitHub reports it, never an allowlist entry. */
const MAINTAINER_LEVELS = new Set(['admin', 'maintain', 'write']);

/**
 * `/truss memory promote|revoke`: a decision future runs will trust, so stricter than `/truss run`.
 * Only a human with write access (not an `allowed-users` entry, not a bot) may ask. On a fork's pull
 * request too: the decision is made by the trusted job (never the fork's code), which finds the fork's
 * proposal in its run's artifact and checks it (docs/memory.md "On GitHub").
 */
async function memoryCommand<R>(
  options: HandleCommandOptions<R>,
  command: Extract<ReturnType<typeof parseCommand>, { kind: 'memory' }>,
  permission: string,
  reply: (body: string) => Promise<unknown>,
  reaction: (content: 'rocket' | 'confused') => Promise<unknown>,
): Promise<R[]> {
  const { comment, triggerPhrase } = options;
  const user = comment.user ?? { login: 'unknown', type: 'User' };
  const refuse = async (why: string) => {
    options.log.info(`memory ${command.action} refused: ${why}`);
    await reply(why);
    await reaction('confused');
    return [];
  };
  if ((user.type ?? 'User').toLowerCase() === 'bot' || !MAINTAINER_LEVELS.has(permission))
    return refuse(
      `\`${triggerPhrase} memory ${command.action}\` is for maintainers: it decides what every later run is told. @${user.login} has ${permission} access; a maintainer with write access can run it.`,
    );
  if (!options.memory)
    return refuse(
      'Memory decisions are not set up here: the workflow needs `ledger-branch` and a `signing-key` (docs/memory.md).',
    );
  try {
    const outcome = await options.memory({
      action: command.action,
      entry: command.entry,
      reason: command.reason,
      actor: { login: user.login, id: comment.user?.id ?? null, permission },
      source: { comment_id: comment.id, url: comment.html_url ?? null },
    });
    if (outcome.reply !== null) await reply(outcome.reply);
    await reaction(outcome.ok ? 'rocket' : 'confused');
    return outcome.results ?? [];
  } catch (error) {
    await reaction('confused');
    // The message can quote what a fork uploaded (names in its artifact): shown as inert text.
    await reply(
      `truss could not decide the memory entry: ${inlineText(errorText(error, options.env), 2000)}`,
    );
    throw error;
  }
}

/**
 * `/truss run failed`: the contracts to run again (failed-contracts.ts), named so path filters do
 * not skip them, in the mode they failed in: one the App queued for `/truss verify` is verified
 * again, never run with its executor (docs/app.md). None, after saying so on the pull request, when
 * nothing failed.
 */
async function failedRequest(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  issueNumber: number,
  reply: (body: string) => Promise<unknown>,
  log: Logger,
  authors: TrussAuthorsSource,
): Promise<Array<{ contracts: string[]; intent: null; verifyOnly: boolean; named: true }>> {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
  const failed = await failedContracts({
    octokit,
    repo,
    headSha: pr.head.sha,
    prNumber: issueNumber,
    authors: await resolveAuthors(authors),
    ref: pr.base.sha,
  });
  const head = pr.head.sha.slice(0, 7);
  if (failed.missing.length > 0)
    await reply(
      `These contracts failed on ${head} but are no longer in \`${CONTRACTS_DIR}/\` on the base branch, so they cannot run again: ${failed.missing.map((id) => codeSpan(id)).join(', ')}.`,
    );
  if (failed.names.length === 0) {
    if (failed.missing.length === 0)
      await reply(`No contract's last verdict on ${head} was FAIL or UNVERIFIABLE: nothing to run again.`);
    return [];
  }
  log.info(`running again the contracts that failed on ${head}: ${failed.names.join(', ')}`);
  // The verifies first: they leave the checkout as it is, and a run's executor may not.
  const run = failed.names.filter((name) => !failed.verify.includes(name));
  return [
    { contracts: failed.verify, intent: null, verifyOnly: true, named: true as const },
    { contracts: run, intent: null, verifyOnly: false, named: true as const },
  ].filter((request) => request.contracts.length > 0);
}

async function statusText(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  authors: TrussAuthors,
): Promise<string> {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  // Only Truss's own checks for this pull request, the newest of each name (failed-contracts.ts).
  const runs = [
    ...(await newestTrussChecks({ octokit, repo, headSha: pr.head.sha, prNumber, authors })).values(),
  ];
  if (runs.length === 0) return `No truss check runs on ${pr.head.sha.slice(0, 7)} yet.`;
  const rows = runs.map((run) => {
    const url = safeUrl(run.url);
    const name = url ? `[${codeSpan(run.name)}](${url})` : codeSpan(run.name);
    return `| ${name} | ${codeSpan(run.status)} | ${codeSpan(run.conclusion ?? '—')} |`;
  });
  return [
    // Markup first, never a word: whatever word the trigger is, Truss's answer is not a command.
    `**truss status** for ${pr.head.sha.slice(0, 7)}:`,
    '',
    '| check | status | conclusion |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}
