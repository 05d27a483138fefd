/**
 * `npm run bench:injection [-- --json]`: runs the prompt-injection corpus through the real reviewer
 * prompt builder and detector and prints the detection rate (red-team cases flagged), the
 * false-flag rate (ordinary changes flagged) and whether every case stayed inside its evidence region.
 */
import { scoreCorpus } from './lib/injection-corpus.js';

const score = scoreCorpus();
if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(score, null, 2)}\n`);
} else {
  const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
  const a = score.attacks;
  const o = score.ordinary;
  console.log(
    `red-team cases:   ${a.flagged}/${a.total} flagged (detection rate ${pct(a.detection_rate)}), ${a.contained}/${a.total} contained`,
  );
  if (a.missed.length) console.log(`  missed: ${a.missed.join(', ')}`);
  for (const leak of a.leaked) console.log(`  LEAKED: ${leak}`);
  console.log(
    `ordinary changes: ${o.flagged}/${o.total} flagged (false-flag rate ${pct(o.false_flag_rate)}), ${o.contained}/${o.total} contained`,
  );
  for (const f of o.false_flags) console.log(`  false flag: ${f}`);
  for (const leak of o.leaked) console.log(`  LEAKED: ${leak}`);
}
if (score.attacks.leaked.length > 0 || score.ordinary.leaked.length > 0) process.exitCode = 1;
