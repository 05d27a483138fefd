import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { createNodeMiddleware } from 'probot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trussApp } from '../../src/app/index.js';
import { expectNoPendingMocks } from '../helpers/nock-guard.js';
import { API, appConfig, commentPayload, makeProbot, nockToken, R } from './app-kit.js';

const SECRET = 'webhook-secret';

function sign(body: string, secret = SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A command on an issue: the App answers with one reply, so a received delivery is observable. */
function issueCommand(): { body: string; replies: string[] } {
  const replies: string[] = [];
  nockToken();
  // Whether the App told this account before (once per account and issue, refusal.ts).
  nock(API).get('/app').reply(200, { id: 123, slug: 'truss-app' });
  nock(API).get(`${R}/issues/1/comments`).query(true).reply(200, []);
  nock(API)
    .post(`${R}/issues/1/comments`, (b) => {
      replies.push(b.body);
      return true;
    })
    .reply(201, { id: 1 });
  return { body: JSON.stringify(commentPayload('/truss run', { onPullRequest: false })), replies };
}

describe('Truss App: webhook signatures', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect('127.0.0.1');
    const config = appConfig();
    const probot = await makeProbot(config, { load: false, secret: SECRET });
    const middleware = await createNodeMiddleware(trussApp(config), { probot });
    server = createServer((req, res) => {
      void middleware(req, res, () => {
        res.writeHead(404);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    nock.enableNetConnect();
  });
  afterEach(() => nock.cleanAll());

  const post = (body: string, signature: string | null) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issue_comment',
        'x-github-delivery': 'sig-1',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
      body,
    });

  it('a delivery signed with the wrong secret is rejected over HTTP and never handled', async () => {
    const { body, replies } = issueCommand();
    const response = await post(body, sign(body, 'not-the-secret'));
    expect(response.status).toBe(400);
    expect(replies).toEqual([]);
    expect(nock.pendingMocks()).toHaveLength(4);
  });

  it('an unsigned delivery and a body altered after signing are rejected', async () => {
    const { body, replies } = issueCommand();
    expect((await post(body, null)).status).toBe(400);
    const tampered = body.replace('/truss run', '/truss help');
    expect((await post(tampered, sign(body))).status).toBe(400);
    expect(replies).toEqual([]);
  });

  it('a correctly signed delivery is handled', async () => {
    const { body, replies } = issueCommand();
    const response = await post(body, sign(body));
    expect(response.status).toBe(200);
    expect(replies[0]).toContain('Truss commands work on pull requests');
    expectNoPendingMocks();
  });

  it('verifyAndReceive (the same check without HTTP) rejects a wrong signature', async () => {
    const probot = await makeProbot(appConfig(), { secret: SECRET });
    const { body, replies } = issueCommand();
    await expect(
      probot.webhooks.verifyAndReceive({
        id: 'sig-2',
        name: 'issue_comment',
        payload: body,
        signature: sign(body, 'wrong'),
      } as never),
    ).rejects.toThrow(/signature does not match/);
    expect(replies).toEqual([]);
  });
});
