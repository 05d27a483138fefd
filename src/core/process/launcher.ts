import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { machine } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { type IdleShared, idleShared } from './idle-shared.js';
import { closeInheritedDescriptorsOnce } from './inherited-descriptors.js';
import { LAUNCHER_SCRIPT } from './launcher-script.js';
import { removeTreeArgs } from './remove-tree.js';

/**
 * The sandbox launcher: one root Perl process per run, outside the sandbox, that starts each check
 * of `uid` isolation in the held namespaces with a `fork` instead of the chain of program starts
 * (setpriv, nsenter, unshare, an init shell, setpriv), which cost about 10 ms per check
 * (docs/performance.md). docs/security.md, "The sandbox launcher", says why a check cannot reach it.
 *
 * The harness sends it one request per check on its stdin. The root process it forks for the check
 * connects back to the harness's socket three times, each opened with the check's random token:
 * the status connection (the harness writes `T` or `K` to stop the check; closing it kills the
 * check; the check's end comes back as `exit N` or `signal N`) and the check's stdout and stderr.
 * The socket lies in the harness's lifeline directory, which only the harness (and root) can enter.
 */
export interface LaunchRequest {
  uid: number;
  gid: number;
  /** Octal, as the sandbox's `umask`. */
  umask: string;
  /** `/proc/PID/ns/mnt` of the mount holder. */
  mountNs: string;
  /** `/proc/PID/ns/net` of the mount holder when it holds the network namespace. */
  netNs: string | null;
  /** The holder's marker file: the check's init refuses to go on unless it sees it. */
  marker: string;
  /** The holder's pin of its network namespace, compared with the init's own. */
  netPin: string | null;
  /**
   * Paths the launcher's root process hands to the sandbox user (`lchown`, never following a link)
   * before the check starts: under sudo the harness cannot (process-scratch.ts); as root, none.
   */
  owned: readonly string[];
  cwd: string;
  file: string;
  args: readonly string[];
  env: Record<string, string>;
}

export interface Launcher {
  /** Starts one check; the result behaves as the `ChildProcess` the supervisor would have spawned. */
  launch(request: LaunchRequest): ChildProcess;
  /**
   * Removes `path` (a process's scratch, once closed to the sandbox user) as root in the background,
   * with `rm` as remove-tree.ts runs it; false when the launcher cannot (ended, or no `rm`).
   */
  remove(path: string): boolean;
  /** Whether the launcher still takes requests. */
  alive(): boolean;
  /** Ends the launcher; a check still running ends with it (its root processes die with the launcher). */
  close(): void;
}

/** How long a check's root process gets to connect back before the launch counts as failed. */
const CONNECT_MS = 10_000;
/** The longest header line a connection may open with (a token and a kind). */
const HEADER_MAX = 128;
/** sockaddr_un's path is 108 bytes with its NUL. */
const SOCKET_PATH_MAX = 107;

