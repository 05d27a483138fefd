import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ActionHarness } from './action-harness.js';
import type { FakeResults } from './fake-results.js';

/**
 * Records what an ActionHarness (and its fake results service) hold after an expensive first job —
 * comments, their reactions, check runs, permissions, the token's app, the ledger branch, uploaded artifacts, the
 * requests so far and the runner's temp directory (its ledger included) — and returns a function that puts exactly that back.
 * Tests that each continue from the same first job (a run suspended on a gate, say) then share one
 * run of it in `beforeAll` and start from the same state in `beforeEach`, as if each had just run
 * it. Routes a test adds to the fake are its own to remove.
 */
export function snapshotHarness(harness: ActionHarness, results?: FakeResults): () => void {
  const comments = structuredClone(harness.comments);
  const reactions = structuredClone(harness.reactions);
  const checkRuns = structuredClone(harness.checkRuns);
  const permissions = new Map(harness.permissions);
  const tokenApp = { ...harness.tokenApp };
  const baseContract = harness.baseContract;
  const requests = harness.fake.requests.length;
  const ledger = {
    blobs: new Map(harness.ledger.blobs),
    trees: new Map([...harness.ledger.trees].map(([sha, tree]) => [sha, new Map(tree)])),
    commits: new Map(harness.ledger.commits),
    head: harness.ledger.head,
  };
  const stored = results && {
    committed: new Map(results.committed),
    staged: new Map(results.staged),
    ids: new Map(results.ids),
    twirp: results.twirp.length,
    blob: results.blob.length,
  };
  const temp = mkdtempSync(join(harness.root, 'runner-temp-snapshot-'));
  cpSync(harness.runnerTemp, temp, { recursive: true });
  return () => {
    harness.comments.splice(0, Infinity, ...structuredClone(comments));
    harness.reactions.splice(0, Infinity, ...structuredClone(reactions));
    harness.checkRuns.splice(0, Infinity, ...structuredClone(checkRuns));
    replaceMap(harness.permissions, permissions);
    harness.tokenApp = { ...tokenApp };
    harness.baseContract = baseContract;
    harness.fake.requests.splice(requests);
    replaceMap(harness.ledger.blobs, ledger.blobs);
    replaceMap(harness.ledger.trees, new Map([...ledger.trees].map(([sha, tree]) => [sha, new Map(tree)])));
    replaceMap(harness.ledger.commits, ledger.commits);
    harness.ledger.head = ledger.head;
    if (results && stored) {
      replaceMap(results.committed, stored.committed);
      replaceMap(results.staged, stored.staged);
      replaceMap(results.ids, stored.ids);
      results.twirp.splice(stored.twirp);
      results.blob.splice(stored.blob);
    }
    rmSync(harness.runnerTemp, { recursive: true, force: true });
    cpSync(temp, harness.runnerTemp, { recursive: true });
  };
}

function replaceMap<K, V>(target: Map<K, V>, source: Map<K, V>): void {
  target.clear();
  for (const [key, value] of source) target.set(key, value);
}
