/**
 * A resume reads the contract its session recorded in `run_started` once (issue: the CLI and the
 * run service each read and parsed it): a host that read it first (to set up isolation, to name its
 * check run) hands it to resumeRun, which neither reads nor parses it again; without one,
 * resumeRun reads it itself, once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import {
  prepareRun,
  type RecordedContract,
  readRecordedContract,
  resumeRun,
  startRun,
} from '../../src/core/run/index.js';
import { AGENT_KEY, type AgentRun, contractFrom, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';

const CONTRACT = contractFrom(contractToml({ id: 'resume-once', intent: 'Nothing to do' }, TRUE_CHECK));

describe('resumeRun reads the recorded contract once', () => {
  let run: AgentRun | undefined;
  afterEach(() => run?.close());

  async function completedSession(): Promise<{ run: AgentRun; workdir: string; sessionId: string }> {
    run = openRunStore();
    const workdir = makeWorkdir();
    const host = { events: () => {}, env: { PATH: process.env.PATH } };
    const started = await startRun(await prepareRun(CONTRACT.contract, { workdir, host }), {
      store: run.store,
      signer: AGENT_KEY,
      contractHash: CONTRACT.hash,
      codeVersion: 'test',
      principal: { login: 'test' },
    });
    expect(started.status).toBe('completed');
    return { run, workdir, sessionId: started.sessionId };
  }

  /** How often run_started (seq 0) of the session is read from the store while `act` runs. */
  async function readsOfRunStarted(current: AgentRun, sessionId: string, act: () => Promise<unknown>) {
    const entry = vi.spyOn(current.store, 'entry');
    try {
      await act();
      return entry.mock.calls.filter(([id, seq]) => id === sessionId && seq === 0).length;
    } finally {
      entry.mockRestore();
    }
  }

  const resume = (current: AgentRun, workdir: string, sessionId: string, recorded?: RecordedContract) =>
    resumeRun({
      store: current.store,
      signer: AGENT_KEY,
      sessionId,
      crypto: createNodeCrypto(),
      workdir,
      host: { events: () => {}, env: { PATH: process.env.PATH } },
      ...(recorded ? { recorded } : {}),
    });

  it('a host that read it hands it over: resumeRun reads run_started no more', async () => {
    const { run: current, workdir, sessionId } = await completedSession();
    const recorded = readRecordedContract(current.store, sessionId);
    let result: Awaited<ReturnType<typeof resumeRun>> | undefined;
    const reads = await readsOfRunStarted(current, sessionId, async () => {
      result = await resume(current, workdir, sessionId, recorded);
    });
    expect(reads).toBe(0);
    expect(result?.status).toBe('completed');
    expect(result?.contract).toBe(recorded.contract);
  });

  it('without one, resumeRun reads it once (not once more in resumeContract)', async () => {
    const { run: current, workdir, sessionId } = await completedSession();
    let result: Awaited<ReturnType<typeof resumeRun>> | undefined;
    const reads = await readsOfRunStarted(current, sessionId, async () => {
      result = await resume(current, workdir, sessionId);
    });
    expect(reads).toBe(1);
    expect(result?.status === 'completed' && result.verdict.overall).toBe('pass');
  });
});
