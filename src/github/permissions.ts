/**
 * Who may trigger Truss from a comment or review: users with write access to the repository (admin,
 * maintain, write), plus explicit allowlists. Bots are denied unless allowlisted by name, even with
 * write access, so one automation cannot drive another into running contracts. Allow-list entries
 * pinned to an account id (`login:ID`) follow the account, not its login (allow-list.ts).
 */
import { type AllowEntry, allowEntryText, allowListMatch } from './allow-list.js';
import type { Octokit } from './octokit.js';
import { statusOf } from './octokit.js';

export interface Actor {
  login: string;
  /**
   * The account's numeric id from the webhook payload (`comment.user.id`, `sender.id`,
   * `review.user.id`), or null when the host does not know it: then no id-pinned entry matches.
   */
  id: number | null;
  /** The webhook `user.type` / `sender.type`: 'User', 'Bot' or 'Organization'. */
  type: string;
}

export interface Authorization {
  allowed: boolean;
  /** What GitHub reported (`role_name` when it is more specific, e.g. maintain, triage), or 'none'. */
  permission: string;
  /** One sentence for logs and for the reply to a denied user. */
  reason: string;
}

/** Roles (role_name) and base permissions that may trigger runs. */
const WRITE_LEVELS = new Set(['admin', 'maintain', 'write']);

/**
 * Decide whether `actor` may trigger Truss in owner/repo, asking GitHub for their permission level
 * (GET /repos/{owner}/{repo}/collaborators/{username}/permission). A 404 means no access ('none');
 * any other failure propagates, because "could not check" must never read as "allowed".
 */
export async function authorizeActor(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  actor: Actor;
  allowedUsers?: readonly AllowEntry[];
  allowedBots?: readonly AllowEntry[];
}): Promise<Authorization> {
  const { octokit, owner, repo, actor, allowedUsers = [], allowedBots = [] } = options;
  const permission = await permissionOf(octokit, owner, repo, actor.login);
  const bot = isBot(actor);

  if (bot) {
    const entry = allowListMatch(allowedBots, actor, true);
    if (entry) {
      return {
        allowed: true,
        permission,
        reason: `${actor.login} is a bot listed in allowed-bots as ${allowEntryText(entry)}`,
      };
    }
    return {
      allowed: false,
      permission,
      reason: `${actor.login} is a bot; bots may trigger Truss only when listed in allowed-bots`,
    };
  }
  if (WRITE_LEVELS.has(permission)) {
    return {
      allowed: true,
      permission,
      reason: `${actor.login} has ${permission} access to ${owner}/${repo}`,
    };
  }
  const entry = allowListMatch(allowedUsers, actor, false);
  if (entry) {
    return {
      allowed: true,
      permission,
      reason: `${actor.login} is listed in allowed-users as ${allowEntryText(entry)}`,
    };
  }
  return {
    allowed: false,
    permission,
    reason:
      permission === 'none'
        ? `${actor.login} has no access to ${owner}/${repo}; write access is required`
        : `${actor.login} has ${permission} access to ${owner}/${repo}; write access is required`,
  };
}

/** The effective level: the role name when it is one we know (maintain, triage), else the base permission. */
async function permissionOf(
  octokit: Octokit,
  owner: string,
  repo: string,
  username: string,
): Promise<string> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    const role = (data.role_name ?? '').toLowerCase();
    const base = (data.permission ?? 'none').toLowerCase();
    if (WRITE_LEVELS.has(role) || role === 'triage' || role === 'read') return role;
    return base;
  } catch (error) {
    if (statusOf(error) === 404) return 'none';
    throw error;
  }
}

/** A bot account: its type says so, or its login is an App's `<slug>[bot]`. */
export function isBot(actor: { login: string; type?: string }): boolean {
  return (actor.type ?? 'User').toLowerCase() === 'bot' || /\[bot\]$/i.test(actor.login);
}

/**
 * The reply to a denied command: says why and what would work, without sounding like an error in
 * Truss. `reason` is one of ours (authorizeActor), never user text.
 */
export function politeDenial(login: string, reason: string, trigger = '/truss'): string {
  return [
    `Hi @${login} — thanks for trying \`${trigger}\`, but I can't act on this comment: ${reason}.`,
    '',
    `Commands are limited to people with write access to the repository (and to users or bots a maintainer has listed in \`allowed-users\` / \`allowed-bots\`), because \`${trigger} run\` executes contracts with this repository's credentials. A maintainer can run it for you.`,
  ].join('\n');
}
