// Regenerates examples/bundles/: a valid signed bundle, a tampered copy and the keys that pin them.
// The signing seeds are random and discarded, so nobody (including us) can forge these bundles later.
// Run: node --import tsx scripts/make-example-bundles.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNodeCrypto, exportBundleToFile, LedgerStore, SigningKey } from '../src/core/ledger/index.js';

const out = 'examples/bundles';
const work = mkdtempSync(join(tmpdir(), 'truss-examples-'));
const ci = SigningKey.generate().key;
const reviewer = SigningKey.generate().key;
let clock = Date.parse('2026-11-29T12:00:00Z');
const store = LedgerStore.open(join(work, 'ledger.db'), { clock: () => (clock += 1500) });

const contract = {
  id: 'greeting-0001',
  title: 'Write a greeting file',
  intent: 'Create greeting.txt containing exactly: hello from the harness',
  done: [
    {
      kind: 'check',
      desc: 'greeting.txt has the exact line',
      run: "printf 'hello from the harness\\n' | cmp - greeting.txt",
      expect_exit: 0,
    },
    {
      kind: 'review',
      desc: 'the greeting reads naturally and matches the intent',
      reviewer_context: ['greeting.txt'],
    },
  ],
  executor: { kind: 'none' },
  budget: { max_cost_usd: 1, max_total_tokens: 500000, max_steps: 24 },
};
const id = store.createSession({ signer: ci, codeVersion: 'truss 0.1.0', id: 'example-greeting-0001' }).id;
const git = {
  repo: 'octo-org/hello',
  base_sha: 'c0ffee0000000000000000000000000000000001',
  head_sha: 'c0ffee0000000000000000000000000000000002',
};
store.append(
  id,
  'run_started',
  {
    contract,
    contract_hash: 'f'.repeat(64),
    code_version: 'truss 0.1.0',
    principal: { login: 'octocat', via: 'pull_request' },
    git,
  },
  ci,
);
store.append(
  id,
  'check_result',
  {
    clause: 0,
    desc: contract.done[0]?.desc,
    run: contract.done[0]?.run,
    exit_code: 0,
    expect_exit: 0,
    met: true,
    duration_ms: 4,
    stdout_tail: '',
    stderr_tail: '',
  },
  ci,
);
const lenses = ['intent', 'completeness', 'correctness'];
lenses.forEach((lens, seat) => {
  store.append(
    id,
    'review_vote',
    {
      clause: 1,
      seat,
      lens,
      provider: 'scripted',
      model: 'fixture',
      vote: 'met',
      reasoning: `Tried to refute via ${lens}: greeting.txt holds exactly the requested line.`,
      usage: { input_tokens: 812, output_tokens: 64 },
    },
    ci,
  );
});
store.append(
  id,
  'verdict',
  {
    overall: 'pass',
    clauses: [
      { clause: 0, kind: 'check', status: 'met' },
      { clause: 1, kind: 'review', status: 'met', votes: { met: 3, not_met: 0, unverifiable: 0 } },
    ],
    cost_usd: 0,
    git,
  },
  ci,
);
store.append(id, 'run_completed', { final_text: 'verified: 2/2 clauses met' }, ci);
store.appendHumanReview(id, reviewer, {
  decision: 'approved',
  note: 'checked the greeting myself',
  actor: { login: 'octocat', id: 583231 },
  source: {
    review_id: 80,
    commit_sha: git.head_sha,
    url: 'https://github.com/octo-org/hello/pull/7#pullrequestreview-80',
  },
});

exportBundleToFile(store, id, createNodeCrypto(), join(out, 'valid.json'));
store.close();

// One byte changed inside a signed payload: exit code 0 becomes 1 in the check result.
const text = readFileSync(join(out, 'valid.json'), 'utf8');
const tampered = text.replace('"exit_code":0', '"exit_code":1');
if (tampered === text) throw new Error('tamper target not found');
writeFileSync(join(out, 'tampered.json'), tampered);
writeFileSync(
  join(out, 'trusted-keys'),
  `# Keys that signed the example bundles. Their secrets were discarded after signing.\n${ci.publicKeyHex} example-ci\n${reviewer.publicKeyHex} example-reviewer\n`,
);
rmSync(work, { recursive: true, force: true });
console.log(
  `wrote ${out}/valid.json, ${out}/tampered.json, ${out}/trusted-keys (ci ${ci.keyId}, reviewer ${reviewer.keyId})`,
);
