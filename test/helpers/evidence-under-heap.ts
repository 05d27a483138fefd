/**
 * Collects the reviewers' evidence of one working copy in this process and prints what it returned
 * as JSON (the diff as its size and first 100 characters): started by
 * test/process/evidence-bounded.test.ts under a small `--max-old-space-size`, where holding the whole
 * diff the work made dies.
 *
 *   node --max-old-space-size=MB evidence-under-heap.mjs WORKDIR '{"base_sha": …, "head_sha": …}'
 */
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';

const [workdir, facts] = process.argv.slice(2);
const { base_sha, head_sha } = JSON.parse(facts as string);
const { diff, files, ...rest } = await collectReviewEvidence({
  env: process.env,
  workdir: workdir as string,
  git: { repo: null, base_ref: 'main', base_sha, head_sha, dirty: true },
  contextFiles: [],
});
process.stdout.write(
  `${JSON.stringify({ ...rest, bytes: Buffer.byteLength(diff), head: diff.slice(0, 100) })}\n`,
);
