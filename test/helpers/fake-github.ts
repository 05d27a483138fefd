import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export type Handler = (
  request: RecordedRequest,
) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/**
 * A local stand-in for api.github.com on 127.0.0.1, for running the built action entry as a real
 * child process (nock cannot reach into another process). Routes are matched in order by method
 * and path regex; every request is recorded with its JSON body; unmatched requests get 404.
 */
export class FakeGitHub {
  readonly requests: RecordedRequest[] = [];
  readonly #routes: { method: string; path: RegExp; handler: Handler }[] = [];
  #server: Server | null = null;

  on(method: string, path: RegExp, handler: Handler): this {
    this.#routes.push({ method, path, handler });
    return this;
  }

  /** Like `on`, but matched before every route added so far (a test overriding a default). */
  prepend(method: string, path: RegExp, handler: Handler): this {
    this.#routes.unshift({ method, path, handler });
    return this;
  }

  /** Removes the routes `handler` serves (a test lifting a temporary override). */
  remove(handler: Handler): this {
    for (let i = this.#routes.length - 1; i >= 0; i--)
      if (this.#routes[i]?.handler === handler) this.#routes.splice(i, 1);
    return this;
  }

  async start(): Promise<string> {
    this.#server = createServer(async (req, res) => {
      const body = await readBody(req);
      // Octokit percent-encodes path parameters (contents paths, refs); match on the decoded path.
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(req.url ?? '/'),
        body,
      };
      this.requests.push(recorded);
      const route = this.#routes.find(
        (r) => r.method === recorded.method && r.path.test(recorded.path.split('?')[0] ?? ''),
      );
      const reply = route?.handler(recorded) ?? {
        status: 404,
        body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
      };
      // A Buffer body is sent as it is (an artifact zip); anything else as JSON.
      const raw = Buffer.isBuffer(reply.body);
      res.writeHead(reply.status ?? 200, {
        'content-type': raw ? 'application/zip' : 'application/json; charset=utf-8',
        ...reply.headers,
      });
      res.end(reply.body === undefined ? '' : raw ? reply.body : JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  calls(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path.split('?')[0] ?? ''));
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Json = Record<string, unknown>;

let examples: { name: string; examples: Json[] }[] | undefined;

/**
 * The 4 MB example file, parsed by JSON.parse on first use: imported as a module, the test runner
 * turned it into JavaScript in every test file that loads this helper (about 1.5 s each).
 */
function allExamples(): { name: string; examples: Json[] }[] {
  examples ??= JSON.parse(
    readFileSync(
      createRequire(import.meta.url).resolve('@octokit/webhooks-examples/api.github.com/index.json'),
      'utf8',
    ),
  ) as { name: string; examples: Json[] }[];
  return examples;
}

/** Every example payload of webhook `event` in @octokit/webhooks-examples (api.github.com), deep-copied. */
export function webhookExamples(event: string): Json[] {
  const found = allExamples().find((entry) => entry.name === event);
  if (!found) throw new Error(`no webhook examples for ${event}`);
  return structuredClone(found.examples);
}

/**
 * The `name`.`action` example payload, deep-copied so tests can adapt it; events without actions
 * (workflow_dispatch) omit `action`.
 */
export function webhookExample(name: string, action?: string): Json {
  // Only the one example is copied: tests build hundreds of payloads, and an event has dozens.
  const event = allExamples()
    .find((entry) => entry.name === name)
    ?.examples.find((x) => (x as { action?: string }).action === action);
  if (!event) throw new Error(`no ${name}.${action ?? '(no action)'} example in @octokit/webhooks-examples`);
  return structuredClone(event);
}

/** A contents-API file response, as GET /repos/{owner}/{repo}/contents/{path} returns it. */
export function contentsFile(path: string, text: string) {
  return {
    type: 'file',
    encoding: 'base64',
    size: Buffer.byteLength(text),
    name: path.split('/').pop(),
    path,
    content: Buffer.from(text).toString('base64'),
    sha: 'deadbeef'.repeat(5),
  };
}
