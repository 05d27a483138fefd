import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckClauseSchema } from '../../src/core/contract/schema.js';
import { secretRedactor } from '../../src/core/process/redact.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { checkRunFields } from '../../src/core/verify/check-entry.js';
import { runCheck } from '../../src/core/verify/check-runner.js';

/**
 * A run secret a check prints the way programs print strings: inside JSON (a `"` or `\` escaped, a
 * character outside ASCII as `\u00fc`, PHP's `\/`, Go's `\u0026`), or raw when it holds a character
 * outside ASCII. Before, none of these was recognised: the JSON forms reached the check's tail (the
 * check run, the sticky comment, the bundle, the HTML report) in clear, and a non-ASCII secret
 * printed raw was redacted in the tail but kept in clear in the full-output blob in ledger.db, which
 * is scanned as bytes. Real `/bin/sh` and `node` output, nothing mocked.
 */
const dir = mkdtempSync(join(tmpdir(), 'truss-escaped-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A password with what JSON escapes: a quote, a backslash, a slash, `&<>`, and letters outside ASCII. */
const PASSWORD = 'Grüße/Pa"ss\\w0rd&<x>';
/** What a reader would recognise the password by, in every form (raw, escaped, as latin1 bytes). */
const PIECES = ['w0rd', 'Grü', 'GrÃ¼', 'Gr\\u00fc', 'GR\\u00FC'];

async function printed(script: string) {
  const clause = CheckClauseSchema.parse({
    kind: 'check',
    desc: 'prints',
    run: script,
    env: ['DB_PASSWORD'],
  });
  const outcome = await runCheck(clause, {
    workdir: dir,
    env: { PATH: process.env.PATH, DB_PASSWORD: PASSWORD },
    ctx: createCtx({}),
  });
  const { fields, blobs } = checkRunFields(outcome, secretRedactor({ DB_PASSWORD: PASSWORD }));
  // Every blob is read as bytes would be by whoever opens ledger.db: UTF-8 and one byte per character.
  const texts = blobs.flatMap((b) => [Buffer.from(b).toString('utf8'), Buffer.from(b).toString('latin1')]);
  return { fields, texts, raw: outcome.stdout.bytes.toString('utf8') };
}

describe('a run secret printed as programs print strings', () => {
  it('is gone from every blob when printed inside JSON by node, Python, PHP and Go', async () => {
    // What each serializer writes for the string, produced by node with each one's escaping rules.
    const forms = [
      'JSON.stringify(s)',
      'JSON.stringify(s).replace(/[\\u0080-\\uffff]/g, u)',
      'JSON.stringify(s).replace(/[\\u0080-\\uffff]/g, (c) => u(c).toUpperCase().replace("\\\\U", "\\\\u"))',
      'JSON.stringify(s).replace(/[\\u0080-\\uffff]/g, u).replace(/\\//g, "\\\\/")',
      'JSON.stringify(s).replace(/[<>&]/g, u)',
    ];
    const script = join(dir, 'print-json.js');
    writeFileSync(
      script,
      [
        'const s = process.env.DB_PASSWORD;',
        "const u = (c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;",
        ...forms.map((form) => `console.log('{"password":' + ${form} + '}');`),
      ].join('\n'),
    );
    const { fields, texts, raw } = await printed(`"${process.execPath}" "${script}"`);
    expect(raw, 'the check really printed the escaped forms').toContain(
      'Gr\\u00fc\\u00dfe\\/Pa\\"ss\\\\w0rd',
    );
    expect(raw).toContain('w0rd\\u0026\\u003cx\\u003e');
    for (const text of texts) for (const piece of PIECES) expect(text, piece).not.toContain(piece);
    expect(fields.redactions?.run_secret_json).toBe(forms.length * 2);
  });

  it('is gone from the full-output blob (ledger.db) when printed raw with characters outside ASCII', async () => {
    const reverse = `"${process.execPath}" -e "console.log([...process.env.DB_PASSWORD].reverse().join(''))"`;
    const { fields, texts, raw } = await printed(`printf 'pw=%s\\n' "$DB_PASSWORD"; ${reverse}`);
    expect(raw).toContain(`pw=${PASSWORD}`);
    for (const text of texts) for (const piece of PIECES) expect(text, piece).not.toContain(piece);
    for (const text of texts) expect(text).not.toContain('dr0w');
    // The full stream (blob 0) and its tail (blob 2) each had it raw and reversed.
    expect(fields.redactions?.run_secret).toBe(2);
    expect(fields.redactions?.run_secret_reversed).toBe(2);
  });

  it('is gone when URL-encoded the RFC 3986 way (`curl --data-urlencode`, `quote_plus`), `!*()` included', async () => {
    const password = 'Pa55word!(2024)*x y';
    const clause = CheckClauseSchema.parse({
      kind: 'check',
      desc: 'posts',
      run: `"${process.execPath}" -e "console.log('pw=' + encodeURIComponent(process.env.DB_PASSWORD).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase()).replace(/%20/g, '+'))"`,
      env: ['DB_PASSWORD'],
    });
    const outcome = await runCheck(clause, {
      workdir: dir,
      env: { PATH: process.env.PATH, DB_PASSWORD: password },
      ctx: createCtx({}),
    });
    expect(outcome.stdout.tail).toContain('pw=Pa55word%21%282024%29%2Ax+y');
    const { fields, blobs } = checkRunFields(outcome, secretRedactor({ DB_PASSWORD: password }));
    for (const blob of blobs) expect(Buffer.from(blob).toString('utf8')).not.toContain('Pa55word');
    expect(fields.redactions?.run_secret_url).toBe(2);
  });

  it('is gone when the variable holds it with a trailing newline and the output without (`$(…)`)', async () => {
    // A secret saved with its line break: before, only the value with the break was looked for.
    const token = 'dpl_live_Q7mW2xR9tK4vB8nZ3yH6';
    const clause = CheckClauseSchema.parse({
      kind: 'check',
      desc: 'uses',
      run: `printf 'token=%s used\\n' "$(printenv DEPLOY_TOKEN)"`,
      env: ['DEPLOY_TOKEN'],
    });
    const env = { PATH: process.env.PATH, DEPLOY_TOKEN: `${token}\n` };
    const outcome = await runCheck(clause, { workdir: dir, env, ctx: createCtx({}) });
    expect(outcome.stdout.tail).toBe(`token=${token} used\n`);
    const { blobs } = checkRunFields(outcome, secretRedactor({ DEPLOY_TOKEN: `${token}\n` }));
    // The full stdout and its tail.
    for (const blob of [blobs[0], blobs[2]])
      expect(Buffer.from(blob as Uint8Array).toString('utf8')).toBe('token=[REDACTED] used\n');
  });

  it('leaves an ASCII secret and text that only looks like JSON as they were', () => {
    const redact = secretRedactor({ API_TOKEN: 'abcdefgh12345678' });
    const text = '{"token":"abcdefgh1234567"} Gr\\u00fc\\u00dfe "quoted\\"text"';
    expect(redact(text)).toBe(text);
  });
});
