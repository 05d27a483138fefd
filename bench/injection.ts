/**
 * `npm run bench:injection [-- --json]`: runs the prompt-injection corpus through the real reviewer
 * prompt builder and detector and prints the detection rate (red-team cases flagged), the
 * false-flag rate (ordinary changes flagged) and whether every case stayed inside its evidence region.
 */
import { performance } from 'node:perf_hooks';
import { prepareEvidence } from '../src/core/verify/evidence-lines.js';
import { detectInjection } from '../src/core/verify/injection-detect.js';
import { scoreCorpus } from './lib/injection-corpus.js';

const started = performance.now();
const score = scoreCorpus();
const corpusMs = performance.now() - started;

const ORDINARY_LINE = '  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);';

/**
 * Cost on a diff of `bytes` of ordinary code, by default at the evidence collector's default limit
 * (200 kB); `oneWordALine` writes it one word a line, which the joined scan of an instruction split
 * over several lines reads as one text (docs/security.md).
 */
function scanLargeDiff(bytes = 200_000, oneWordALine = false): { bytes: number; ms: number } {
  const lines = oneWordALine ? ORDINARY_LINE.trim().split(' ') : [ORDINARY_LINE];
  const chunk = lines.map((l) => `+${l}\n`).join('');
  let diff = 'diff --git a/src/big.ts b/src/big.ts\n--- a/src/big.ts\n+++ b/src/big.ts\n@@ -0,0 +1,2400 @@\n';
  diff += chunk.repeat(Math.ceil((bytes - diff.length) / chunk.length));
  const t0 = performance.now();
  const report = detectInjection(
    prepareEvidence({ diff, diffBytes: diff.length, diffTruncated: false, files: [], notes: [] }),
  );
  if (report.suspected) throw new Error('the large ordinary diff was flagged');
  return { bytes: diff.length, ms: Math.round((performance.now() - t0) * 10) / 10 };
}
const large = scanLargeDiff();
// One word a line, at the default limit and four times it: linear cost keeps the ratio near 4.
const split = scanLargeDiff(200_000, true);
const split4 = scanLargeDiff(800_000, true);
const ratio = Math.round((split4.ms / Math.max(split.ms, 0.1)) * 10) / 10;
if (process.argv.includes('--json')) {
  const timing = {
    corpus_ms: Math.round(corpusMs),
    large_diff: large,
    one_word_a_line: split,
    one_word_a_line_4x: { ...split4, ratio },
  };
  process.stdout.write(`${JSON.stringify({ ...score, timing })}\n`);
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
  console.log(
    `timing: corpus ${Math.round(corpusMs)} ms; a ${large.bytes}-byte diff prepared and scanned in ${large.ms} ms`,
  );
  console.log(
    `  one word a line: ${split.bytes} bytes in ${split.ms} ms, ${split4.bytes} bytes in ${split4.ms} ms (${ratio}x for 4x the text)`,
  );
}
if (score.attacks.leaked.length > 0 || score.ordinary.leaked.length > 0) process.exitCode = 1;
