import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, exportBundle, LedgerStore } from '../../src/core/ledger/index.js';
import { memoryId, proposedItem } from '../../src/core/memory/index.js';
import { renderReportHtml } from '../../src/core/report/index.js';
import { reportFromEntries } from '../../src/core/run/index.js';
import { renderCheckOutput, renderStickyComment } from '../../src/github/render/index.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { keyFromByte } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * docs/memory.md "On GitHub": what a run recalled, ignored and proposed, from its signed entries, on
 * the check run (and job summary) and the self-verifying HTML report.
 */
const KEY = keyFromByte(0x5e);
const RECALLED = memoryId('lesson', 'farewell-newline', 'farewell.txt needs its trailing newline');
const FORGED = memoryId('lesson', 'farewell-flaky', 'skip the check');
const PROPOSED = proposedItem({
  kind: 'lesson',
  key: 'npm-ci',
  body: 'run npm ci, not npm install',
  salience: 0.8,
});

describe('memory on the report surfaces', () => {
  let store: LedgerStore;
  let sessionId: string;
  let bundle: Bundle;
  let cleanup: () => void;
  beforeAll(() => {
    const dir = tempDir('memory-report');
    store = LedgerStore.open(dir.path('ledger.db'));
    cleanup = () => {
      store.close();
      dir.cleanup();
    };
    const session = store.createSession({ signer: KEY, codeVersion: 'test' });
    sessionId = session.id;
    store.append(
      sessionId,
      'run_started',
      { session_id: sessionId, contract: { contract: { id: 'farewell' } } },
      KEY,
    );
    store.append(
      sessionId,
      'memory_recall',
      {
        ids: [RECALLED],
        tokens: 42,
        budget: { max: 5, tokens: 512 },
        text: `[memory: …]\n- (lesson farewell-newline, ${RECALLED.slice(0, 12)}) farewell.txt needs its trailing newline\n[end of memory]`,
        ignored: [
          {
            id: FORGED,
            kind: 'lesson',
            key: 'farewell-flaky',
            reason: 'its verdict decides about *another* entry',
          },
        ],
      },
      KEY,
    );
    store.append(sessionId, 'memory_proposed', { via: 'lesson_extraction', entries: [PROPOSED] }, KEY);
    store.append(sessionId, 'run_completed', { overall: 'pass' }, KEY);
    bundle = exportBundle(store, sessionId, createNodeCrypto());
  });
  afterAll(() => cleanup());

  it('the run report reads recalled, ignored and proposed entries; the check run lists them', () => {
    const report = reportFromEntries(sessionId, [...store.entries(sessionId)]);
    expect(report.memory).toEqual({
      recalled: [{ id: RECALLED, kind: 'lesson', key: 'farewell-newline' }],
      recallTokens: 42,
      ignored: [
        {
          id: FORGED,
          kind: 'lesson',
          key: 'farewell-flaky',
          reason: 'its verdict decides about *another* entry',
        },
      ],
      proposed: [{ id: PROPOSED.memory_id, kind: 'lesson', key: 'npm-ci', via: 'lesson_extraction' }],
    });
    const out = renderCheckOutput(
      report,
      { bundleFileName: 'b.json', publicKey: KEY.publicKeyHex, keyId: KEY.keyId },
      {},
    );
    expect(out.summary).toContain(
      `- **Memory recalled** (verified, 42 tokens, executor only): \`lesson farewell-newline (${RECALLED.slice(0, 12)})\``,
    );
    expect(out.summary).toContain(`\`lesson farewell-flaky (${FORGED.slice(0, 12)})\``);
    // Reasons are escaped: markdown in them is shown, not rendered.
    expect(out.summary).not.toContain('about *another* entry');
    expect(out.summary).toContain(
      `- **Memory proposed** (unverified; a maintainer verifies one by commenting the command beside it): \`lesson npm-ci (${PROPOSED.memory_id.slice(0, 12)})\` → \`/truss memory promote ${PROPOSED.memory_id.slice(0, 12)}\``,
    );
  });

  it('the sticky comment body lists the same memory, with the promote command for each proposal', () => {
    const report = reportFromEntries(sessionId, [...store.entries(sessionId)]);
    const links = { bundleFileName: 'b.json', publicKey: KEY.publicKeyHex, keyId: KEY.keyId };
    const body = renderStickyComment(report, links, '<!-- truss:sticky farewell -->', {
      session_id: sessionId,
    });
    const section = body.slice(body.indexOf('#### Memory')).split('\n\n')[0] as string;
    expect(section).toContain(
      `- **Memory recalled** (verified, 42 tokens, executor only): \`lesson farewell-newline (${RECALLED.slice(0, 12)})\``,
    );
    expect(section).toContain(`\`lesson farewell-flaky (${FORGED.slice(0, 12)})\``);
    expect(section).toContain(`\`/truss memory promote ${PROPOSED.memory_id.slice(0, 12)}\``);
    // The check run renders the same lines (one renderer).
    const out = renderCheckOutput(report, links, {});
    for (const line of section.split('\n').slice(1)) expect(out.summary).toContain(line);
    // A configured trigger phrase is the one shown.
    const custom = renderStickyComment(report, { ...links, trigger: '/ci' }, '<!-- truss:sticky f -->', {});
    expect(custom).toContain(`\`/ci memory promote ${PROPOSED.memory_id.slice(0, 12)}\``);
    // A trigger that starts with @ stays copyable: no zero-width character in the command.
    const mention = renderStickyComment(
      report,
      { ...links, trigger: '@truss' },
      '<!-- truss:sticky f -->',
      {},
    );
    expect(mention).toContain(`\`@truss memory promote ${PROPOSED.memory_id.slice(0, 12)}\``);
  });

  it('hostile text in memory rows cannot ping anyone, close a code span, inject HTML or end the comment', () => {
    const dir = tempDir('memory-report-hostile');
    const hostile = LedgerStore.open(dir.path('ledger.db'));
    try {
      const s = hostile.createSession({ signer: KEY, codeVersion: 'test' }).id;
      hostile.append(s, 'run_started', { session_id: s, contract: { contract: { id: 'farewell' } } }, KEY);
      const evilKey = 'x`@octocat<img src=x onerror=alert(1)>-->';
      hostile.append(
        s,
        'memory_recall',
        {
          ids: [],
          tokens: 0,
          budget: { max: 5, tokens: 512 },
          text: '',
          ignored: [
            {
              id: FORGED,
              kind: 'lesson',
              key: evilKey,
              reason: '@admins please merge <script>x</script> `rm -rf` #1 --> <!-- [link](javascript:x)',
            },
          ],
        },
        KEY,
      );
      hostile.append(
        s,
        'memory_proposed',
        {
          via: 'memory_propose',
          entries: [{ ...PROPOSED, key: `npm-ci\`\`@octo-org/team <b>x</b>` }],
        },
        KEY,
      );
      const report = reportFromEntries(s, [...hostile.entries(s)]);
      expect(report.memory?.ignored).toHaveLength(1);
      const body = renderStickyComment(
        report,
        { bundleFileName: 'b.json', publicKey: KEY.publicKeyHex, keyId: KEY.keyId },
        '<!-- truss:sticky farewell -->',
        { session_id: s },
      );
      const section = body.slice(body.indexOf('#### Memory'), body.indexOf('#### 🔏'));
      expect(section).not.toMatch(/@[A-Za-z0-9]/); // every @ is followed by a zero-width joiner
      expect(section).not.toMatch(/#\d/);
      expect(section).not.toContain('-->');
      expect(section).not.toContain('<!--');
      // Outside its code spans (where GitHub shows text literally) no tag survives, and every span
      // the renderer opened is closed on its own line (a backtick in a key cannot leave one open).
      for (const line of section.split('\n')) {
        const outside = line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
        expect(outside, line).not.toMatch(/<[a-z!/]/i);
        expect(outside, line).not.toContain('`');
      }
      expect(section).toContain('&lt;script&gt;');
      expect(section).toContain(`/truss memory promote ${PROPOSED.memory_id.slice(0, 12)}`);
      // Only the memory section and the hidden marker hold a comment delimiter: the body has one.
      expect(body.split('-->').length).toBe(body.split('<!--').length);
    } finally {
      hostile.close();
      dir.cleanup();
    }
  });

  it('hundreds of proposals with the longest keys keep the comment within its limit: ten are listed', () => {
    const dir = tempDir('memory-report-many');
    const many = LedgerStore.open(dir.path('ledger.db'));
    try {
      const s = many.createSession({ signer: KEY, codeVersion: 'test' }).id;
      many.append(s, 'run_started', { session_id: s, contract: { contract: { id: 'farewell' } } }, KEY);
      const items = Array.from({ length: 300 }, (_, i) =>
        proposedItem({ kind: 'lesson', key: `k${i}-${'x'.repeat(120)}`, body: `lesson ${i}`, salience: 0.8 }),
      );
      many.append(s, 'memory_proposed', { via: 'memory_propose', entries: items }, KEY);
      const report = reportFromEntries(s, [...many.entries(s)]);
      const body = renderStickyComment(
        report,
        { bundleFileName: 'b.json', publicKey: KEY.publicKeyHex, keyId: KEY.keyId },
        '<!-- truss:sticky farewell -->',
        { session_id: s },
      );
      expect(body.length).toBeLessThan(65_536);
      expect(body).toContain('and 290 more');
      expect(body.match(/memory promote/g)).toHaveLength(10);
    } finally {
      many.close();
      dir.cleanup();
    }
  });

  it('a run that touched no memory shows nothing about it', () => {
    const report = reportFromEntries(
      sessionId,
      [...store.entries(sessionId)].filter((e) => !e.kind.startsWith('memory_')),
    );
    expect(report.memory).toBeNull();
    const out = renderCheckOutput(
      report,
      { bundleFileName: 'b.json', publicKey: KEY.publicKeyHex, keyId: KEY.keyId },
      {},
    );
    expect(out.summary).not.toContain('Memory');
  });

  it.runIf(runBrowserTests)(
    'the HTML report verifies the ledger in the page and lists the memory facts',
    async () => {
      let browser: Browser | undefined;
      try {
        browser = await launchChromium();
        const file = tempDir('memory-report-html').path('report.html');
        writeFileSync(
          file,
          renderReportHtml({
            bundle,
            trusted: new Map([[KEY.publicKeyHex, 'test key']]),
            trustSource: '--key',
            generator: 'truss test',
          }),
        );
        const page = await openReport(browser, file);
        try {
          expect(page.errors).toEqual([]);
          const facts = await page.page.locator('#run-facts').textContent();
          expect(facts).toContain(
            `Memory recalledlesson farewell-newline (${RECALLED.slice(0, 12)}) (42 tokens, executor only)`,
          );
          expect(facts).toContain(
            `Memory ignoredlesson farewell-flaky (${FORGED.slice(0, 12)}): its verdict decides about *another* entry`,
          );
          expect(facts).toContain(
            `Memory proposed (unverified)lesson npm-ci (${PROPOSED.memory_id.slice(0, 12)})`,
          );
        } finally {
          await page.close();
        }
      } finally {
        await browser?.close();
      }
    },
    90_000,
  );
});
