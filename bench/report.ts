/**
 * HTML report benchmark: generating the report for a 10k-entry bundle, its size, and how long
 * Chromium takes to load it and verify the whole ledger in the page. Ratios are against baselines
 * measured in the same run on the same bundle, so they mean the same on any machine.
 *
 *   npm run bench:report [-- --json] [-- --entries=10000 --rounds=1]
 *
 * - generation_ms_10k: writeReportFile (read + parse the bundle, render the HTML, verify it with
 *   node:crypto as the CLI does, write the file), what `truss report` does after start-up.
 *   generation_ratio: that ÷ verifyBundleFile of the same file (what `truss verify` does).
 * - bytes_per_1k_entries: report bytes per 1000 entries; html_to_bundle: report size ÷ bundle size.
 * - page_verify_ms_10k: headless Chromium, from page.goto() to the page's verdict on the chain (every
 *   entry hash and Ed25519 signature recomputed in the page: signatures in Web Workers, on WebCrypto
 *   Ed25519 once it passes the signature-rule probe, else @noble; docs/report.md "Performance"). The
 *   goal is < 3000 ms. page_verdict_ms: until the machine verdict is on screen (before verification).
 *   page_ratio: page_verify_ms ÷ the same verifier (verifyBundle on @noble, one thread) in Node.
 *
 * Progress goes to stderr; stdout gets human-readable lines, or exactly one JSON object with --json.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import pkg from '../package.json' with { type: 'json' };
import { portableCrypto } from '../src/core/ledger/crypto-portable.js';
import {
  createNodeCrypto,
  exportBundleToFile,
  LedgerStore,
  parseBundle,
  SigningKey,
  verifyBundle,
  verifyBundleFile,
} from '../src/core/ledger/index.js';
import { writeVerifiedReportFile } from '../src/core/report/index.js';
import { makePayloads } from './lib/payloads.js';

const GOALS = { page_verify_ms_10k: { op: '<=', value: 3000 } } as const;
const CHROMIUM = process.env.TRUSS_CHROMIUM ?? '/usr/bin/chromium';

function parseOptions(argv: string[]) {
  const options = { json: false, entries: 10_000, rounds: 1 };
  for (const arg of argv) {
    const [flag, value] = arg.split('=', 2);
    if (flag === '--json') options.json = true;
    else if (flag === '--entries' && Number.isSafeInteger(Number(value)) && Number(value) >= 10)
      options.entries = Number(value);
    else if (flag === '--rounds') options.rounds = Math.max(1, Math.floor(Number(value)));
    else throw new Error(`unknown option ${arg} (use --json, --entries=N, --rounds=N)`);
  }
  return options;
}

const progress = (message: string) => process.stderr.write(`${message}\n`);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (value: number, digits = 0) => Number(value.toFixed(digits));
const time = <T>(fn: () => T): [T, number] => {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
};

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
  const dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'truss-bench-report-'));
  try {
    progress(`building a ${options.entries}-entry session…`);
    const key = SigningKey.fromSeed(new Uint8Array(32).fill(9));
    const store = LedgerStore.open(join(dir, 'ledger.db'));
    const session = store.createSession({ signer: key, codeVersion: 'bench' });
    const contract = { contract: { id: 'bench', title: 'Report bench', intent: 'measure' }, budget: {} };
    store.append(session.id, 'run_started', { contract }, key);
    for (const { kind, payload } of makePayloads(options.entries - 3))
      store.append(session.id, kind, payload, key);
    store.append(session.id, 'verdict', { overall: 'pass', clauses: [] }, key);
    store.append(session.id, 'run_completed', { final_text: 'done' }, key);
    const bundlePath = join(dir, 'bundle.json');
    exportBundleToFile(store, session.id, createNodeCrypto(), bundlePath);
    store.close();
    const trusted = new Map([[key.publicKeyHex, 'bench']]);
    const output = join(dir, 'report.html');

    const genMs: number[] = [];
    const cliVerifyMs: number[] = [];
    for (let r = 0; r < options.rounds; r++) {
      const [, verifyMs] = time(() => verifyBundleFile(bundlePath, { crypto: createNodeCrypto(), trusted }));
      const [written, ms] = time(() =>
        writeVerifiedReportFile({
          bundlePath,
          output,
          trusted,
          trustSource: 'bench',
          generator: `truss ${pkg.version}`,
          crypto: createNodeCrypto(),
        }),
      );
      if (written.status !== 'verified') throw new Error(`bench bundle is ${written.status}`);
      cliVerifyMs.push(verifyMs);
      genMs.push(ms);
      progress(
        `generation round ${r + 1}: ${Math.round(ms)} ms (truss verify of the same file ${Math.round(verifyMs)} ms)`,
      );
    }
    const htmlBytes = statSync(output).size;
    const bundleBytes = statSync(bundlePath).size;

    const bundle = parseBundle(readFileSync(bundlePath, 'utf8'), bundlePath);
    const [nodeReport, nodePortableMs] = time(() =>
      verifyBundle(bundle, { crypto: portableCrypto, trusted }),
    );
    if (nodeReport.status !== 'verified') throw new Error('portable verify failed');
    progress(`node, same verifier on @noble, one thread: ${Math.round(nodePortableMs)} ms`);

    const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
    const pageMs: number[] = [];
    const verdictMs: number[] = [];
    let workers = 0;
    let engine = 'unknown';
    let hardware = 0;
    try {
      for (let r = 0; r < options.rounds; r++) {
        const page = await browser.newPage();
        const start = performance.now();
        await page.goto(pathToFileURL(output).href, { waitUntil: 'commit' });
        await page.waitForSelector('#verdict', { timeout: 120_000 });
        verdictMs.push(performance.now() - start);
        await page.waitForFunction(() => document.documentElement.dataset.chain, null, { timeout: 300_000 });
        pageMs.push(performance.now() - start);
        const result = await page.evaluate(() => ({
          status: window.trussVerification?.report.status,
          workers: window.trussVerification?.workers ?? 0,
          engine: window.trussVerification?.engine ?? 'unknown',
          hardware: navigator.hardwareConcurrency,
        }));
        if (result.status !== 'verified') throw new Error(`page says ${result.status}`);
        workers = result.workers;
        engine = result.engine;
        hardware = result.hardware;
        progress(
          `page round ${r + 1}: verdict on screen ${Math.round(verdictMs.at(-1) as number)} ms, chain verified ${Math.round(pageMs.at(-1) as number)} ms (${engine}, ${workers} workers)`,
        );
        await page.close();
      }
    } finally {
      await browser.close();
    }

    const scale = 10_000 / options.entries;
    const pageVerify = median(pageMs) * scale;
    const pass = pageVerify <= GOALS.page_verify_ms_10k.value;
    const result = {
      entries: options.entries,
      generation_ms_10k: round(median(genMs) * scale),
      generation_ratio: round(median(genMs) / median(cliVerifyMs), 2),
      truss_verify_ms_10k: round(median(cliVerifyMs) * scale),
      bytes_per_1k_entries: Math.round(htmlBytes / (options.entries / 1000)),
      html_bytes: htmlBytes,
      html_to_bundle: round(htmlBytes / bundleBytes, 3),
      page_verify_ms_10k: round(pageVerify),
      page_verdict_ms: round(median(verdictMs)),
      page_ratio: round(median(pageMs) / nodePortableMs, 2),
      node_portable_verify_ms_10k: round(nodePortableMs * scale),
      page_workers: workers,
      page_signature_engine: engine,
      browser_hardware_concurrency: hardware,
      goals: { page_verify_ms_10k: `<= ${GOALS.page_verify_ms_10k.value}` },
      pass: { page_verify_ms_10k: pass },
      rounds: options.rounds,
      node: process.version,
      cpus: cpus().length,
    };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    process.stdout.write(
      `${[
        `report bench — node ${process.version}, ${result.cpus} CPUs, ${options.entries} entries`,
        `generate ${result.generation_ms_10k} ms per 10k entries (${result.generation_ratio}× truss verify of the same file, ${result.truss_verify_ms_10k} ms)`,
        `size     ${result.bytes_per_1k_entries} bytes per 1k entries (${result.html_bytes} bytes; ${result.html_to_bundle}× the bundle)`,
        `page     verdict on screen after ${result.page_verdict_ms} ms; whole chain verified in the page after ${result.page_verify_ms_10k} ms per 10k entries (goal ${result.goals.page_verify_ms_10k}) ${pass ? 'PASS' : 'MISS'}`,
        `         signatures by ${engine} (${workers} workers); ${result.page_ratio}× the same @noble verifier on one Node thread (${result.node_portable_verify_ms_10k} ms)`,
      ].join('\n')}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
