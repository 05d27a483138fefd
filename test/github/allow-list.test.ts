import { describe, expect, it } from 'vitest';
import {
  AllowListError,
  allowEntryText,
  allowListMatch,
  allowListSchema,
  parseAllowList,
} from '../../src/github/allow-list.js';
import { exampleBotUser, exampleComment } from './helpers.js';

const users = (text: string) => parseAllowList(text, 'allowed-users', { bots: false });
const bots = (text: string) => parseAllowList(text, 'allowed-bots', { bots: true });

/** The message parseAllowList refuses `text` with (fails the test when it does not refuse). */
function refusal(text: string, options = { bots: false }): string {
  try {
    parseAllowList(text, 'allowed-users', options);
  } catch (error) {
    expect(error).toBeInstanceOf(AllowListError);
    expect((error as Error).name).toBe('AllowListError');
    return (error as Error).message;
  }
  throw new Error(`parseAllowList accepted ${JSON.stringify(text)}`);
}

describe('parseAllowList', () => {
  it('reads plain logins and login:ID entries, separated by commas, spaces or newlines', () => {
    expect(users('octocat:583231, alice\n  bob_acme ')).toEqual([
      { login: 'octocat', id: 583231 },
      { login: 'alice', id: null },
      { login: 'bob_acme', id: null },
    ]);
    expect(bots('dependabot[bot]:49699333 renovate *')).toEqual([
      { login: 'dependabot[bot]', id: 49699333 },
      { login: 'renovate', id: null },
      { login: '*', id: null },
    ]);
    expect(users('')).toEqual([]);
  });

  it.each([
    [
      'alice:',
      /entry "alice:" has no account id after ":" \(find the account's id with `gh api users\/alice --jq .id`\)/,
    ],
    ['alice:12x', /entry "alice:12x" has "12x" where the account's numeric id belongs/],
    [':12', /entry ":12" has no login before ":"/],
    ['alice:0', /entry "alice:0" has "0" where the account's numeric id belongs/],
    ['alice:-5', /entry "alice:-5" has "-5" where/],
    ['alice:99999999999999999', /entry "alice:99999999999999999" has "99999999999999999" where/],
    ['alice:1:2', /entry "alice:1:2" has more than one ":"/],
    ['alice@corp', /entry "alice@corp" names "alice@corp", which is not a GitHub login/],
  ])('refuses %j, naming the setting and the entry', (text, message) => {
    const error = refusal(`good-login, ${text}`);
    expect(error).toMatch(/^allowed-users entry /);
    expect(error).toMatch(message);
    expect(error).toMatch(/write LOGIN or LOGIN:ID$/);
  });

  it('takes "*" for bots only, and never with an id', () => {
    expect(refusal('*')).toMatch(/allowed-users entry "\*" is refused/);
    expect(refusal('*:12', { bots: true })).toMatch(/entry "\*:12" pins an id to "\*"/);
  });

  it('writes an entry back as configured', () => {
    expect(users('octocat:583231, alice').map(allowEntryText)).toEqual(['octocat:583231', 'alice']);
  });
});

describe('allowListSchema (how the Action and the App read the setting)', () => {
  it('parses the entries, and turns a malformed one into an issue naming the setting and the entry', () => {
    const schema = allowListSchema('allowed-bots', { bots: true });
    expect(schema.parse('dependabot[bot]:49699333, *')).toEqual([
      { login: 'dependabot[bot]', id: 49699333 },
      { login: '*', id: null },
    ]);
    const result = schema.safeParse('renovate, dependabot[bot]:');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        code: 'custom',
        message: expect.stringMatching(
          /^allowed-bots entry "dependabot\[bot\]:" has no account id after ":"/,
        ),
      }),
    ]);
  });
});

describe('allowListMatch', () => {
  const human = exampleComment().user;
  const pinned = users(`${human.login}:${human.id}`);

  it('matches a pinned entry by the account id, whatever the login is now (a rename)', () => {
    expect(allowListMatch(pinned, { login: human.login, id: human.id }, false)).toEqual(pinned[0]);
    expect(allowListMatch(pinned, { login: 'codertocat-renamed', id: human.id }, false)).toEqual(pinned[0]);
  });

  it('does not match another account holding the listed login, nor an actor whose id is unknown', () => {
    expect(allowListMatch(pinned, { login: human.login, id: human.id + 1 }, false)).toBeNull();
    expect(allowListMatch(pinned, { login: human.login, id: null }, false)).toBeNull();
  });

  it('matches a plain login case-insensitively, by login (as before)', () => {
    expect(allowListMatch(users('CODERTOCAT'), { login: human.login, id: null }, false)).toEqual({
      login: 'CODERTOCAT',
      id: null,
    });
    expect(allowListMatch(users('someone-else'), { login: human.login, id: human.id }, false)).toBeNull();
  });

  it('for bots: name and name[bot] are one entry, "*" matches any bot, a pinned bot entry matches by id', () => {
    const bot = exampleBotUser();
    expect(allowListMatch(bots('Renovate'), { login: bot.login, id: bot.id }, true)?.login).toBe('Renovate');
    expect(allowListMatch(bots('*'), { login: bot.login, id: null }, true)?.login).toBe('*');
    const pinnedBot = bots(`renovate[bot]:${bot.id}`);
    expect(allowListMatch(pinnedBot, { login: 'renamed-app[bot]', id: bot.id }, true)).toEqual(pinnedBot[0]);
    expect(allowListMatch(pinnedBot, { login: bot.login, id: bot.id + 1 }, true)).toBeNull();
  });
});
