import { userInfo } from 'node:os';
import { parseCommandArgs } from '../args.js';
import { ISOLATION_FLAG, PROVIDER_FLAG } from '../choice-flags.js';
import { type CliIo, printHelp } from '../io.js';
import { launchRun } from '../run-launch.js';
import { cancelOnSignals, reportResult } from '../run-output.js';
import { timeoutFlag } from '../timeout-flag.js';
import { UsageError } from '../usage-error.js';
import { workdirFlag } from '../workdir-flag.js';

export const RUN_HELP = `Usage: truss run CONTRACT [options] [-- free-text intent]

Runs a contract: the harness runs every check clause itself, a reviewer panel judges every review
clause, and the verdict is signed into the ledger. CONTRACT is a .toml path or the NAME of
.truss/contracts/NAME.toml in the workdir. Text after -- replaces the contract's intent.

Options:
  --workdir DIR        the repository to verify (default: current directory)
  --db FILE            ledger database (default: <workdir>/.truss/ledger.db)
  --key FILE           signing key (default: TRUSS_SIGNING_KEY, else a per-install key
                       under ~/.config/truss/, created on first use)
  --base REF           diff base for reviewers (default: merge base with the default branch)
  --reviewers N        panel size (overrides config and contract)
  --provider KIND      anthropic | openai-compatible | github-models | scripted
  --model MODEL        model for the panel
  --base-url URL       API base URL (OpenAI-compatible servers, Ollama, vLLM)
  --bundle FILE        where to write the ledger bundle (default: <workdir>/.truss/bundles/<session>.json)
  --verify-only        judge the working tree as it is (executor "none"), even if the contract names one
  --isolation MODE     auto | uid | bwrap | none: how checks, the agent's tools and delegated CLIs are
                       confined (default: [sandbox] isolation, else auto = strongest available;
                       see docs/security.md)
  --timeout DURATION   wall-clock limit ("90s", "20m", "1h30m"): at it the run is stopped, what is
                       running is killed, and the signed verdict is forced to FAIL; the tighter of
                       this and the contract's [budget] max_duration applies
  --json               print the outcome as JSON (progress still goes to stderr)

The executor ([executor] kind) runs first: none (verify the working tree as it is), in-loop
(Truss's own agent loop over [executor]/[provider] with the harness tools) or delegated-cli (a
vendor agent CLI). Every step is journaled; a run stopped by an approval gate or a wait is
suspended and continues with \`truss resume\` (or \`truss signal\`).

Examples:
  truss run examples/contracts/repo-health.toml      # a contract file; no API key needed
  truss run tests                                   # .truss/contracts/tests.toml
  truss run default -- add a --verbose flag          # the text after -- becomes the intent
  truss run tests --provider anthropic --model claude-sonnet-4-5 --timeout 20m --json > outcome.json

Exit codes: 0 PASS, 1 FAIL, 2 UNVERIFIABLE, 3 bad contract/config/key, 6 SUSPENDED (the output
says how to release it), 64 usage`;

export async function run(args: string[], io: CliIo): Promise<number> {
  const separator = args.indexOf('--');
  const flagArgs = separator >= 0 ? args.slice(0, separator) : args;
  const freeText =
    separator >= 0
      ? args
          .slice(separator + 1)
          .join(' ')
          .trim()
      : '';
  const { values, positionals } = parseCommandArgs('run', flagArgs, {
    workdir: { type: 'string' },
    db: { type: 'string' },
    key: { type: 'string' },
    base: { type: 'string' },
    reviewers: { type: 'string' },
    provider: PROVIDER_FLAG,
    model: { type: 'string' },
    'base-url': { type: 'string' },
    bundle: { type: 'string' },
    'verify-only': { type: 'boolean' },
    isolation: ISOLATION_FLAG,
    timeout: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, RUN_HELP);
  if (positionals.length !== 1)
    throw new UsageError('run: expected exactly one CONTRACT (a .toml path or a contract name)');
  const reviewers = values.reviewers === undefined ? undefined : Number(values.reviewers);
  if (reviewers !== undefined && !(Number.isInteger(reviewers) && reviewers >= 1 && reviewers <= 15)) {
    throw new UsageError('run: --reviewers must be an integer from 1 to 15');
  }
  // Read before anything starts: the limit counts from here (and a bad value is a usage error).
  const timeout = timeoutFlag('run', values.timeout);
  const abort = new AbortController();
  const detach = cancelOnSignals(abort);
  try {
    const launched = await launchRun(io, {
      contract: positionals[0] as string,
      workdir: workdirFlag(io, values.workdir),
      db: values.db,
      key: values.key,
      base: values.base,
      bundle: values.bundle,
      isolation: values.isolation,
      reviewers,
      ...(values.provider || values.model || values['base-url']
        ? { provider: { kind: values.provider, model: values.model, base_url: values['base-url'] } }
        : {}),
      intent: freeText || undefined,
      verifyOnly: Boolean(values['verify-only']),
      principal: { login: io.env.GITHUB_ACTOR ?? userInfo().username, via: 'cli' },
      signal: abort.signal,
      timeout,
    });
    try {
      return reportResult(
        await launched.result,
        { ...launched.report, json: Boolean(values.json) },
        abort.signal,
      );
    } finally {
      launched.close();
    }
  } finally {
    detach();
  }
}
