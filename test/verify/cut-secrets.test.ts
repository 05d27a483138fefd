import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckClauseSchema } from '../../src/core/contract/schema.js';
import { secretRedactor } from '../../src/core/process/redact.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { checkRunFields } from '../../src/core/verify/check-entry.js';
import { runCheck } from '../../src/core/verify/check-runner.js';

/**
 * A secret printed where a capture window is cut — the start of the 4 KiB tail the check run, the
 * sticky comment and the job summary show, or the end of the kept head — is only partly in that
 * window, and the whole-value match never saw the part: the tail began with the secret's last
 * characters, in clear. Real `/bin/sh` output, nothing mocked.
 */
const SECRET = 'npm_Zq7PfX2kLm9RtY4vBw8NcD3sHj6GaE1uKo5i';
const GH = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
const PEM_BODY = Array.from(
  { length: 6 },
  (_, i) => `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC${String(i).repeat(32)}`,
);
const dir = mkdtempSync(join(tmpdir(), 'truss-cut-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every run of 6+ characters of `secret` that survived in `text`. */
function fragments(text: string, secret: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 6 <= secret.length; i++)
    if (text.includes(secret.slice(i, i + 6))) found.push(secret.slice(i, i + 6));
  return found;
}

async function journaled(script: string, tailBytes: number, maxCaptureBytes: number) {
  const clause = CheckClauseSchema.parse({ kind: 'check', desc: 'prints', run: script });
  const outcome = await runCheck(clause, {
    workdir: dir,
    env: { PATH: process.env.PATH },
    ctx: createCtx({}),
    tailBytes,
    maxCaptureBytes,
  });
  const redact = secretRedactor({ NPM_TOKEN: SECRET });
  const { fields, blobs } = checkRunFields(outcome, redact);
  return { fields, texts: blobs.map((b) => Buffer.from(b).toString('utf8')), raw: outcome.stdout };
}

describe('a secret cut by a capture window', () => {
  it('is gone from the tail that starts inside it and from the head that ends inside it', async () => {
    for (const at of [5, 12, 20, 33]) {
      // 4000 bytes of filler, the secret, then just enough after it that the 256-byte tail starts
      // `at` characters into the secret; the 4000+at byte head (maxCaptureBytes) ends there too.
      const after = 256 - (SECRET.length - at);
      const script = `printf '%s' "$(head -c 4000 /dev/zero | tr '\\0' x)${SECRET}$(head -c ${after} /dev/zero | tr '\\0' y)"`;
      const { fields, texts, raw } = await journaled(script, 256, 4000 + at);
      expect(raw.tail.startsWith(SECRET.slice(at)), 'the window really cuts the secret').toBe(true);
      for (const text of texts) expect(fragments(text, SECRET), `cut at ${at}`).toEqual([]);
      expect(fields.redactions?.run_secret).toBeGreaterThanOrEqual(2);
    }
  });

  it('takes a GitHub token cut at the head and a private key block whose BEGIN line is before the tail', async () => {
    const tokenScript = `printf '%s' "$(head -c 500 /dev/zero | tr '\\0' x) ${GH} and more"`;
    const token = await journaled(tokenScript, 64, 501 + 20);
    expect(token.raw.bytes.toString().endsWith(GH.slice(0, 20))).toBe(true);
    expect(fragments(token.texts[0] as string, GH)).toEqual([]);
    const pem = ['-----BEGIN PRIVATE KEY-----', ...PEM_BODY, '-----END PRIVATE KEY-----', 'done'].join('\n');
    const pemScript = `printf '%s\\n' '${pem}'`;
    const key = await journaled(pemScript, 200, 1 << 20);
    expect(key.raw.tail).not.toContain('BEGIN');
    for (const line of PEM_BODY) expect(key.texts[2]).not.toContain(line.slice(-30));
    expect(key.texts[2]).toContain('[REDACTED:private_key_block]');
    expect(key.texts[2]).toContain('done');
  });

  it('leaves text that only names the END marker alone', () => {
    const redact = secretRedactor({});
    const code = "if (pem.includes('-----END PRIVATE KEY-----')) return true;\nconst x = 1;";
    expect(redact(code)).toBe(code);
  });
});

describe('a secret split by characters no reader sees', () => {
  const PAT = `github_pat_11ABCDEFG0${'x7Yz'.repeat(20)}`;
  const redact = secretRedactor({ RELEASE_TOKEN: PAT, NPM_TOKEN: SECRET });

  it('is found when `base64` wrapped it at 76 columns (every secret over 57 bytes)', async () => {
    const clause = CheckClauseSchema.parse({
      kind: 'check',
      desc: 'b64',
      run: `printf '%s' "${PAT}" | base64`,
    });
    const outcome = await runCheck(clause, {
      workdir: dir,
      env: { PATH: process.env.PATH },
      ctx: createCtx({}),
    });
    expect(outcome.stdout.tail.trim().split('\n')).toHaveLength(2);
    const out = redact(outcome.stdout.tail);
    expect(out).toContain('[REDACTED:run_secret_base64]');
    expect(out.replace(/\s/g, '')).not.toContain(Buffer.from(PAT).toString('base64').slice(10, 90));
  });

  it('is found across CRLF, control and zero-width characters, which the GitHub surfaces drop or hide', () => {
    for (const glue of ['\r\n', '\u0001', '\u001b', '\u200b', '\u2060', '\u00ad', '\ufeff']) {
      const split = [...SECRET].join(glue);
      const out = redact(`before ${split} after`);
      // Its line breaks stay after the mark, so the lines below keep their numbers.
      const breaks = glue === '\r\n' ? '\n'.repeat(SECRET.length - 1) : '';
      expect(out, JSON.stringify(glue)).toBe(`before [REDACTED]${breaks} after`);
    }
    // Hex split over lines (`xxd -p` wraps at 60 columns) too.
    const hex = Buffer.from(PAT).toString('hex');
    const wrapped = hex.match(/.{1,60}/g)?.join('\n') ?? '';
    expect(redact(wrapped)).not.toMatch(/[0-9a-f]{20}/);
  });

  it('leaves text with line breaks but no secret exactly as it was', () => {
    const text = 'line one\nline two\r\n\u200bthird\u0007\n';
    expect(redact(text)).toBe(text);
  });
});
