/**
 * The App's own configuration, read once from the environment when the app loads (Probot reads
 * APP_ID, PRIVATE_KEY and WEBHOOK_SECRET itself; WEBHOOK_SECRET is checked here too, because Probot
 * falls back to a public default without it, and APP_ID because the App trusts only the check runs
 * its own app id created: docs/security.md "Comments and checks Truss trusts as its own"). Invalid
 * values stop the app at start-up with a message naming the variable, never at the first webhook.
 */
import { z } from 'zod';
import { parseSeedBase64, type SigningKey } from '../core/ledger/index.js';
import { TRUSS_CLI } from '../core/truss-cli.js';
import { type AllowEntry, allowListSchema } from '../github/allow-list.js';
import { DEFAULT_LEDGER_BRANCH } from '../github/names.js';
import { ACTIONS_BOT, parseTrussAuthors } from '../github/own-comment.js';
import { WORKFLOW_FILE } from '../github/settings.js';

/** An allow-list variable (allow-list.ts): a malformed entry stops the App, named, at start-up. */
const allowList = (setting: string, bots: boolean) =>
  z.string().default('').pipe(allowListSchema(setting, { bots }));

/** Probot's own fallback when WEBHOOK_SECRET is unset or empty (probot/lib/server/server.js): public. */
const PROBOT_DEFAULT_WEBHOOK_SECRET = 'development';

const EnvSchema = z.object({
  // Which check runs are the App's own: the one it queued for a request is found again by this id, so
  // another app's check carrying a copied external_id cannot make a real request look handled.
  APP_ID: z
    .string({ error: "APP_ID is not set: set the App ID from the App's settings page (a number)" })
    .trim()
    .regex(/^[1-9][0-9]{0,15}$/, "APP_ID must be the App's numeric id from its settings page, such as 123456")
    .transform(Number)
    .refine(Number.isSafeInteger, { message: "APP_ID is too large to be a GitHub App's id" }),
  // Probot verifies deliveries against WEBHOOK_SECRET, but unset or empty it silently uses
  // "development", which anyone can sign with: a forged pull_request_review naming a maintainer
  // would get a human_review signed with the App's key. The App does not start that way.
  WEBHOOK_SECRET: z
    .string({
      error:
        'WEBHOOK_SECRET is not set: Probot would accept any delivery signed with its public default "development"; set the secret from the App\'s settings page',
    })
    .min(
      1,
      'WEBHOOK_SECRET is empty: Probot would accept any delivery signed with its public default "development"',
    )
    .refine((v) => v !== PROBOT_DEFAULT_WEBHOOK_SECRET, {
      message:
        'WEBHOOK_SECRET is Probot\'s public default "development": set the secret from the App\'s settings page',
    }),
  TRUSS_APP_SIGNING_KEY: z
    .string({ error: 'TRUSS_APP_SIGNING_KEY is not set' })
    .min(1, 'TRUSS_APP_SIGNING_KEY is empty'),
  TRUSS_APP_ALLOWED_USERS: allowList('TRUSS_APP_ALLOWED_USERS', false),
  TRUSS_APP_ALLOWED_BOTS: allowList('TRUSS_APP_ALLOWED_BOTS', true),
  TRUSS_APP_TRIGGER: z
    .string()
    .regex(/^\/?[A-Za-z0-9_-]+$/, 'TRUSS_APP_TRIGGER must be one word such as /truss')
    .default('/truss'),
  TRUSS_APP_WORKFLOW: z
    .string()
    .regex(WORKFLOW_FILE, 'TRUSS_APP_WORKFLOW must be a workflow file name such as truss.yml')
    .default('truss.yml'),
  TRUSS_APP_LEDGER_BRANCH: z.string().default(DEFAULT_LEDGER_BRANCH),
  TRUSS_APP_TRUSTED_KEYS: z.string().default(''),
  TRUSS_APP_COMMENT_AUTHORS: z
    .string()
    .default(ACTIONS_BOT)
    .transform((v, ctx) => {
      try {
        return parseTrussAuthors(v.trim() || ACTIONS_BOT, 'TRUSS_APP_COMMENT_AUTHORS');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

export interface AppConfig {
  /**
   * The App's numeric id (APP_ID): the check runs it reads back as its own state (a request already
   * queued, a re-run) are those this app created, never another app's with the same external_id.
   */
  appId: number;
  /** Signs human reviews and approval-gate decisions; its public key is what repositories pin. */
  signer: SigningKey;
  /** Who may run commands without write access: logins, or `login:ID` pinned to the account (allow-list.ts). */
  allowedUsers: readonly AllowEntry[];
  allowedBots: readonly AllowEntry[];
  trigger: string;
  /** The workflow dispatched when a repository configures none. */
  workflow: string;
  /** Where signed sign-offs are committed (Git Data API); null keeps them only in the check output. */
  ledgerBranch: string | null;
  /** Pinned run keys as text; empty reads `.truss/trusted-keys` at the PR base. */
  trustedKeys: string;
  /**
   * The logins the dispatched workflow posts its sticky comments as (`github-actions[bot]` with the
   * workflow's token, `<app-slug>[bot]` with this App's): the only comments read as run state.
   */
  commentAuthors: readonly string[];
  /** Turn off rate-limit pacing (tests and benchmarks against a local fake). */
  throttle: boolean;
  /** Backoff unit for retries in ms (tests use 1). */
  retryBaseMs: number;
  /** Scratch directory for bundles written during a sign-off. */
  tempDir: string;
}

/** Thrown at load time: the message names each bad variable and what to set. */
export class AppConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppConfigError';
  }
}

export function readAppConfig(env: Record<string, string | undefined>, tempDir: string): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new AppConfigError(
      `Truss App configuration is invalid:\n${parsed.error.issues.map((i) => `- ${i.message}`).join('\n')}\n` +
        'TRUSS_APP_SIGNING_KEY is the base64 Ed25519 seed the App signs reviews with: create one with `' +
        TRUSS_CLI +
        ' keygen --out -` and pin its public key in .truss/trusted-keys.',
    );
  }
  const e = parsed.data;
  return {
    appId: e.APP_ID,
    signer: parseSeedBase64(e.TRUSS_APP_SIGNING_KEY, 'TRUSS_APP_SIGNING_KEY'),
    allowedUsers: e.TRUSS_APP_ALLOWED_USERS,
    allowedBots: e.TRUSS_APP_ALLOWED_BOTS,
    trigger: e.TRUSS_APP_TRIGGER,
    workflow: e.TRUSS_APP_WORKFLOW,
    ledgerBranch: e.TRUSS_APP_LEDGER_BRANCH.trim() === '' ? null : e.TRUSS_APP_LEDGER_BRANCH.trim(),
    trustedKeys: e.TRUSS_APP_TRUSTED_KEYS,
    commentAuthors: e.TRUSS_APP_COMMENT_AUTHORS,
    throttle: true,
    retryBaseMs: 1000,
    tempDir,
  };
}
