import type { Isolation, IsolationReport } from './isolation.js';
import { dropForbiddenEnv } from './isolation-env.js';

/**
 * No isolation: the process runs as the harness user with the caller's environment, minus the
 * names never passed on (docs/security.md). It can read the harness's files and, on most systems,
 * its /proc entries; the report says so on every surface.
 */
export function noIsolation(report: IsolationReport): Isolation {
  return {
    report,
    async prepare(request) {
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      return { ...request, args: [...request.args], env, droppedEnv, dispose: async () => {} };
    },
    async addWorkdir() {},
  };
}

/** The isolation a run has when its host chose none (tests, library callers). */
export const NO_ISOLATION: Isolation = noIsolation({
  level: 'none',
  requested: 'none',
  network: 'open',
  network_enforced: false,
  egress: null,
  notes: ['no isolation was configured by the host'],
});
