/**
 * `allowed-users` / `allowed-bots` (the App's TRUSS_APP_ALLOWED_USERS / TRUSS_APP_ALLOWED_BOTS):
 * accounts that may trigger Truss without write access. An entry is a login, or `login:ID` pinned to
 * the account's numeric id. Logins are not identities: when an account is renamed GitHub frees the
 * old login and anyone can register it, so a plain login entry would then allow a stranger. An id
 * stays with the account through renames (docs/security.md "Allow-lists and renamed accounts").
 * Every host parses its entries here, once, when its configuration is read (allowListSchema).
 */
import { z } from 'zod';

/** One parsed entry. */
export interface AllowEntry {
  /** The login as written: the whole entry when `id` is null, only a label when it is pinned. */
  login: string;
  /** The GitHub account id the entry is pinned to (`login:ID`), or null for a plain login. */
  id: number | null;
}

/** A GitHub login (users, including managed users' `_shortcode`), or an App's `<slug>[bot]`. */
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,98}(?:\[bot\])?$/;
const ID = /^[1-9][0-9]{0,15}$/;

/** Raised for an entry that is neither `login` nor `login:ID`; the message names the setting and the entry. */
export class AllowListError extends Error {
  override name = 'AllowListError';
}

/**
 * The entries of one setting (comma-, space- or newline-separated). A malformed entry is refused
 * rather than skipped: an allow-list that silently lost an entry, or kept one that cannot mean what
 * was intended, is a configuration error the maintainer must see at start-up.
 */
export function parseAllowList(text: string, setting: string, options: { bots: boolean }): AllowEntry[] {
  return text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => parseEntry(entry, setting, options.bots));
}

/**
 * The zod schema the hosts read an allow-list setting with (the Action's inputs, the App's
 * environment), so both refuse a malformed entry the same way: as an issue naming the setting and
 * the entry, reported with the host's other configuration errors. Anything but AllowListError is a
 * bug and propagates.
 */
export function allowListSchema(setting: string, options: { bots: boolean }) {
  return z.string().transform((text, ctx) => {
    try {
      return parseAllowList(text, setting, options);
    } catch (error) {
      if (!(error instanceof AllowListError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message });
      return z.NEVER;
    }
  });
}

function parseEntry(entry: string, setting: string, bots: boolean): AllowEntry {
  const fail = (why: string) =>
    new AllowListError(`${setting} entry "${entry.slice(0, 80)}" ${why}; write LOGIN or LOGIN:ID`);
  const parts = entry.split(':');
  const [login = '', id] = parts;
  if (parts.length > 2) throw fail('has more than one ":"');
  if (login === '*') {
    if (!bots)
      throw new AllowListError(
        `${setting} entry "*" is refused: "*" stands for every bot in the bots list only, and letting anyone run contracts with this repository's credentials is not an option; list the accounts as LOGIN:ID`,
      );
    if (id !== undefined) throw fail('pins an id to "*", which stands for every bot');
    return { login, id: null };
  }
  if (login === '') throw fail('has no login before ":"');
  if (!LOGIN.test(login)) throw fail(`names "${login.slice(0, 60)}", which is not a GitHub login`);
  if (id === undefined) return { login, id: null };
  const find = `find the account's id with \`gh api users/${login} --jq .id\``;
  if (id === '') throw fail(`has no account id after ":" (${find})`);
  if (!ID.test(id) || !Number.isSafeInteger(Number(id)))
    throw fail(`has "${id.slice(0, 20)}" where the account's numeric id belongs (${find})`);
  return { login, id: Number(id) };
}

/** The entry as written in configuration, for reasons and logs: `octocat:583231` or `octocat`. */
export function allowEntryText(entry: AllowEntry): string {
  return entry.id === null ? entry.login : `${entry.login}:${entry.id}`;
}

/**
 * The entry that lets `actor` in, or null. A pinned entry matches only the account with its id —
 * whatever login that account has now — and never an actor whose id is unknown (fail closed). A
 * plain entry matches the login case-insensitively; for bots `name` and `name[bot]` are one entry
 * and `*` matches any bot.
 */
export function allowListMatch(
  list: readonly AllowEntry[],
  actor: { login: string; id: number | null },
  bot: boolean,
): AllowEntry | null {
  const norm = (value: string) => {
    const lower = value.trim().toLowerCase();
    return bot ? lower.replace(/\[bot\]$/, '') : lower;
  };
  const target = norm(actor.login);
  return (
    list.find((entry) => {
      if (entry.id !== null) return actor.id !== null && actor.id === entry.id;
      if (entry.login === '*') return bot;
      return norm(entry.login) === target;
    }) ?? null
  );
}
