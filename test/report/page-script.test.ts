import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { buildReportScript, GENERATED_PATH } from '../../scripts/build-report-script.mjs';
import { PAGE_SCRIPT } from '../../src/core/report/page-script.generated.js';
import { REPO_ROOT } from '../helpers/cli.js';

it('the committed page script is exactly a fresh build of src/core/report/page (run `npm run build` if not)', async () => {
  const committed = readFileSync(join(REPO_ROOT, GENERATED_PATH), 'utf8');
  const fresh = await buildReportScript();
  expect(committed === fresh, 'src/core/report/page-script.generated.ts is stale: run `npm run build`').toBe(
    true,
  );
});

it('the page script bundles the portable verifier and @noble, and nothing that needs Node', () => {
  expect(PAGE_SCRIPT).toContain('entry_hash does not match the recomputed hash of its contents');
  expect(PAGE_SCRIPT).toContain('human_review names the session key as its reviewer');
  // Node built-ins are imported as 'node:x' (a bare `node:` also names the Merkle hasher's method).
  expect(PAGE_SCRIPT).not.toMatch(/\brequire\(|["'`]node:[a-z]|process\.env/);
  expect(PAGE_SCRIPT).not.toMatch(/<\/script|<!--/i);
  expect(PAGE_SCRIPT.length).toBeLessThan(120_000);
});
