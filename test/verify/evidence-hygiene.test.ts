import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportBundle, formatBundle } from '../../src/core/ledger/export.js';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import { secretRedactor } from '../../src/core/process/redact.js';
import type { CompletionRequest, CompletionResult, Provider } from '../../src/core/providers/provider.js';
import { type CompletedOutcome, runContract } from '../../src/core/run/index.js';
import {
  AGENT_KEY,
  contractFrom,
  ctxFor,
  git,
  makeWorkdir,
  openRunStore,
  say,
  scripted,
  use,
} from '../helpers/agent-kit.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';

const SECRET = 'tok-9f8e7d6c5b4a3f2e1d0c';
const SEED = Buffer.alloc(32, 7).toString('base64');
const GH = `ghp_${'a1B2'.repeat(9)}`;

describe('secret scan', () => {
  it('a private-key block takes key material only: a BEGIN line hides neither the diff after it nor a command', () => {
    const redact = secretRedactor({});
    // What reviewers would have seen of a change: one file opens a block, the next hunk is the point.
    const diff = [
      'diff --git a/notes.md b/notes.md',
      '+-----BEGIN PRIVATE KEY-----',
      'diff --git a/auth.py b/auth.py',
      '+    return True  # every user is an admin',
    ].join('\n');
    expect(redact(diff)).toBe(diff);
    const wrapped =
      '+# -----BEGIN PRIVATE KEY-----\n+def allowed(user):\n+    return True\n+# -----END PRIVATE KEY-----';
    expect(redact(wrapped)).toBe(wrapped);
    const command = ": '-----BEGIN PRIVATE KEY-----'; touch pwned.txt; : '-----END PRIVATE KEY-----'";
    expect(redact(command)).toBe(command);
    // Keys as they really appear are still taken: in a diff with headers, JSON-escaped, indented, cut.
    const keys = [
      '+-----BEGIN RSA PRIVATE KEY-----\n+Proc-Type: 4,ENCRYPTED\n+DEK-Info: AES-128-CBC,AB12\n+\n+MIIEvQIBADAN\n+-----END RSA PRIVATE KEY-----',
      '"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADAN\\nBgkqhkiG9w0==\\n-----END PRIVATE KEY-----\\n"',
      '  key: |\n    -----BEGIN EC PRIVATE KEY-----\n    MHcCAQEEIB\n    -----END EC PRIVATE KEY-----',
      'tail: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXkt\nAAAA',
    ];
    for (const key of keys) {
      const out = redact(key);
      expect(out, key).toContain('[REDACTED:private_key_block]');
      expect(out, key).not.toMatch(/MIIEvQ|MHcCAQ|b3BlbnNz|AAAA$/);
    }
  });

  it('redacts a run secret in raw, base64 (every alignment), hex, URL-encoded and reversed form, and counts each kind', () => {
    const redact = secretRedactor({ DEPLOY_TOKEN: SECRET });
    const forms = [
      SECRET,
      Buffer.from(SECRET).toString('base64'),
      Buffer.from(`x${SECRET}`).toString('base64'),
      Buffer.from(`xy${SECRET}\n`).toString('base64'),
      Buffer.from(SECRET).toString('hex'),
      encodeURIComponent(`${SECRET}/&`),
      [...SECRET].reverse().join(''),
    ];
    const scan = redact.scan?.(forms.join('\n')) ?? { text: '', counts: {} };
    expect(scan.text).not.toContain(SECRET);
    for (const form of forms.slice(1)) {
      // At most the few edge characters an alignment mixes with neighbours survive.
      expect(scan.text).not.toContain(form.slice(4, -4));
    }
    expect(scan.counts).toEqual({
      run_secret: 2, // raw, and inside the URL-encoded form (the secret has no reserved characters)
      run_secret_base64: 3,
      run_secret_hex: 1,
      run_secret_reversed: 1,
    });
  });

  it('redacts known formats whatever the run knows: GitHub tokens, AWS keys, PEM private keys, Truss seeds', () => {
    const redact = secretRedactor({});
    const text = [
      `token=${GH}`,
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
      'AKIAIOSFODNN7EXAMPLE',
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----',
      `TRUSS_SIGNING_KEY=${SEED}`,
      SEED,
      'sha256 of nothing: 47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU= (inline, kept)',
    ].join('\n');
    const scan = redact.scan?.(text) ?? { text: '', counts: {} };
    expect(scan.text).not.toContain(GH);
    expect(scan.text).not.toContain('AKIAIOSFODNN7EXAMPLE');
    expect(scan.text).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
    expect(scan.text).not.toContain(SEED);
    expect(scan.text).toContain('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU= (inline, kept)');
    expect(scan.counts).toEqual({ github_token: 2, aws_access_key: 1, private_key_block: 1, truss_seed: 2 });
  });
});

class RecordingSeat implements Provider {
  readonly kind = 'openai-compatible' as const;
  readonly model = 'recording-seat';
  readonly prompts: string[] = [];
  async complete(request: CompletionRequest): Promise<CompletionResult> {
    this.prompts.push(JSON.stringify(request));
    return {
      text: JSON.stringify({ vote: 'met', reasoning: 'looks fine' }),
      usage: { inputTokens: 1, outputTokens: 1, costUsd: 0 },
      model: this.model,
      stopReason: 'end_turn',
    };
  }
}

