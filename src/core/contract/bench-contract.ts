import { shellQuote } from '../process/sandbox-commands.js';
import { BenchInputError, type BenchRecord } from './bench-dataset.js';
import { contractHash } from './resolve.js';
import { type ProviderSettings, type ResolvedContract, ResolvedContractSchema } from './schema.js';

/** How the benchmark turns a record into a contract (docs/bench-verdicts.md "The contract"). */
export interface BenchContractSettings {
  /** The test command when a record names none: `{test}` (one check per test) or `{tests}` (one per list). */
  testCmd: string | null;
  /** `[checks] setup` when a record names none. */
  setup: string | null;
  /** Each check's timeout. */
  timeoutSec: number;
  /** The panel's model; null: no review clause (checks only). */
  provider: ProviderSettings | null;
  reviewers: number;
}

/** The review clause every benchmark contract with a panel has: is this the right fix? */
export const BENCH_REVIEW_DESC =
  'the change resolves the problem described in the intent, correctly and completely, without breaking other behaviour';

/**
 * The contract of one record: the problem statement is the intent, executor `none` (the candidate
 * patch is the work), one review clause for the panel (unless checks only), then the checks —
 * FAIL_TO_PASS and PASS_TO_PASS run with the test command, each test name shell-quoted (test names
 * are the dataset's, not ours). The review clause comes first so reviewers see the patch before any
 * test run leaves files behind. Validated and hashed like any contract.
 */
export function benchContract(
  record: BenchRecord,
  settings: BenchContractSettings,
): { contract: ResolvedContract; hash: string } {
  const template = record.testCmd ?? settings.testCmd;
  if (!template) {
    throw new BenchInputError(
      `${record.where}: no test command for ${record.instanceId}: pass --test-cmd (e.g. "pytest {test}" or "node {test}") or set "test_cmd" in the record`,
    );
  }
  const perTest = template.includes('{test}');
  if (perTest === template.includes('{tests}')) {
    throw new BenchInputError(
      `${record.where}: the test command ${JSON.stringify(template)} must contain exactly one of {test} (one check per test) and {tests} (one check per list)`,
    );
  }
  const check = (desc: string, tests: string[]) => ({
    kind: 'check',
    desc,
    run: perTest
      ? template.replaceAll('{test}', shellQuote(tests[0] as string))
      : template.replaceAll('{tests}', tests.map(shellQuote).join(' ')),
    timeout_sec: settings.timeoutSec,
  });
  const lists = [
    ['FAIL_TO_PASS', record.failToPass],
    ['PASS_TO_PASS', record.passToPass],
  ] as const;
  const checks = lists.flatMap(([name, tests]) => {
    if (tests.length === 0) return [];
    if (!perTest) return [check(`${name}: ${tests.length} test${tests.length === 1 ? '' : 's'}`, tests)];
    return tests.map((test) => check(`${name} ${test}`, [test]));
  });
  const setup = record.setup ?? settings.setup;
  const raw = {
    reviewers: settings.reviewers,
    contract: {
      id: record.instanceId,
      title: `verdict benchmark: ${record.instanceId}`,
      intent: record.problemStatement,
    },
    done: [...(settings.provider ? [{ kind: 'review', desc: BENCH_REVIEW_DESC }] : []), ...checks],
    executor: { kind: 'none' },
    ...(settings.provider ? { provider: settings.provider } : {}),
    ...(setup ? { checks: { setup } } : {}),
  };
  const parsed = ResolvedContractSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BenchInputError(
      `${record.where}: ${record.instanceId} does not make a valid contract: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return { contract: parsed.data, hash: contractHash(parsed.data) };
}
