import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * The pipe between a delegated vendor CLI and the run that started it (docs/mcp.md "Journaled tools
 * for delegated agents"). The CLI starts `truss mcp serve --tools --session S --connect DIR` as its
 * MCP server; that process holds no key and opens no ledger: it connects to the Unix socket the run
 * listens on in DIR, proves it was started for this run with the token file beside it, and from then
 * on copies bytes both ways. The tools run, and are signed, in the run's own process.
 */

/** The socket, token and MCP config file a run's tool server keeps in its private directory. */
export const TOOL_SOCKET_FILE = 'tools.sock';
export const TOOL_TOKEN_FILE = 'token';
export const TOOL_CONFIG_FILE = 'mcp.json';
/** Longest handshake line either side accepts. */
const MAX_HANDSHAKE_BYTES = 4096;

/** What the relay sends first: which session it was started for, and the run's token. */
export interface ToolHandshake {
  truss_tools: 1;
  session: string;
  token: string;
}

/** What the run answers before MCP starts: `ok`, or why the connection is refused. */
export type ToolHandshakeReply = { truss_tools: 'ok' } | { truss_tools: 'refused'; reason: string };

/**
 * Reads one newline-terminated line from a socket, pausing it right after: what followed the line is
 * pushed back, so the next reader (the MCP transport) sees every byte. Rejects on a line too long, an
 * early close or an error.
 */
export function readHandshakeLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const newline = buffered.indexOf(0x0a);
      if (newline < 0) {
        if (buffered.length > MAX_HANDSHAKE_BYTES) {
          cleanup();
          reject(new Error('handshake line too long'));
        }
        return;
      }
      cleanup();
      socket.pause();
      const rest = buffered.subarray(newline + 1);
      if (rest.length > 0) socket.unshift(rest);
      resolve(buffered.subarray(0, newline).toString('utf8'));
    };
    const onEnd = () => {
      cleanup();
      reject(new Error('the connection closed before the handshake'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onError);
  });
}

export interface RelayOptions {
  /** The run's private tool directory (`--connect`). */
  dir: string;
  /** The session the CLI was started for (`--session`); the run refuses any other. */
  sessionId: string;
  input: Readable;
  output: Writable;
  /** Where a refusal or a connection error is explained. */
  error: (text: string) => void;
}

/**
 * `truss mcp serve --tools`: connects to the run's tool socket, sends the handshake and, once the
 * run accepted it, copies stdin to the socket and the socket to stdout until either side ends.
 * Resolves with the exit code: 0 when the client or the run closed the connection, 1 when it could
 * not be made or was refused.
 */
export function relayToolSocket(options: RelayOptions): Promise<number> {
  let token: string;
  try {
    token = readFileSync(join(options.dir, TOOL_TOKEN_FILE), 'utf8').trim();
  } catch (error) {
    options.error(
      `truss: mcp serve --tools: cannot read the run's token in ${options.dir} (${(error as NodeJS.ErrnoException).code ?? 'error'}); this command is started by a delegated run with [executor] tools = "truss", not by hand\n`,
    );
    return Promise.resolve(1);
  }
  return new Promise((resolve) => {
    const socket = connect(join(options.dir, TOOL_SOCKET_FILE));
    let relaying = false;
    let settled = false;
    const done = (code: number) => {
      if (settled) return;
      settled = true;
      options.input.unpipe(socket);
      resolve(code);
    };
    socket.on('error', (error) => {
      if (!relaying) {
        options.error(`truss: mcp serve --tools: cannot reach the run's tool server: ${error.message}\n`);
      }
      done(relaying ? 0 : 1);
    });
    socket.on('close', () => done(relaying ? 0 : 1));
    socket.on('connect', async () => {
      const hello: ToolHandshake = { truss_tools: 1, session: options.sessionId, token };
      socket.write(`${JSON.stringify(hello)}\n`);
      let reply: ToolHandshakeReply;
      try {
        reply = JSON.parse(await readHandshakeLine(socket)) as ToolHandshakeReply;
      } catch (error) {
        options.error(
          `truss: mcp serve --tools: no answer from the run's tool server (${(error as Error).message})\n`,
        );
        socket.destroy();
        return;
      }
      if (reply.truss_tools !== 'ok') {
        const reason = 'reason' in reply ? reply.reason : 'no reason given';
        options.error(`truss: mcp serve --tools: the run refused the connection: ${reason}\n`);
        socket.destroy();
        return;
      }
      relaying = true;
      socket.pipe(options.output);
      options.input.pipe(socket);
      socket.resume();
    });
  });
}
