import { afterEach, describe, expect, it } from 'vitest';
import { ActionHarness } from '../helpers/action-harness.js';
import { startForwardProxy } from '../helpers/forward-proxy.js';

/**
 * A self-hosted runner behind a proxy: GitHub is reachable only through HTTP_PROXY (its API host
 * does not resolve here; the proxy forwards to the fake GitHub). The built action, run on a real
 * pull_request payload, must send every GitHub call through the proxy and still report its verdict.
 */
describe('the action behind a proxy (HTTP_PROXY)', () => {
  let harness: ActionHarness | undefined;
  let proxy: Awaited<ReturnType<typeof startForwardProxy>> | undefined;
  afterEach(async () => {
    await proxy?.close();
    await harness?.stop();
  });

  it('sends every GitHub call through the proxy, with its credentials, and reports the verdict', async () => {
    harness = new ActionHarness();
    proxy = await startForwardProxy(await harness.fake.start());
    const run = await harness.runPullRequest({
      GITHUB_API_URL: 'http://api.github.proxied.test',
      HTTP_PROXY: proxy.url.replace('http://', 'http://runner:s3cret@'),
    });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(harness.fake.requests.length).toBeGreaterThanOrEqual(4);
    expect(proxy.asked).toHaveLength(harness.fake.requests.length);
    for (const asked of proxy.asked) {
      expect(asked.target).toMatch(/^http:\/\/api\.github\.proxied\.test\//);
      expect(asked.proxyAuthorization).toBe(`Basic ${Buffer.from('runner:s3cret').toString('base64')}`);
    }
    expect(output).not.toContain('s3cret');
  });
});
