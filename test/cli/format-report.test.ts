/** The human line `truss verify` prints counts entries as a person writes them: "1 entry", "2 entries". */
import { afterEach, describe, expect, it } from 'vitest';
import { formatReport } from '../../src/cli/format-report.js';
import { createNodeCrypto, verifyBundle } from '../../src/core/ledger/index.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

describe('formatReport', () => {
  let fixture: LedgerFixture;
  afterEach(() => fixture.close());

  it('says "1 entry" for a one-entry ledger and "2 entries" for two', () => {
    fixture = openFixture('format-report');
    const { id } = fixture.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' });
    fixture.store.append(id, 'run_started', { session_id: id }, SESSION_KEY);
    const line = () => {
      const bundle = JSON.parse(exportText(fixture, id, createNodeCrypto()));
      const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted: new Map() });
      return formatReport(report, null).split('\n')[0];
    };
    expect(line()).toContain('(1 entry, head ');
    fixture.store.append(id, 'note', { text: 'second' }, SESSION_KEY);
    expect(line()).toContain('(2 entries, head ');
  });
});
