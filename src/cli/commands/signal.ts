import { resolve } from 'node:path';
import { checkReceipt } from '../../core/anchor/index.js';
import { LedgerError, LedgerStore } from '../../core/ledger/index.js';
import { APPROVAL_SIGNAL } from '../../core/runtime/index.js';
import { parseCommandArgs } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { ledgerDbPath } from '../db-path.js';
import { type CliIo, printHelp } from '../io.js';
import { timeoutFlag } from '../timeout-flag.js';
import { UsageError } from '../usage-error.js';
import { resumeSession } from './resume.js';

export const SIGNAL_HELP = `Usage: truss signal SESSION NAME [PAYLOAD] [options]

Delivers an external signal to a run waiting for it, then resumes the run. The signal is queued in
the ledger database and becomes a signed signal_received entry when the run consumes it at its wait
point. PAYLOAD is parsed as JSON when it is valid JSON, else kept as a string. A signal never
releases an approval gate: only a signed approved review does (\`truss review approve\`).

Options:
  --workdir DIR        the repository the run works in (default: current directory)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           the session's signing key (default: TRUSS_SIGNING_KEY, else the per-install key)
  --no-resume          only queue the signal; resume later with \`truss resume\`
  --contract PATH      refuse (and queue nothing) unless this contract resolves to the recorded one
  --approvers FILE     reviews signed by these keys release approval gates (see \`truss resume --help\`)
  --bundle FILE        where to write the ledger bundle
  --verify-all         verify every signature before resuming (see \`truss resume --help\`)
  --isolation MODE     auto | uid | bwrap | none for the live work past the journal (as \`truss resume\`)
  --timeout DURATION   wall-clock limit of this resume ("90s", "20m", "1h30m"), as \`truss resume\`
  --json               print the outcome as JSON

Examples:
  truss signal SESSION deploy-finished '{"ok": true}'
  truss signal SESSION go --no-resume                # queue it; resume later

Exit codes: as \`truss resume\` (6: still suspended); 0 with --no-resume once queued.`;

const SIGNAL_NAME = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export async function signal(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('signal', args, {
    workdir: { type: 'string' },
    db: { type: 'string' },
    key: { type: 'string' },
    'no-resume': { type: 'boolean' },
    'verify-all': { type: 'boolean' },
    bundle: { type: 'string' },
    contract: { type: 'string' },
    approvers: { type: 'string' },
    isolation: ISOLATION_FLAG,
    timeout: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, SIGNAL_HELP);
  if (positionals.length < 2 || positionals.length > 3)
    throw new UsageError('signal: expected SESSION NAME [PAYLOAD]');
  const [sessionId, name, rawPayload] = positionals as [string, string, string | undefined];
  if (!SIGNAL_NAME.test(name))
    throw new UsageError('signal: NAME must be letters, digits, ".", "_", ":" or "-" (at most 128)');
  const payload = rawPayload === undefined ? null : parsePayload(rawPayload);
  const queue = (store: LedgerStore) => {
    // A finished run waits for nothing: a signal queued for it would never be delivered, while the
    // replayed verdict made it look sent (docs/cli.md `truss signal`).
    const { status } = store.requireSession(sessionId);
    if (status === 'completed' || status === 'failed')
      throw new LedgerError(
        'session_finished',
        `session ${sessionId} has ${status === 'completed' ? 'completed' : 'failed'}: no run waits for a signal any more, so ${name} was not queued. Run the contract again (\`truss run\`) for a new session`,
      );
    const queued = store.queueSignal(sessionId, name, payload);
    io.stderr(`queued signal ${name} for ${sessionId}\n`);
    if (name === APPROVAL_SIGNAL) {
      io.stderr(
        `note: a signal does not release an approval gate; record a signed review with \`truss review approve ${sessionId} --key REVIEWER_KEY\`\n`,
      );
    }
    return queued;
  };
  if (values['no-resume']) {
    const workdir = resolve(io.cwd, values.workdir ?? '.');
    const store = LedgerStore.open(ledgerDbPath(io, values.db, workdir), {
      receipts: checkReceipt,
      mustExist: true,
    });
    try {
      const queued = queue(store);
      if (values.json) io.stdout(`${JSON.stringify({ session_id: sessionId, queued }, null, 2)}\n`);
    } finally {
      store.close();
    }
    return 0;
  }
  return resumeSession(io, {
    sessionId,
    workdir: values.workdir,
    db: values.db,
    key: values.key,
    bundle: values.bundle,
    contract: values.contract,
    approvers: values.approvers,
    isolation: values.isolation,
    timeout: timeoutFlag('signal', values.timeout),
    verifyAll: Boolean(values['verify-all']),
    json: Boolean(values.json),
    before: (store) => {
      queue(store);
    },
  });
}

function parsePayload(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
