import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventContext } from '../../src/action/event-context.js';
import { verifyAttestation } from '../../src/core/attest/index.js';
import { createNodeCrypto, exportBundleToFile, LedgerStore } from '../../src/core/ledger/index.js';
import { createOctokit } from '../../src/github/octokit.js';
import { attestationStep } from '../../src/github/publish-attestation.js';
import type { EvidenceFiles } from '../../src/github/publish-run.js';
import { fakeSigstore, type Json, OIDC_REQUEST_TOKEN, OIDC_URL } from '../helpers/fake-sigstore.js';
import { seededKey, trustedOf } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { sigstoreVerifyOffline } from '../helpers/sigstore-offline.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The Action's `attest: true` step, in process: a real ledger and bundle, the real attestation step
 * followed by a recording step (what the artifact upload after it receives), and GitHub plus
 * Sigstore faked with nock at the HTTP layer.
 */

const crypto = createNodeCrypto();
const { key } = seededKey(9);
const TOKEN = 'ghs_publishattest000000000000000000000';
const OIDC_ENV = {
  ACTIONS_ID_TOKEN_REQUEST_URL: OIDC_URL,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC_REQUEST_TOKEN,
};

let temp: ReturnType<typeof tempDir>;
let store: LedgerStore;
let context: EventContext;

beforeAll(() => {
  nock.disableNetConnect();
  temp = tempDir('publish-attestation');
  store = LedgerStore.open(join(temp.dir, 'ledger.db'));
  context = {
    eventName: 'pull_request',
    payload: { repository: { visibility: 'public', private: false } },
    owner: 'octo',
    repo: 'hello',
    sha: '2'.repeat(40),
    ref: 'refs/heads/main',
    actor: 'octocat',
    runId: '987654321',
    serverUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
    workspace: temp.dir,
    tempDir: join(temp.dir, 'runner-temp'),
  };
});
afterAll(() => {
  store.close();
  temp.cleanup();
  nock.enableNetConnect();
});
beforeEach(() => {
  vi.stubEnv('SIGSTORE_ID_TOKEN', '');
  for (const [name, value] of Object.entries(OIDC_ENV)) vi.stubEnv(name, value);
});
afterEach(() => {
  vi.unstubAllEnvs();
  nock.cleanAll();
});

/** A fresh finished run exported the way run-and-report exports it. */
function bundleFile(options: { verdict?: boolean } = {}): EvidenceFiles {
  let sessionId: string;
  if (options.verdict === false) {
    sessionId = store.createSession({ signer: key, codeVersion: 'test' }).id;
    store.append(sessionId, 'run_started', { contract: { id: 'c' } }, key);
    store.append(sessionId, 'run_failed', { error: 'executor crashed' }, key);
  } else {
    sessionId = appendSampleRun(store, key);
  }
  const bundlePath = join(temp.dir, `truss-ledger-${sessionId}.json`);
  exportBundleToFile(store, sessionId, crypto, bundlePath);
  return { bundlePath, sessionId };
}

function publisher(env: Record<string, string | undefined>, dryRun = false) {
  const published: EvidenceFiles[] = [];
  const info: string[] = [];
  const warnings: string[] = [];
  const step = attestationStep({
    enabled: true,
    signer: key,
    context,
    octokit: createOctokit({ token: TOKEN, retryBaseMs: 1, throttle: false }),
    token: TOKEN,
    env,
    dryRun,
    trussVersion: '0.1.0',
    info: (m) => info.push(m),
    warn: (m) => warnings.push(m),
  });
  if (!step) throw new Error('attest: true made no attestation step');
  // The attestation step, then what the next step (the upload) is handed.
  const publish = async (files: EvidenceFiles) => {
    const evidence = { ...files, extraFiles: [...(files.extraFiles ?? [])] };
    await step.run(evidence);
    published.push(evidence);
    return { name: `truss-ledger-${files.sessionId}`, id: 1, url: null };
  };
  return { publish, published, info, warnings };
}

