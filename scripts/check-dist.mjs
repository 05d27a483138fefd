// Fails when dist/ differs from a fresh build of src/ (CI runs this on a clean clone).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const fresh = mkdtempSync(join(tmpdir(), 'truss-dist-'));
try {
  execFileSync(process.execPath, ['scripts/build.mjs', '--outdir', fresh], { stdio: 'inherit' });
  const want = readdirSync(fresh, { recursive: true })
    .filter((f) => !statSync(join(fresh, f)).isDirectory())
    .sort();
  const have = readdirSync('dist', { recursive: true })
    .filter((f) => !statSync(join('dist', f)).isDirectory())
    .sort();
  const stale = [...new Set([...want, ...have])].filter((name) => {
    try {
      return !readFileSync(join(fresh, name)).equals(readFileSync(join('dist', name)));
    } catch {
      return true;
    }
  });
  if (stale.length > 0) {
    console.error(`dist/ is out of date (${stale.join(', ')}). Run \`npm run build\` and commit dist/.`);
    process.exit(1);
  }
  console.log(`dist/ is up to date (${want.length} files)`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