describe('evidence hygiene in a run', () => {
  it('reviewers never see .env, key or credential files; a secret in check output is gone from the bundle in every encoding; ledger.db is 0600', async () => {
    const workdir = makeWorkdir({ git: true });
    // Untracked and NOT ignored (the defect: these used to be shown as new files).
    writeFileSync(join(workdir, '.env'), `DEPLOY_TOKEN=${SECRET}\n`);
    writeFileSync(join(workdir, 'signing.key'), `${SEED}\n`);
    writeFileSync(join(workdir, 'id_ed25519'), 'PRIVATE-SSH-MATERIAL\n');
    writeFileSync(join(workdir, 'server.pem'), 'PEM-MATERIAL\n');
    writeFileSync(join(workdir, 'notes.txt'), `shipped; the token was ${GH}\n`);
    const base = git(workdir, 'rev-parse', 'HEAD').trim();
    const { contract, hash } = contractFrom(`
reviewers = 1
[contract]
id = "hygiene"
intent = "add notes"

[[done]]
kind = "check"
desc = "prints the token in many encodings"
run = "printf '%s\\\\n' \\"$DEPLOY_TOKEN\\"; printf '%s' \\"$DEPLOY_TOKEN\\" | base64; printf 'xx%s' \\"$DEPLOY_TOKEN\\" | base64; printf '%s' \\"$DEPLOY_TOKEN\\" | rev; echo; printf '%s' \\"$DEPLOY_TOKEN\\" | od -An -tx1 | tr -d ' \\\\n'; echo"
env = ["DEPLOY_TOKEN"]

[[done]]
kind = "review"
desc = "the notes are fine"
reviewer_context = ["notes.txt", ".env"]
`);
    const run = openRunStore();
    const seat = new RecordingSeat();
    const outcome = (await runContract({
      contract,
      contractHash: hash,
      codeVersion: 'test',
      principal: { login: 'test' },
      baseRef: base,
      workdir,
      store: run.store,
      signer: AGENT_KEY,
      ctx: ctxFor(contract),
      panel: { seats: [seat] },
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DEPLOY_TOKEN: SECRET },
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');

    const prompt = seat.prompts.join('\n');
    expect(prompt).toContain('shipped; the token was [REDACTED:github_token]');
    expect(prompt).not.toContain(GH);
    for (const leaked of [SECRET, SEED, 'PRIVATE-SSH-MATERIAL', 'PEM-MATERIAL', 'DEPLOY_TOKEN='])
      expect(prompt).not.toContain(leaked);

    const entries = [...run.store.entries(outcome.sessionId)];
    const evidence = entries.find((e) => e.kind === 'review_evidence')?.payload;
    expect(evidence?.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^untracked \.env: .*withheld/),
        expect.stringMatching(/^untracked signing\.key: .*withheld/),
        expect.stringMatching(/^untracked id_ed25519: .*withheld/),
        expect.stringMatching(/^\.env: .*withheld/),
      ]),
    );
    expect(evidence?.redactions).toEqual({ github_token: 2 });
    const check = entries.find((e) => e.kind === 'check_result')?.payload;
    expect(check?.redactions).toMatchObject({ run_secret: 2, run_secret_base64: 4, run_secret_reversed: 2 });

    const bundle = formatBundle(exportBundle(run.store, outcome.sessionId, createNodeCrypto()));
    const blobs = entries.flatMap((e) =>
      ['stdout', 'stderr'].map((s) => (e.payload[s] as { sha256?: string } | undefined)?.sha256),
    );
    const everything = [
      bundle,
      ...blobs.flatMap((sha) => (sha ? [run.store.blob(sha)?.bytes?.toString('latin1') ?? ''] : [])),
    ].join('\n');
    for (const form of [
      SECRET,
      Buffer.from(SECRET).toString('base64').slice(0, -4),
      Buffer.from(`xx${SECRET}`).toString('base64').slice(4, -4),
      [...SECRET].reverse().join(''),
      Buffer.from(SECRET).toString('hex'),
      GH,
      SEED,
    ])
      expect(everything).not.toContain(form);
    expect(statSync(run.dbPath).mode & 0o777).toBe(0o600);
    run.close();
  });
});

describe('an agent reading a key file', () => {
  it('read_file of a signing key and `base64`/`rev` of it in bash land redacted in tool_result (what the model sees and the ledger keeps), with counts', async () => {
    const workdir = makeWorkdir({ git: true });
    mkdirSync(join(workdir, '.truss'), { recursive: true });
    writeFileSync(join(workdir, '.truss/signing.key'), `${SEED}\n`);
    const { contract, hash } = contractFrom(
      contractToml({ id: 'key-reader', intent: 'read the key' }, TRUE_CHECK, {
        executor: { kind: 'in-loop' },
        constraints: { allow_tools: ['read_file', 'bash'] },
      }),
    );
    const run = openRunStore();
    const agent = scripted([
      use('read_file', { path: '.truss/signing.key' }),
      use('bash', { command: 'base64 -w0 .truss/signing.key; echo; rev .truss/signing.key' }),
      say('done'),
    ]);
    const outcome = (await runContract({
      contract,
      contractHash: hash,
      codeVersion: 'test',
      principal: { login: 'test' },
      workdir,
      store: run.store,
      signer: AGENT_KEY,
      ctx: ctxFor(contract),
      panel: { unavailable: 'no panel' },
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      executorProvider: agent,
      secrets: [SEED],
    })) as CompletedOutcome;
    const results = [...run.store.entries(outcome.sessionId)].filter((e) => e.kind === 'tool_result');
    expect(results.map((e) => e.payload.redactions)).toEqual([
      { run_secret: 1 },
      { run_secret_base64: 1, run_secret_reversed: 1 },
    ]);
    const bundle = formatBundle(exportBundle(run.store, outcome.sessionId, createNodeCrypto()));
    for (const form of [
      SEED,
      Buffer.from(`${SEED}\n`).toString('base64').slice(0, 40),
      [...SEED].reverse().join(''),
    ])
      expect(bundle).not.toContain(form);
    run.close();
  });
});
