import { z } from 'zod';
import { limitFrom } from '../core/runtime/index.js';
import { allowListSchema } from '../github/allow-list.js';
import { ACTIONS_BOT, parseTrussAuthors } from '../github/own-comment.js';

/**
 * A boolean input as GitHub's own actions read one (`core.getBooleanInput`: YAML 1.2's core schema),
 * so `True` or `FALSE` mean what they say here too. Anything else (`yes`, `on`, `1`) fails the step,
 * named, rather than reading as false: `dry-run: yes` must never make GitHub writes (docs/action.md).
 */
const bool = z.string().transform((v, ctx) => {
  if (v === 'true' || v === 'True' || v === 'TRUE') return true;
  if (v === 'false' || v === 'False' || v === 'FALSE' || v === '') return false;
  ctx.addIssue({ code: 'custom', message: `got "${v}": write true or false` });
  return z.NEVER;
});
const list = z.string().transform((v) =>
  v
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every input of action.yml, parsed once. Defaults mirror action.yml so the entry also runs bare. */
export const InputsSchema = z.object({
  contract: list,
  mode: z.enum(['auto', 'run', 'verify', 'review', 'resume', 'reduce', 'memory']),
  signingKey: z.string(),
  reviewSigningKey: z.string(),
  trustedKeys: z.string(),
  githubToken: z
    .string()
    .min(1, 'github-token is empty: pass `github-token: ${{ github.token }}` (the default)'),
  provider: z.enum(['', 'anthropic', 'openai-compatible', 'github-models', 'scripted']),
  model: z.string(),
  baseUrl: z.string(),
  anthropicApiKey: z.string(),
  openaiApiKey: z.string(),
  reviewers: z
    .string()
    .regex(/^(\d{1,2})?$/, 'reviewers must be a number from 1 to 15')
    .transform((v) => (v === '' ? undefined : Number(v)))
    .refine((v) => v === undefined || (v >= 1 && v <= 15), 'reviewers must be a number from 1 to 15'),
  comment: bool,
  /** The logins github-token posts as: the only authors of comments Truss edits or reads back (own-comment.ts). */
  commentAuthors: z.string().transform((v, ctx) => {
    try {
      return parseTrussAuthors(v, 'comment-authors');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** Also post the panel's anchored findings as inline pull-request review comments. */
  reviewComments: bool,
  check: bool,
  summary: bool,
  uploadArtifact: bool,
  ledgerBranch: z.string(),
  onPassChanges: z.enum(['none', 'push', 'pull-request']),
  failOn: z.enum(['fail', 'unverifiable', 'never']),
  // A malformed entry fails the step, named, before anything runs (allow-list.ts).
  allowedUsers: allowListSchema('allowed-users', { bots: false }),
  allowedBots: allowListSchema('allowed-bots', { bots: true }),
  triggerPhrase: z.string().regex(/^\/?[A-Za-z0-9_-]+$/, 'trigger-phrase must be one word such as /truss'),
  resumeRunId: z.string(),
  unverifiable: z.enum(['failure', 'neutral']),
  workdir: z.string(),
  dryRun: bool,
  attest: bool,
  /** '' = not set: the contract's `[sandbox] isolation`, else auto (docs/security.md). */
  isolation: z.enum(['', 'auto', 'uid', 'bwrap', 'none']),
  /**
   * The wall-clock limit of every run this step makes, counted from when the step read its inputs
   * (docs/action.md "timeout"): the tighter of it and a contract's `[budget] max_duration` applies.
   * null = not set.
   */
  timeout: z.string().transform((text, ctx) => {
    if (text.trim() === '') return null;
    try {
      return limitFrom(text, 'the timeout input', Date.now());
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** This job is leg n of a fan-out over runners (`${{ matrix.attempt }}`); null = an ordinary run (docs/fanout.md). */
  fanoutLeg: z
    .string()
    .regex(/^([1-9]\d{0,3})?$/, 'fanout-leg must be a whole number from 1 (e.g. ${{ matrix.attempt }})')
    .transform((v) => (v === '' ? null : Number(v))),
  /** A paired eval over runners: the arms, as `truss eval --arms` takes them (docs/eval.md). */
  arms: z.string(),
  /** An eval leg: the name of the arm this job runs. */
  arm: z.string().regex(/^([A-Za-z0-9][A-Za-z0-9._-]{0,63})?$/, 'arm must be the name of one of the arms'),
  /** An eval reducer: runs per arm (default: the highest repeat among the legs found). */
  repeats: z
    .string()
    .regex(/^([1-9]\d{0,2})?$/, 'repeats must be a whole number from 1 to 999')
    .transform((v) => (v === '' ? null : Number(v))),
  /** mode memory: `promote` or `revoke` (docs/memory.md "On GitHub"). */
  memoryCommand: z.enum(['', 'promote', 'revoke']),
  /** mode memory: the entry's id (or a prefix of at least 8 hex characters). */
  memoryEntry: z
    .string()
    .regex(/^([0-9a-fA-F]{8,64})?$/, 'memory-entry must be a memory entry id (8 to 64 hex characters)'),
  memoryReason: z.string(),
  /** mode memory: sessions whose bundles on the ledger branch may hold the proposal. */
  memorySessions: list,
  /**
   * mode memory: promote by a paired eval of this contract (a name in .truss/contracts/ at the
   * default branch) instead of the panel; lessons and playbooks only.
   */
  memoryEval: z
    .string()
    .regex(
      /^([A-Za-z0-9._-]{1,100})?$/,
      'memory-eval must be a contract name in .truss/contracts/ (letters, digits, ".", "_" and "-")',
    ),
  /**
   * A maintainer's approval for memory decisions: auto = on for public repositories; key = a
   * maintainer's own signed approval of every promotion (docs/memory.md "On GitHub").
   */
  memoryApproval: z.enum(['auto', 'on', 'off', 'key']),
});

export type Inputs = z.infer<typeof InputsSchema>;

const DEFAULTS: Record<string, string> = {
  mode: 'auto',
  'github-token': '',
  comment: 'true',
  'comment-authors': ACTIONS_BOT,
  'review-comments': 'false',
  check: 'true',
  summary: 'true',
  'upload-artifact': 'true',
  'on-pass-changes': 'none',
  'fail-on': 'unverifiable',
  'trigger-phrase': '/truss',
  unverifiable: 'failure',
  'dry-run': 'false',
  attest: 'false',
  'memory-approval': 'auto',
};

/** Reads inputs with `getInput` (`@actions/core`), accepting `INPUT_A_B` for `a-b` as a composite action passes them. */
export function readInputs(getInput: (name: string) => string): Inputs {
  const read = (name: string) => getInput(name) || getInput(name.replace(/-/g, '_')) || DEFAULTS[name] || '';
  const raw = {
    contract: read('contract'),
    mode: read('mode'),
    signingKey: read('signing-key'),
    reviewSigningKey: read('review-signing-key'),
    trustedKeys: read('trusted-keys'),
    githubToken: read('github-token'),
    provider: read('provider'),
    model: read('model'),
    baseUrl: read('base-url'),
    anthropicApiKey: read('anthropic-api-key'),
    openaiApiKey: read('openai-api-key'),
    reviewers: read('reviewers'),
    comment: read('comment'),
    commentAuthors: read('comment-authors'),
    reviewComments: read('review-comments'),
    check: read('check'),
    summary: read('summary'),
    uploadArtifact: read('upload-artifact'),
    ledgerBranch: read('ledger-branch'),
    onPassChanges: read('on-pass-changes'),
    failOn: read('fail-on'),
    allowedUsers: read('allowed-users'),
    allowedBots: read('allowed-bots'),
    triggerPhrase: read('trigger-phrase'),
    resumeRunId: read('resume-run-id'),
    unverifiable: read('unverifiable'),
    workdir: read('workdir'),
    dryRun: read('dry-run'),
    attest: read('attest'),
    isolation: read('isolation').trim().toLowerCase(),
    timeout: read('timeout'),
    fanoutLeg: read('fanout-leg').trim(),
    arms: read('arms').trim(),
    arm: read('arm').trim(),
    repeats: read('repeats').trim(),
    memoryCommand: read('memory-command').trim().toLowerCase(),
    memoryEntry: read('memory-entry').trim(),
    memoryReason: read('memory-reason').trim(),
    memorySessions: read('memory-sessions'),
    memoryEval: read('memory-eval').trim(),
    memoryApproval: read('memory-approval').trim().toLowerCase(),
  };
  // jitless: inputs are parsed once per job; zod's generated fast path costs more to compile than it saves.
  const parsed = InputsSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      return issue.code === 'invalid_value'
        ? `input ${name}: got "${(raw as Record<string, string>)[key]}", expected one of ${choices((issue as { values?: unknown[] }).values ?? [])}`
        : `input ${name}: ${issue.message}`;
    });
    throw new Error(`invalid action inputs:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** An enum input's values as the error lists them: `''` (not set) is "or empty", not a trailing comma. */
function choices(values: readonly unknown[]): string {
  const named = values.filter((v) => v !== '').join(', ');
  return values.includes('') ? `${named} (or empty)` : named;
}
