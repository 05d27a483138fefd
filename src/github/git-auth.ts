import { runHarnessGit } from '../core/process/index.js';

export interface GitAuth {
  token: string;
  serverUrl: string;
}

function headerKey(serverUrl: string): string {
  return `http.${serverUrl.replace(/\/+$/, '')}/.extraheader`;
}

/**
 * The header actions/checkout would configure, passed to one git process through GIT_CONFIG_*
 * variables: nothing is written to .git/config and the token never appears in argv.
 */
export function gitAuthEnv(auth: GitAuth): Record<string, string> {
  const basic = Buffer.from(`x-access-token:${auth.token}`).toString('base64');
  return {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: headerKey(auth.serverUrl),
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
    GIT_TERMINAL_PROMPT: '0',
  };
}

/**
 * Credentials for a git process in `workdir`, unless actions/checkout already persisted them: a
 * second Authorization header makes GitHub reject the request, so the checkout's wins.
 */
export async function gitAuthEnvUnlessConfigured(
  workdir: string,
  auth: GitAuth | undefined,
): Promise<Record<string, string>> {
  if (!auth) return { GIT_TERMINAL_PROMPT: '0' };
  // The safe path (src/core/process/git-safety.ts); a git it refuses (a FIFO in .git) fails the
  // fetch or push this is for, saying what to remove, rather than guessing.
  const { code, stdout } = await runHarnessGit(workdir, ['config', '--get-all', headerKey(auth.serverUrl)]);
  const configured = code === 0 && stdout.trim() !== '';
  return configured ? { GIT_TERMINAL_PROMPT: '0' } : gitAuthEnv(auth);
}
