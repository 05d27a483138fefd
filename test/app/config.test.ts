import { describe, expect, it } from 'vitest';
import { AppConfigError, readAppConfig } from '../../src/app/config.js';
import { SigningKey } from '../../src/core/ledger/index.js';

const env = {
  APP_ID: '123',
  WEBHOOK_SECRET: 's3cret',
  TRUSS_APP_SIGNING_KEY: SigningKey.generate().seedBase64,
};

/** The message readAppConfig refuses `vars` with (fails the test when it does not refuse). */
function refusal(vars: Record<string, string | undefined>): string {
  try {
    readAppConfig(vars, '/tmp');
  } catch (error) {
    expect(error).toBeInstanceOf(AppConfigError);
    return (error as Error).message;
  }
  throw new Error(`readAppConfig accepted ${JSON.stringify(Object.keys(vars))}`);
}

describe('readAppConfig: APP_ID, the id of the check runs the App trusts as its own', () => {
  it('is read as a number', () => {
    expect(readAppConfig(env, '/tmp').appId).toBe(123);
    expect(readAppConfig({ ...env, APP_ID: ' 987654 ' }, '/tmp').appId).toBe(987654);
  });

  it('the App does not start without it, nor with anything but a positive integer, and says which variable', () => {
    const { APP_ID: _, ...withoutId } = env;
    expect(refusal(withoutId)).toMatch(/APP_ID is not set/);
    for (const bad of ['', '0', '-1', '12.5', '1e3', 'truss-app', '0x7b', '99999999999999999'])
      expect(refusal({ ...env, APP_ID: bad }), `APP_ID=${bad}`).toMatch(/APP_ID (must be|is too large)/);
  });
});

describe('readAppConfig: TRUSS_APP_ALLOWED_USERS / TRUSS_APP_ALLOWED_BOTS', () => {
  it('reads logins and login:ID entries pinned to an account id', () => {
    const config = readAppConfig(
      {
        ...env,
        TRUSS_APP_ALLOWED_USERS: 'octocat:583231, alice',
        TRUSS_APP_ALLOWED_BOTS: 'dependabot[bot]:49699333',
      },
      '/tmp',
    );
    expect(config.allowedUsers).toEqual([
      { login: 'octocat', id: 583231 },
      { login: 'alice', id: null },
    ]);
    expect(config.allowedBots).toEqual([{ login: 'dependabot[bot]', id: 49699333 }]);
  });

  it('unset or empty, both lists are empty: only write access lets anyone run commands', () => {
    for (const vars of [env, { ...env, TRUSS_APP_ALLOWED_USERS: '', TRUSS_APP_ALLOWED_BOTS: ' , ' }]) {
      const config = readAppConfig(vars, '/tmp');
      expect(config.allowedUsers).toEqual([]);
      expect(config.allowedBots).toEqual([]);
    }
  });

  it('reports a malformed entry in each list, both at once', () => {
    const message = refusal({ ...env, TRUSS_APP_ALLOWED_USERS: 'alice:12x', TRUSS_APP_ALLOWED_BOTS: '*:1' });
    expect(message).toContain('- TRUSS_APP_ALLOWED_USERS entry "alice:12x" has "12x"');
    expect(message).toContain('- TRUSS_APP_ALLOWED_BOTS entry "*:1" pins an id to "*"');
  });

  it.each([
    ['TRUSS_APP_ALLOWED_USERS', 'alice:', 'has no account id after ":"'],
    [
      'TRUSS_APP_ALLOWED_USERS',
      'octocat:583231 alice:12x',
      'has "12x" where the account\'s numeric id belongs',
    ],
    ['TRUSS_APP_ALLOWED_BOTS', ':12', 'has no login before ":"'],
  ])('the App does not start with a malformed entry in %s (%j), and names it', (name, value, why) => {
    const entry = value.split(' ').at(-1);
    expect(refusal({ ...env, [name]: value })).toContain(`- ${name} entry "${entry}" ${why}`);
  });
});