/** A check started by the launcher, shaped as the `ChildProcess` the supervisor uses. */
class LaunchedCheck extends EventEmitter {
  readonly pid = undefined;
  readonly stdin = null;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  ctl: Socket | null = null;
  private pendingStop: string | null = null;
  private over = false;
  private status = '';
  private readonly connectTimer: NodeJS.Timeout;
  private attached = { out: false, err: false };
  /** The process's end as the launcher reported it, held until both output connections are attached. */
  private reported: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private streamsTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly forget: () => void,
    /** The launcher's root side went away unreported: the launcher must not take another check. */
    private readonly lost: () => void,
  ) {
    super();
    this.connectTimer = setTimeout(
      () =>
        this.fail(
          'the sandbox launcher did not start the process within 10 s; run it again (a launcher that cannot start leaves the program chain)',
        ),
      CONNECT_MS,
    );
    this.connectTimer.unref();
  }

  attach(kind: 'ctl' | 'out' | 'err', socket: Socket, rest: Buffer): void {
    if (kind === 'ctl') {
      if (this.ctl !== null) return void socket.destroy();
      clearTimeout(this.connectTimer);
      this.ctl = socket;
      socket.on('data', (chunk: Buffer) => this.onStatus(chunk));
      socket.on('close', () => {
        // A `fail` line came first: the launcher said why, and lives on for the other checks.
        if (this.reported !== null || this.over) return;
        this.fail(
          'the sandbox launcher ended before the process reported its end (it was killed); run it again',
        );
        // Its end may not have been seen yet (under sudo, `sudo` ends after it): a check launched
        // meanwhile would wait for a launcher that is gone.
        this.lost();
      });
      if (rest.length > 0) this.onStatus(rest);
      if (this.pendingStop !== null) socket.write(this.pendingStop);
      return;
    }
    if (this.attached[kind]) return void socket.destroy();
    this.attached[kind] = true;
    const target = kind === 'out' ? this.stdout : this.stderr;
    if (rest.length > 0) target.write(rest);
    socket.pipe(target);
    // The supervisor destroys the capture when leftovers hold it open: the connection goes with it.
    target.once('close', () => socket.destroy());
    this.settle();
  }

  /** `T` asks the init to pass TERM on to the namespace; `K` kills the init, and the namespace with it. */
  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.over || this.reported !== null) return false;
    const byte = signal === 'SIGKILL' || signal === 9 ? 'K' : 'T';
    if (this.ctl === null) this.pendingStop = byte;
    else this.ctl.write(byte);
    return true;
  }

  fail(message: string): void {
    if (this.over) return;
    this.end();
    this.emit('error', Object.assign(new Error(message), { code: 'ELAUNCHER' }));
  }

  private end(): void {
    this.over = true;
    clearTimeout(this.connectTimer);
    clearTimeout(this.streamsTimer);
    this.forget();
    // Streams that never connected end here; connected ones end with their connection.
    if (!this.attached.out) this.stdout.end();
    if (!this.attached.err) this.stderr.end();
  }

  private settle(): void {
    const reported = this.reported;
    if (reported === null || this.over || !this.attached.out || !this.attached.err) return;
    this.end();
    this.emit('exit', reported.code, reported.signal);
  }

  private onStatus(chunk: Buffer): void {
    this.status += chunk.toString('utf8');
    const newline = this.status.indexOf('\n');
    if (newline < 0 || this.over) return;
    const line = this.status.slice(0, newline);
    const exit = /^exit (\d+)$/.exec(line);
    const signal = /^signal (\d+)$/.exec(line);
    if (exit || signal) {
      if (this.reported !== null) return;
      this.reported = exit
        ? { code: Number(exit[1]), signal: null }
        : { code: null, signal: signalName(Number((signal as RegExpExecArray)[1])) };
      // The three connections are made before the process starts, but the harness may read the end
      // on the status connection before it has read the header of the stdout or stderr one: ending
      // then would drop the output, and a check judged on an empty stdout (expect_not_contains) could
      // pass. The end is reported once both are attached; they end when the process's output does.
      this.streamsTimer = setTimeout(
        () => this.fail('the sandbox launcher reported the end but not the output; run it again'),
        CONNECT_MS,
      );
      this.streamsTimer.unref();
      this.settle();
    } else {
      this.fail(
        line.startsWith('fail ')
          ? `the sandbox launcher: ${line.slice(5)}`
          : 'the sandbox launcher sent nonsense',
      );
    }
  }
}

function signalName(number: number): NodeJS.Signals {
  return number === 9 ? 'SIGKILL' : number === 15 ? 'SIGTERM' : (`SIG${number}` as NodeJS.Signals);
}

/**
 * How the launcher is started when the harness is not root: `sudo` and `env` (absolute paths from
 * trusted directories), so that root runs it with an environment of the harness's choosing.
 */
export interface LauncherSudo {
  sudo: string;
  env: string;
}

/**
 * Starts the launcher (root: it makes namespaces and drops to the sandbox user) with `perl` (an
 * absolute path from a trusted directory) and its socket in `socketDir`; a harness that is not root
 * starts it through `sudo -n` (docs/security.md, "The sandbox launcher"). Resolves null when it
 * cannot start, and the caller keeps the program chain.
 */
