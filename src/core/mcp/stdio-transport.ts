import { PassThrough } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Isolation } from '../process/isolation.js';
import { runSupervised, type SupervisedOutcome } from '../process/process-supervisor.js';
import type { McpSdk } from './sdk.js';

/** After stdin is closed, how long a stdio server gets to exit on its own before its group is killed. */
export const STDIO_EXIT_GRACE_MS = 1000;
/** A stdio server lives for the run; the supervisor still needs a deadline (24 h). */
const SERVER_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The most stderr a server's failure message quotes (its tail). */
const STDERR_TAIL_BYTES = 2048;
/**
 * The most bytes sent to a server that it has not read yet: past it the server is stopped. A server
 * that stops reading its stdin while it sends requests the client answers by itself (`ping`) had
 * every answer kept in the harness's memory, without bound (docs/mcp.md).
 */
export const MAX_UNREAD_BYTES = 32 * 1024 * 1024;

export interface SupervisedStdioOptions {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The server's complete, already scrubbed environment. */
  env: Record<string, string>;
  /** The run's isolation: the server starts through it like every untrusted process (docs/security.md). */
  isolation: Isolation | undefined;
  /** The run's cancellation: aborting kills the server's whole process group. */
  signal: AbortSignal;
  /** Epoch ms after which the server is killed (the run's deadline); default a day. */
  deadline?: number | null;
}

/**
 * An MCP client transport over a stdio server started by the one spawn path for untrusted
 * processes (`runSupervised` through the run's isolation layer), instead of the SDK's
 * StdioClientTransport, which spawns on its own with the harness's environment. JSON-RPC messages
 * are newline-delimited on stdin/stdout (the SDK's framing); stderr is kept as a short tail for
 * error messages. Closing ends stdin, waits {@link STDIO_EXIT_GRACE_MS}, then kills the group.
 */
export class SupervisedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  readonly #options: SupervisedStdioOptions;
  readonly #sdk: McpSdk;
  readonly #stdin = new PassThrough();
  readonly #abort = new AbortController();
  #buffer: InstanceType<McpSdk['ReadBuffer']>;
  #stderr = '';
  #running: Promise<SupervisedOutcome> | undefined;
  #outcome: SupervisedOutcome | undefined;
  #closed = false;
  /** Why the harness stopped the server itself, for {@link describeExit}. */
  #stoppedWhy: string | null = null;

  constructor(sdk: McpSdk, options: SupervisedStdioOptions) {
    this.#sdk = sdk;
    this.#options = options;
    this.#buffer = new sdk.ReadBuffer();
  }

  async start(): Promise<void> {
    if (this.#running) throw new Error('SupervisedStdioTransport already started');
    const { signal } = this.#options;
    const onAbort = () => this.#abort.abort();
    if (signal.aborted) this.#abort.abort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const deadline = this.#options.deadline;
    this.#running = runSupervised({
      file: this.#options.file,
      args: this.#options.args,
      cwd: this.#options.cwd,
      env: this.#options.env,
      stdin: this.#stdin,
      timeoutMs: deadline ? Math.max(0, deadline - Date.now()) : SERVER_LIFETIME_MS,
      signal: this.#abort.signal,
      killGraceMs: STDIO_EXIT_GRACE_MS,
      maxCaptureBytes: 0,
      tailBytes: 0,
      onStdout: (chunk) => this.#read(chunk),
      onStderr: (chunk) => {
        this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
      },
      isolation: this.#options.isolation,
    });
    void this.#running.then((outcome) => {
      signal.removeEventListener('abort', onAbort);
      this.#outcome = outcome;
      this.#closed = true;
      this.#stdin.destroy();
      if (outcome.spawnError) this.onerror?.(new Error(`could not start: ${outcome.spawnError.message}`));
      this.onclose?.();
    });
  }

  #read(chunk: Buffer): void {
    try {
      this.#buffer.append(chunk);
    } catch (error) {
      // More than one message may hold (the buffer was dropped): reported, not fatal.
      this.onerror?.(error as Error);
      return;
    }
    // Every complete line ends in a newline of this chunk (earlier ones were read already): no more
    // reads than that, whatever the buffer does with a line it could not parse.
    let lines = 0;
    for (let at = chunk.indexOf(0x0a); at >= 0; at = chunk.indexOf(0x0a, at + 1)) lines++;
    for (let read = 0; read < lines; read++) {
      try {
        const message = this.#buffer.readMessage();
        if (message === null) break;
        this.onmessage?.(message);
      } catch (error) {
        // A line that is not JSON-RPC (a server printing logs to stdout): reported and skipped, and
        // the lines after it in the same chunk are still read (docs/mcp.md).
        this.onerror?.(error as Error);
      }
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed || !this.#running) throw new Error('the MCP server process is not running');
    if (this.#stdin.writableLength + this.#stdin.readableLength > MAX_UNREAD_BYTES) {
      this.#stoppedWhy ??= `was stopped: it does not read what it is sent (more than ${MAX_UNREAD_BYTES} bytes waited for it)`;
      this.#abort.abort();
      throw new Error(`the MCP server ${this.#stoppedWhy}`);
    }
    this.#stdin.write(this.#sdk.serializeMessage(message));
  }

  async close(): Promise<void> {
    if (!this.#running) return;
    this.#stdin.end();
    const exited = await Promise.race([
      this.#running.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), STDIO_EXIT_GRACE_MS).unref()),
    ]);
    if (!exited) this.#abort.abort();
    await this.#running;
  }

  /**
   * Why the process is gone, for error messages: exit code or signal, a start-up failure, a
   * timeout, and the tail of its stderr. Null while it runs.
   */
  describeExit(): string | null {
    const outcome = this.#outcome;
    if (!outcome) return null;
    const how = this.#stoppedWhy
      ? this.#stoppedWhy
      : outcome.spawnError
        ? `could not be started (${outcome.spawnError.message})`
        : outcome.timedOut
          ? 'was killed at the run deadline'
          : outcome.cancelled
            ? 'was stopped (cancelled)'
            : outcome.signal
              ? `was killed by ${outcome.signal}`
              : `exited with code ${String(outcome.exitCode)}`;
    const tail = this.#stderr.trim();
    return tail ? `${how}; stderr: ${tail.split('\n').slice(-5).join(' | ')}` : how;
  }
}
