import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

/** Every interceptor set up so far has been used: a request a test expected that never came fails it. */
export function expectNoPendingMocks(): void {
  expect(nock.pendingMocks(), 'pending nock interceptors (expected requests that never came)').toEqual([]);
}

/**
 * For the tests of the enclosing file or describe: no request reaches the network, each test starts
 * with no interceptors, and (unless `allowPending`) one whose interceptors were not all used fails.
 */
export function useNock(options: { allowPending?: boolean } = {}): void {
  beforeAll(() => {
    nock.disableNetConnect();
  });
  beforeEach(() => {
    nock.cleanAll();
  });
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    if (!options.allowPending) {
      expect(pending, 'pending nock interceptors (expected requests that never came)').toEqual([]);
    }
  });
  afterAll(() => {
    nock.enableNetConnect();
  });
}
