import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { type ServedConnection, serveMcpTools } from '../mcp/tool-server.js';
import type { Isolation } from '../process/isolation.js';
import { removeUntrustedTree } from '../process/remove-tree.js';
import type { DelegatedToolBridge } from './delegated-tools.js';
import {
  readHandshakeLine,
  TOOL_SOCKET_FILE,
  TOOL_TOKEN_FILE,
  type ToolHandshake,
  type ToolHandshakeReply,
} from './delegated-tools-relay.js';

/** At most this many relays may be connected at once (a CLI normally starts its server once). */
const MAX_CONNECTIONS = 8;

/**
 * Calls read and not yet answered, across the connections, before they stop being read: the bridge
 * runs calls one at a time, and each waiting call holds its arguments (up to an MCP message, 10 MiB)
 * in the harness's memory. Past it the sockets are paused until calls finish (docs/mcp.md).
 */
export const MAX_WAITING_CALLS = 16;

/** The longest socket path every platform binds (`sun_path` holds 104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 103;

/**
 * Where the socket's directory is made: the run's `tempDir` (swept by the next run if this one is
 * killed, docs/runtime.md "Temporary directories") when the socket's path there stays short enough
 * to bind, else `fallback` (the OS temp dir), where a killed run's directory stays.
 */
export function toolSocketParent(tempDir: string | undefined, fallback: string): string {
  if (tempDir === undefined) return fallback;
  return join(tempDir, 'truss-tools-XXXXXX', TOOL_SOCKET_FILE).length <= MAX_SOCKET_PATH ? tempDir : fallback;
}

export interface ToolSocket {
  /** The private directory holding the socket, the token and the CLI's MCP config. */
  readonly dir: string;
  /** Stops listening, closes every connection and removes the directory. */
  close(): Promise<void>;
}

export interface OpenToolSocketOptions {
  bridge: DelegatedToolBridge;
  sessionId: string;
  /** Truss's version, in the MCP handshake. */
  version: string;
  /** Where the private directory is made ({@link toolSocketParent}). */
  parent: string;
  /** Environment (a trusted PATH) of the `rm` that removes the directory the sandbox could write. */
  toolEnv: Record<string, string>;
  /** The run's isolation: the sandboxed CLI is given access to the directory (and to nothing more). */
  isolation?: Isolation | undefined;
  /** Called with each connection's failure, for the run's warnings. */
  warn?: (message: string) => void;
  /** Writes what else the CLI reads from the directory (its MCP config) before access is granted. */
  prepare?: (dir: string) => Promise<void>;
}

/**
 * Listens for the relays of one delegated CLI attempt on a Unix socket in a fresh private directory
 * (mode 0700, given to the sandbox user under uid/bwrap isolation), with a random token beside it.
 * A relay that names another session or the wrong token is refused before any MCP message is read;
 * an accepted one gets an MCP server whose tools are the bridge's.
 */
export async function openToolSocket(options: OpenToolSocketOptions): Promise<ToolSocket> {
  const dir = await mkdtemp(join(options.parent, 'truss-tools-'));
  try {
    return await listen(dir, options);
  } catch (error) {
    await options.isolation?.removeWorkdir?.(dir).catch(() => {});
    await removeUntrustedTree(dir, options.toolEnv);
    throw error;
  }
}

async function listen(dir: string, options: OpenToolSocketOptions): Promise<ToolSocket> {
  await chmod(dir, 0o700);
  const token = randomBytes(32).toString('hex');
  // Group-readable on purpose (the directory itself is 0700): under uid isolation the grant below
  // hands the directory to the sandbox group, and owner-only files are never granted (security.md).
  await writeFile(join(dir, TOOL_TOKEN_FILE), `${token}\n`, { mode: 0o640 });
  const sockets = new Set<Socket>();
  const connections = new Set<ServedConnection>();
  /** Sockets whose MCP server reads them: the ones the backpressure below pauses and resumes. */
  const serving = new Set<Socket>();
  let waiting = 0;
  const throttle = () => {
    for (const socket of serving) {
      if (waiting >= MAX_WAITING_CALLS) socket.pause();
      else socket.resume();
    }
  };
  const call = async (name: string, args: Record<string, unknown>) => {
    waiting++;
    throttle();
    try {
      return await options.bridge.call(name, args);
    } finally {
      waiting--;
      throttle();
    }
  };
  const server: Server = createServer((socket) => {
    if (sockets.size >= MAX_CONNECTIONS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    void accept(socket).catch((error) => {
      options.warn?.(`tools = "truss": a tool server connection failed: ${(error as Error).message}`);
      socket.destroy();
    });
  });
  const accept = async (socket: Socket) => {
    const line = await readHandshakeLine(socket);
    const refusal = checkHandshake(line, options.sessionId, token);
    const reply: ToolHandshakeReply = refusal
      ? { truss_tools: 'refused', reason: refusal }
      : { truss_tools: 'ok' };
    socket.write(`${JSON.stringify(reply)}\n`);
    if (refusal) {
      socket.end();
      return;
    }
    const connection = await serveMcpTools({
      name: 'truss',
      version: options.version,
      instructions:
        'These are the only tools of this run: every call is checked against the contract and signed into its ledger.',
      tools: options.bridge.served,
      call,
      // Every call is journaled, a refused one too: the bridge refuses unknown and disallowed tools.
      passUnknown: true,
      input: socket,
      output: socket,
    });
    connections.add(connection);
    serving.add(socket);
    throttle();
    void connection.closed.then(() => {
      connections.delete(connection);
      serving.delete(socket);
      socket.destroy();
    });
  };
  const path = join(dir, TOOL_SOCKET_FILE);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  await options.prepare?.(dir);
  await options.isolation?.addWorkdir(dir);
  let closing: Promise<void> | undefined;
  return {
    dir,
    close() {
      closing ??= (async () => {
        // The server's close callback waits for its connections: end them first.
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...connections].map((connection) => connection.close()));
        for (const socket of sockets) socket.destroy();
        await stopped;
        await options.isolation?.removeWorkdir?.(dir);
        // Granted to the sandbox, and bound into every sandboxed process of the run: a sibling
        // attempt may still be swapping a directory of it for a link (remove-tree.ts).
        await removeUntrustedTree(dir, options.toolEnv);
      })();
      return closing;
    },
  };
}

/** Why a relay's first line is refused, or null when it names this session with this run's token. */
function checkHandshake(line: string, sessionId: string, token: string): string | null {
  let hello: Partial<ToolHandshake>;
  try {
    hello = JSON.parse(line) as Partial<ToolHandshake>;
  } catch {
    return 'the first line is not a truss tools handshake';
  }
  if (hello === null || typeof hello !== 'object' || hello.truss_tools !== 1) {
    return 'the first line is not a truss tools handshake';
  }
  if (hello.session !== sessionId) {
    return `this tool server belongs to session ${sessionId}, not ${String(hello.session)}`;
  }
  const given = Buffer.from(String(hello.token ?? ''), 'utf8');
  const expected = Buffer.from(token, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'wrong token';
  }
  return null;
}
