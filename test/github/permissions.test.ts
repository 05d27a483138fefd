import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { parseAllowList } from '../../src/github/allow-list.js';
import { authorizeActor, politeDenial } from '../../src/github/permissions.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, exampleBotUser, exampleComment, OWNER, REPO, testOctokit } from './helpers.js';

useNock();

const users = (text: string) => parseAllowList(text, 'allowed-users', { bots: false });
const bots = (text: string) => parseAllowList(text, 'allowed-bots', { bots: true });

/** The documented "Get repository permissions for a user" response. */
function permissionBody(permission: string, roleName: string, user: Record<string, unknown>) {
  return { permission, role_name: roleName, user: { ...user, permissions: {} } };
}

function mockPermission(login: string, status: number, body: unknown) {
  return nock(API)
    .get(`/repos/${OWNER}/${REPO}/collaborators/${encodeURIComponent(login)}/permission`)
    .reply(status, body as nock.Body);
}

describe('authorizeActor', () => {
  const human = exampleComment().user;

  it.each([
    ['admin', 'admin', true],
    ['write', 'maintain', true],
    ['write', 'write', true],
    ['write', 'custom-release-manager', true],
    ['read', 'triage', false],
    ['read', 'read', false],
    ['none', 'none', false],
  ])('permission %s / role %s → allowed %s', async (permission, role, allowed) => {
    mockPermission(human.login, 200, permissionBody(permission, role, human));
    const result = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: human.login, id: human.id, type: human.type },
    });
    expect(result.allowed).toBe(allowed);
    expect(result.permission).toBe(role === 'custom-release-manager' ? 'write' : role);
    expect(result.reason).toContain(human.login);
    expect(nock.isDone()).toBe(true);
  });

  it('treats a 404 (not a collaborator) as no access', async () => {
    mockPermission('stranger', 404, { message: 'Not Found' });
    const result = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: 'stranger', id: 90001, type: 'User' },
    });
    expect(result).toEqual({
      allowed: false,
      permission: 'none',
      reason: `stranger has no access to ${OWNER}/${REPO}; write access is required`,
    });
    expect(nock.isDone()).toBe(true);
  });

  it('lets allowed-users override a read permission, case-insensitively', async () => {
    mockPermission(
      'Outside-Contributor',
      200,
      permissionBody('read', 'read', { login: 'Outside-Contributor' }),
    );
    const result = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: 'Outside-Contributor', id: 90002, type: 'User' },
      allowedUsers: users('someone-else, outside-contributor'),
    });
    expect(result).toEqual({
      allowed: true,
      permission: 'read',
      reason: 'Outside-Contributor is listed in allowed-users as outside-contributor',
    });
    expect(nock.isDone()).toBe(true);
  });

  it('lets allowed-users override a 404 too', async () => {
    mockPermission('guest', 404, { message: 'Not Found' });
    const result = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: 'guest', id: 90003, type: 'User' },
      allowedUsers: users('GUEST'),
    });
    expect(result).toMatchObject({ allowed: true, permission: 'none' });
    expect(nock.isDone()).toBe(true);
  });

  it('an allowed-users entry pinned to an id lets the account in after a rename, and says which entry matched', async () => {
    // The account listed as codertocat:<id> renamed itself: the payload has a new login, the same id.
    mockPermission('codertocat-renamed', 404, { message: 'Not Found' });
    const result = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: 'codertocat-renamed', id: human.id, type: 'User' },
      allowedUsers: users(`someone-else, ${human.login}:${human.id}`),
    });
    expect(result).toEqual({
      allowed: true,
      permission: 'none',
      reason: `codertocat-renamed is listed in allowed-users as ${human.login}:${human.id}`,
    });
    expect(nock.isDone()).toBe(true);
  });

  it('refuses another account that registered the pinned login (a different id), and an actor without an id', async () => {
    for (const id of [human.id + 1, null]) {
      mockPermission(human.login, 200, permissionBody('read', 'read', human));
      const result = await authorizeActor({
        octokit: testOctokit(),
        owner: OWNER,
        repo: REPO,
        actor: { login: human.login, id, type: 'User' },
        allowedUsers: users(`${human.login}:${human.id}`),
      });
      expect(result, `id ${id}`).toEqual({
        allowed: false,
        permission: 'read',
        reason: `${human.login} has read access to ${OWNER}/${REPO}; write access is required`,
      });
    }
    expect(nock.isDone()).toBe(true);
  });

  it('an allowed-bots entry pinned to an id matches that bot only', async () => {
    const bot = exampleBotUser();
    mockPermission(bot.login, 404, { message: 'Not Found' });
    const allowed = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: bot.login, id: bot.id, type: bot.type },
      allowedBots: bots(`renovate[bot]:${bot.id}`),
    });
    expect(allowed).toMatchObject({
      allowed: true,
      reason: `renovate[bot] is a bot listed in allowed-bots as renovate[bot]:${bot.id}`,
    });
    mockPermission(bot.login, 404, { message: 'Not Found' });
    const impostor = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: bot.login, id: bot.id + 1, type: bot.type },
      allowedBots: bots(`renovate[bot]:${bot.id}`),
    });
    expect(impostor.allowed).toBe(false);
    expect(nock.isDone()).toBe(true);
  });

  it('denies a Bot with write access unless it is in allowed-bots', async () => {
    const bot = exampleBotUser();
    expect(bot.login).toBe('renovate[bot]');
    mockPermission(bot.login, 200, permissionBody('write', 'write', bot));
    const denied = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: bot.login, id: bot.id, type: bot.type },
      allowedUsers: users(bot.login),
    });
    expect(denied).toMatchObject({ allowed: false, permission: 'write' });
    expect(denied.reason).toMatch(/bot; bots may trigger Truss only when listed in allowed-bots/);

    mockPermission(bot.login, 200, permissionBody('write', 'write', bot));
    const allowed = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: bot.login, id: bot.id, type: bot.type },
      allowedBots: bots('Renovate'),
    });
    expect(allowed).toMatchObject({ allowed: true, permission: 'write' });
    expect(nock.isDone()).toBe(true);
  });

  it('recognises a bot by its [bot] login even when the type says User, and honours "*"', async () => {
    mockPermission('some-app[bot]', 404, { message: 'Not Found' });
    const denied = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: 'some-app[bot]', id: 90004, type: 'User' },
    });
    expect(denied.allowed).toBe(false);
    mockPermission('some-app[bot]', 404, { message: 'Not Found' });
    const allowed = await authorizeActor({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      actor: { login: 'some-app[bot]', id: 90004, type: 'Bot' },
      allowedBots: bots('*'),
    });
    expect(allowed).toMatchObject({ allowed: true, permission: 'none' });
    expect(nock.isDone()).toBe(true);
  });

  it('propagates failures other than 404 (cannot check must not mean allowed)', async () => {
    mockPermission(human.login, 403, { message: 'Resource not accessible by integration' });
    await expect(
      authorizeActor({
        octokit: testOctokit(),
        owner: OWNER,
        repo: REPO,
        actor: { login: human.login, id: human.id, type: 'User' },
        allowedUsers: users(human.login),
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(nock.isDone()).toBe(true);
  });
});

describe('politeDenial', () => {
  it('addresses the user, explains the reason and the trigger', () => {
    const text = politeDenial(
      'octocat',
      'octocat has read access to o/r; write access is required',
      '@truss-bot',
    );
    expect(text).toContain('@octocat');
    expect(text).toContain('octocat has read access to o/r; write access is required.');
    expect(text).toContain('`@truss-bot run`');
    expect(text).toContain('allowed-users');
  });
});
