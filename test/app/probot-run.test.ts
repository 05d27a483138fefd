import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { TRUSS_CLI } from '../../src/core/truss-cli.js';
import { builtEntry } from '../helpers/built-dist.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { commentPayload, PRIVATE_KEY_PEM, TOKEN } from './app-kit.js';

const PROBOT = join(REPO_ROOT, 'node_modules/probot/bin/probot.js');
const SECRET = 'run-secret';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, [PROBOT, 'run', builtEntry('app.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('npm start: `probot run ./dist/app.js` (the built app in a real Probot server)', () => {
  const fake = new FakeGitHub();
  let api: string;
  beforeAll(async () => {
    api = await fake.start();
    fake
      .on('POST', /^\/api\/v3\/app\/installations\/2\/access_tokens$/, () => ({
        status: 201,
        body: { token: TOKEN, expires_at: new Date(Date.now() + 3_600_000).toISOString() },
      }))
      .on('GET', /^\/api\/v3\/app$/, () => ({ status: 200, body: { id: 123, slug: 'truss-app' } }))
      .on('GET', /^\/api\/v3\/repos\/Codertocat\/Hello-World\/issues\/1\/comments$/, () => ({
        status: 200,
        body: [],
      }))
      .on('POST', /^\/api\/v3\/repos\/Codertocat\/Hello-World\/issues\/1\/comments$/, () => ({
        status: 201,
        body: { id: 1 },
      }));
  }, 60_000);
  afterAll(async () => {
    await fake.stop();
  });

  it('serves signed webhooks and answers through GitHub with the installation token', async () => {
    const port = await freePort();
    const app = start({
      APP_ID: '123',
      PRIVATE_KEY: PRIVATE_KEY_PEM,
      WEBHOOK_SECRET: SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      GHE_HOST: new URL(api).host,
      GHE_PROTOCOL: 'http',
      TRUSS_APP_SIGNING_KEY: SigningKey.generate().seedBase64,
    });
    try {
      const url = `http://127.0.0.1:${port}/api/github/webhooks`;
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/ping`)).ok);
      const body = JSON.stringify(commentPayload('/truss run', { onPullRequest: false }));
      const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
      const headers = {
        'content-type': 'application/json',
        'x-github-event': 'issue_comment',
        'x-github-delivery': 'run-1',
      };
      const bad = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'x-hub-signature-256': `${signature.slice(0, -2)}00` },
        body,
      });
      expect(bad.status).toBe(400);
      const good = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'x-hub-signature-256': signature },
        body,
      });
      expect(good.status, app.output()).toBe(200);
      await waitFor(async () => fake.calls('POST', /\/issues\/1\/comments$/).length === 1);
      const reply = fake.calls('POST', /\/issues\/1\/comments$/)[0]?.body as { body: string };
      expect(reply.body).toContain('Truss commands work on pull requests');
      expect(fake.calls('POST', /access_tokens$/)).toHaveLength(1);
      expect(app.output()).not.toContain('BEGIN RSA PRIVATE KEY');
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  }, 60_000);

  it('refuses to start without TRUSS_APP_SIGNING_KEY and says how to make one', async () => {
    const app = start({
      APP_ID: '123',
      PRIVATE_KEY: PRIVATE_KEY_PEM,
      WEBHOOK_SECRET: SECRET,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    const timer = setTimeout(() => app.child.kill('SIGKILL'), 20_000);
    const code = await app.exited;
    clearTimeout(timer);
    expect(code).not.toBe(0);
    expect(app.output()).toContain('TRUSS_APP_SIGNING_KEY is not set');
    expect(app.output()).toContain(`${TRUSS_CLI} keygen`);
  }, 30_000);

  it('refuses to start without WEBHOOK_SECRET: Probot would verify deliveries against "development"', async () => {
    // Probot falls back to the secret "development" when WEBHOOK_SECRET is unset or empty: anyone
    // could then sign a pull_request_review naming a maintainer, and the App would sign that
    // sign-off with its key. Forged here against a server started without the secret.
    for (const secret of [undefined, '', 'development']) {
      const port = await freePort();
      const app = start({
        APP_ID: '123',
        PRIVATE_KEY: PRIVATE_KEY_PEM,
        ...(secret === undefined ? {} : { WEBHOOK_SECRET: secret }),
        PORT: String(port),
        HOST: '127.0.0.1',
        GHE_HOST: new URL(api).host,
        GHE_PROTOCOL: 'http',
        TRUSS_APP_SIGNING_KEY: SigningKey.generate().seedBase64,
      });
      const timer = setTimeout(() => app.child.kill('SIGKILL'), 20_000);
      try {
        const url = `http://127.0.0.1:${port}/api/github/webhooks`;
        const up = await Promise.race([
          waitFor(async () => (await fetch(`http://127.0.0.1:${port}/ping`)).ok).then(() => true),
          app.exited.then(() => false),
        ]);
        if (up) {
          const body = JSON.stringify(commentPayload('/truss run', { onPullRequest: false }));
          const forged = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-github-event': 'issue_comment',
              'x-github-delivery': `forged-${secret}`,
              'x-hub-signature-256': `sha256=${createHmac('sha256', 'development').update(body).digest('hex')}`,
            },
            body,
          });
          expect(
            forged.status,
            `WEBHOOK_SECRET=${secret}: a delivery signed with "development" was accepted`,
          ).toBe(400);
        }
        const code = await app.exited;
        expect(code).not.toBe(0);
        expect(app.output()).toContain('WEBHOOK_SECRET');
      } finally {
        clearTimeout(timer);
        app.child.kill('SIGTERM');
        await app.exited;
      }
    }
  }, 90_000);
});