export function startLauncher(options: {
  perl: string;
  socketDir: string;
  path: string;
  sudo?: LauncherSudo | null | undefined;
  /** `rm` (an absolute path from a trusted directory) for {@link Launcher.remove}. */
  rm?: string | null | undefined;
}): Promise<Launcher | null> {
  const socketPath = join(options.socketDir, `launch-${randomBytes(6).toString('hex')}.sock`);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) return Promise.resolve(null);
  const pending = new Map<string, LaunchedCheck>();
  const server: Server = createServer((socket) => onConnection(socket));
  const onConnection = (socket: Socket) => {
    let head = Buffer.alloc(0);
    socket.on('error', () => {});
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(10);
      if (newline < 0) {
        if (head.length > HEADER_MAX) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      const match = /^([0-9a-f]{32}) (ctl|out|err)$/.exec(head.subarray(0, newline).toString('latin1'));
      const check = match ? pending.get(match[1] as string) : undefined;
      if (!match || !check) return void socket.destroy();
      check.attach(match[2] as 'ctl' | 'out' | 'err', socket, head.subarray(newline + 1));
      socket.resume();
    };
    socket.on('data', onData);
  };
  return new Promise((resolve) => {
    let child: ChildProcess;
    let ready = false;
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      server.close();
      rmSync(socketPath, { force: true });
      for (const check of pending.values()) check.fail('the sandbox launcher ended');
      if (!ready) resolve(null);
    };
    server.once('error', () => finish());
    // A path's socket is bound and listening when listen() returns (only the event waits for the
    // next turn): the launcher starts now, not after whatever the run does synchronously meanwhile.
    server.listen(socketPath);
    if (!server.listening) return;
    {
      server.unref();
      // Started ahead of the first untrusted process (warm): nothing inherited may reach it either.
      closeInheritedDescriptorsOnce();
      // Nothing from the harness's environment reaches it (PERL5OPT, PERL5LIB would run code as root).
      // LD_BIND_NOW: its symbols are bound once here; lazily, each check's three forks bound again
      // what the launcher had not called, each writing its own copy of the pages (docs/performance.md).
      const env = { PATH: options.path, LC_ALL: 'C', LD_BIND_NOW: '1' };
      // As root its parent is the harness, whose pid it checks to tie its parent-death signal to it.
      // Under sudo its parent is sudo (0: no check), and the end of its stdin, which only the
      // harness holds open, is what ends it when the harness dies, however it dies.
      const perl = [
        options.perl,
        '-e',
        LAUNCHER_SCRIPT,
        socketPath,
        options.sudo ? '0' : String(process.pid),
        options.rm ?? '',
        // uname's machine, which picks its system call numbers: the kernel's, the same for both.
        machine(),
      ];
      const sudo = options.sudo;
      const [file, ...args] = sudo
        ? // `env -i`: whatever the sudoers policy keeps, the launcher gets only these two.
          [
            sudo.sudo,
            '-n',
            '--',
            sudo.env,
            '-i',
            ...Object.entries(env).map(([k, v]) => `${k}=${v}`),
            ...perl,
          ]
        : perl;
      try {
        child = spawn(file as string, args, {
          env,
          cwd: '/',
          // Its own session: a terminal's ^C reaches the harness, and the launcher ends with it. Under
          // sudo, no controlling terminal also means no pseudo-terminal (`use_pty`) between the two.
          detached: true,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
      } catch {
        finish();
        return;
      }
      child.on('error', () => finish());
      child.on('exit', () => finish());
      child.stdin?.on('error', () => finish());
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        for (let newline = out.indexOf('\n'); newline >= 0; newline = out.indexOf('\n')) {
          const line = out.slice(0, newline);
          out = out.slice(newline + 1);
          if (line === 'ready' && !ready) {
            ready = true;
            child.unref();
            for (const stream of [child.stdin, child.stdout, child.stderr])
              (stream as unknown as { unref?: () => void })?.unref?.();
            resolve(launcher);
            continue;
          }
          const failed = /^fail ([0-9a-f]{32}) (.*)$/.exec(line);
          if (failed) pending.get(failed[1] as string)?.fail(`the sandbox launcher: ${failed[2]}`);
        }
      });
      child.stderr?.resume();
    }
    // One request on the launcher's stdin: its length, a newline, its fields joined by NUL bytes.
    const sendRequest = (fields: readonly string[]) => {
      const payload = Buffer.from(fields.join('\0'), 'utf8');
      child.stdin?.write(`${payload.length}\n`);
      child.stdin?.write(payload);
    };
    const launcher: Launcher = {
      launch(request) {
        const token = randomBytes(16).toString('hex');
        const check = new LaunchedCheck(
          () => pending.delete(token),
          () => launcher.close(),
        );
        if (ended) {
          queueMicrotask(() => check.fail('the sandbox launcher ended'));
          return check as unknown as ChildProcess;
        }
        pending.set(token, check);
        const fields = [
          token,
          String(request.uid),
          String(request.gid),
          request.umask,
          request.mountNs,
          request.netNs ?? '',
          request.marker,
          request.netPin ?? '',
          String(request.owned.length),
          ...request.owned,
          request.cwd,
          request.file,
          String(request.args.length),
          ...request.args,
          ...Object.entries(request.env).map(([name, value]) => `${name}=${value}`),
        ];
        if (fields.some((field) => field.includes('\0'))) {
          queueMicrotask(() => check.fail('an argument or environment value holds a NUL byte'));
          return check as unknown as ChildProcess;
        }
        sendRequest(fields);
        return check as unknown as ChildProcess;
      },
      remove(path) {
        if (ended || !options.rm || path.includes('\0')) return false;
        sendRequest(['rm', ...removeTreeArgs(path)]);
        return true;
      },
      alive: () => !ended,
      close() {
        // Its stdin's end is its end; the checks it started die with it. Held until it has exited,
        // so that it is reaped here (idle-shared.ts).
        child.stdin?.end();
        child.ref();
        finish();
      },
    };
  });
}

/**
 * One run's launcher, started on first use (or by `warm`) and shared by the checks that follow,
 * ended once idle (idle-shared.ts). `get` resolves null once a launcher could not start: the caller
 * keeps the program chain.
 */
export function sharedLauncher(options: {
  perl: string | null;
  socketDir: string;
  path: string;
  sudo?: LauncherSudo | null | undefined;
  rm?: string | null | undefined;
}): IdleShared<Launcher> {
  const perl = options.perl;
  return idleShared({
    enabled: perl !== null,
    make: () => startLauncher({ ...options, perl: perl as string }),
    serves: (launcher) => launcher.alive(),
  });
}