describe('attestationStep (action input attest: true)', () => {
  it('signs the attestations into the artifact and creates the GitHub artifact attestation', async () => {
    const files = bundleFile();
    const sigstore = fakeSigstore('public-good');
    const stored: Json[] = [];
    nock('https://api.github.com')
      .post('/repos/octo/hello/attestations')
      .reply((_uri, body) => {
        stored.push(body);
        return [201, { id: 99 }];
      });
    const { publish, published, info, warnings } = publisher({ ...OIDC_ENV });
    await expect(publish(files)).resolves.toMatchObject({ id: 1 });

    expect(warnings).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
    const stem = files.bundlePath.replace(/\.json$/, '');
    expect(published).toEqual([{ ...files, extraFiles: [`${stem}.intoto.json`, `${stem}.sigstore.json`] }]);
    const bundleName = `truss-ledger-${files.sessionId}.json`;
    expect(info.at(-1)).toBe(
      `attest: created GitHub artifact attestation https://github.com/octo/hello/attestations/99; check it with: gh attestation verify ${bundleName} --repo octo/hello --predicate-type https://truss.dev/verdict/v1`,
    );
    // The GitHub attestation is about the same bytes as the ledger-key attestation in the artifact.
    const digest = createHash('sha256').update(readFileSync(files.bundlePath)).digest('hex');
    const statement = JSON.parse(Buffer.from(stored[0].bundle.dsseEnvelope.payload, 'base64').toString());
    expect(statement.subject).toEqual([{ name: bundleName, digest: { sha256: digest } }]);
    expect(statement.predicate.ledger.session_id).toBe(files.sessionId);
    expect(sigstore.fulcio).toHaveLength(1);

    const sigstoreBundle = JSON.parse(readFileSync(`${stem}.sigstore.json`, 'utf8'));
    expect(() =>
      sigstoreVerifyOffline(sigstoreBundle, { hint: key.keyId, publicKeyHex: key.publicKeyHex }),
    ).not.toThrow();
    const report = verifyAttestation(readFileSync(`${stem}.intoto.json`, 'utf8'), 'intoto', {
      crypto,
      trusted: trustedOf(key),
      bundleBytes: readFileSync(files.bundlePath),
    });
    expect(report.status).toBe('verified');
  });

  it('warns (and still publishes the attestation files) when the token may not write attestations', async () => {
    const files = bundleFile();
    fakeSigstore('public-good');
    nock('https://api.github.com')
      .post('/repos/octo/hello/attestations')
      .reply(403, { message: 'Resource not accessible by integration' });
    const { publish, published, warnings } = publisher({ ...OIDC_ENV });
    await publish(files);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('add `attestations: write`');
    expect(published[0]?.extraFiles).toHaveLength(2);
  });

  it('warns about the missing OIDC token on fork PRs without any request', async () => {
    vi.stubEnv('ACTIONS_ID_TOKEN_REQUEST_URL', '');
    const files = bundleFile();
    const { publish, published, warnings } = publisher({});
    await publish(files);
    expect(warnings).toEqual([
      expect.stringContaining('`permissions: id-token: write` and `attestations: write`'),
    ]);
    expect(published[0]?.extraFiles?.every((file) => existsSync(file))).toBe(true);
  });

  it('makes no GitHub attestation on a dry run, but still writes the files', async () => {
    const files = bundleFile();
    const { publish, published, info, warnings } = publisher({ ...OIDC_ENV }, true);
    await publish(files);
    expect(warnings).toEqual([]);
    expect(info).toContain('attest: dry-run, no GitHub artifact attestation created');
    expect(published[0]?.extraFiles).toHaveLength(2);
  });

  it('does not attest a run without a verdict, and publishes the bundle anyway', async () => {
    const files = bundleFile({ verdict: false });
    const { publish, published, warnings } = publisher({ ...OIDC_ENV });
    await publish(files);
    expect(warnings).toEqual([
      `attest: no verdict attestation for session ${files.sessionId}: refusing to attest truss-ledger-${files.sessionId}.json: session ${files.sessionId} has no signed verdict (it ended with run_failed)`,
    ]);
    expect(published).toEqual([{ ...files, extraFiles: [] }]);
  });

  it('is no step at all when attest is off', () => {
    const options = {
      enabled: false,
      signer: key,
      context,
      octokit: createOctokit({ token: TOKEN }),
      token: TOKEN,
      env: {},
      dryRun: false,
      trussVersion: '0.1.0',
      info: () => {},
      warn: () => {},
    };
    expect(attestationStep(options)).toBeNull();
  });
});
