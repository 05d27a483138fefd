import { findEntry } from '../../core/memory/index.js';
import { decideFromEval, evalPromotionArms, refuseTrial } from '../../core/run/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { ISOLATION_FLAG } from '../choice-flags.js';
import { EXIT } from '../exit-codes.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { cliSigner, decisionLines, MEMORY_PLACE_OPTIONS, openMemoryPlace } from '../memory-io.js';
import { UsageError } from '../usage-error.js';
import { formatEval, launchEval } from './eval.js';
import type { Family } from './memory.js';

/** The flags of `promote --eval` (docs/memory.md "Eval-gated promotion"). */
export const EVAL_PROMOTE_HELP = `  --eval CONTRACT        (promote) promote only if a paired eval of CONTRACT passes more often with the
                         entry recalled (arm on) than without (arm off); signed with method eval
  --repeats N            (promote --eval) runs per arm (default 3)
  --isolation MODE       (promote --eval) as for truss run
  -o, --output FILE      (promote --eval) the eval's HTML page`;

/**
 * `truss playbook|memory promote ID --eval CONTRACT`: runs the paired eval (arms off/on, the entry on
 * trial in the on arm) and signs a `memory_verdict` with method `eval` that names the signed
 * `eval_report`: `promote` when the on arm's pass rate is higher, else `unverifiable`. Exit 0 when
 * promoted, 1 when not.
 */
export async function promoteByEval(args: string[], io: CliIo, family: Family): Promise<number> {
  const { values, positionals } = parseCommandArgs(`${family.name} promote`, args, {
    ...MEMORY_PLACE_OPTIONS,
    eval: { type: 'string' },
    repeats: { type: 'string' },
    isolation: ISOLATION_FLAG,
    output: { type: 'string', short: 'o' },
    'dry-run': { type: 'boolean' },
  });
  if (values.help) return printHelp(io, family.help);
  const [ref] = requirePositionals(`${family.name} promote`, positionals, ['ID|KEY']) as [string];
  const repeats = values.repeats === undefined ? 3 : Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100)
    throw new UsageError(`${family.name} promote --eval: --repeats must be an integer from 1 to 100`);
  const contractRef = values.eval as string;
  const dryRun = Boolean(values['dry-run']);
  const place = openMemoryPlace(io, values, { write: !dryRun });
  try {
    const entry = findEntry(place.memory, ref, family.kind);
    const { arms, trials, refused } = evalPromotionArms(entry);
    if (dryRun) {
      const preview = {
        dry_run: true,
        memory_id: entry.id,
        trust: entry.trust,
        method: 'eval',
        contract: contractRef,
        repeats,
        arms: arms.map((arm) => ({ name: arm.name, change: arm.change })),
        ...(refused ? { refused } : {}),
      };
      emit(io, Boolean(values.json), preview, () =>
        refused
          ? `dry run: would sign unverifiable for ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) and run no eval: ${refused}`
          : `dry run: would run ${contractRef} ${repeats}× per arm (${arms.map((a) => `${a.name}: ${a.change}`).join('; ')}) and promote ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) only if on passes more often than off`,
      );
      return refused ? EXIT.failed : EXIT.ok;
    }
    if (refused) {
      // The detector flagged the entry: it never goes on trial, so no run (and no model) is told it.
      const result = await refuseTrial(cliSigner(io, place, values.key), entry, refused);
      emit(io, Boolean(values.json), result, () => decisionLines(entry, result).join('\n'));
      return EXIT.failed;
    }
    return await launchEval(io, {
      contractRef,
      arms,
      repeats,
      values,
      trials,
      open: { store: place.ledger, memory: { store: place.memory, view: place.view } },
      finish: async ({ completed, bundlePath, pagePath, verifyCommand, store }) => {
        const result = await decideFromEval(cliSigner(io, place, values.key), entry, {
          sessionId: completed.sessionId,
          store,
          report: completed.report,
        });
        emit(
          io,
          Boolean(values.json),
          {
            ...result,
            eval: {
              session_id: completed.sessionId,
              head_hash: completed.headHash,
              ...completed.report,
              bundle: bundlePath,
              page: pagePath,
              verify_command: verifyCommand,
            },
          },
          () =>
            [
              formatEval(completed.report),
              `eval session ${completed.sessionId} · bundle ${bundlePath} · page ${pagePath}`,
              ...decisionLines(entry, result),
            ].join('\n'),
        );
        return result.payload.decision === 'promote' ? EXIT.ok : EXIT.failed;
      },
    });
  } finally {
    place.close();
  }
}
