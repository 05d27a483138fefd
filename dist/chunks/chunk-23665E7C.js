#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  statusOf,
  toMissingPermission
} from "./chunk-BS4FZTIF.js";
import {
  parseTrustedKeys
} from "./chunk-P2CFU6IE.js";

// src/github/repo-files.ts
var RepoContentTypeError = class extends Error {
  path;
  expected;
  actual;
  constructor(path, expected, actual) {
    super(
      `expected ${path} to be a ${expected === "dir" ? "directory" : "file"} in the repository, but it is a ${actual}`
    );
    this.name = "RepoContentTypeError";
    this.path = path;
    this.expected = expected;
    this.actual = actual;
  }
};
async function readRepoFile(options) {
  const { octokit, owner, repo, ref } = options;
  const path = normalizePath(options.path);
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  if (Array.isArray(data)) throw new RepoContentTypeError(path, "file", "directory");
  if (data.type !== "file") throw new RepoContentTypeError(path, "file", data.type);
  if ("encoding" in data && data.encoding === "base64" && typeof data.content === "string") {
    return Buffer.from(data.content, "base64").toString("utf8");
  }
  const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: data.sha });
  return Buffer.from(blob.data.content, blob.data.encoding === "base64" ? "base64" : "utf8").toString("utf8");
}
async function listRepoDir(options) {
  const { octokit, owner, repo, ref } = options;
  const path = normalizePath(options.path);
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
  if (!Array.isArray(data)) throw new RepoContentTypeError(path, "dir", data.type);
  return data.filter((entry) => options.type === void 0 || entry.type === options.type).map((entry) => entry.name).sort();
}
function normalizePath(path) {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  if (trimmed.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new Error(`repository path must not contain "." or ".." segments: ${JSON.stringify(path)}`);
  }
  return trimmed;
}

// src/github/repo-trusted-keys.ts
async function trustedKeysFor(trustedKeys, octokit, repo, ref) {
  if (trustedKeys.trim()) return parseTrustedKeys(trustedKeys, "input trusted-keys");
  const text = await readRepoFile({ octokit, ...repo, path: ".truss/trusted-keys", ref });
  return text ? parseTrustedKeys(text, ".truss/trusted-keys") : /* @__PURE__ */ new Map();
}
async function defaultBranchTrustedKeys(octokit, repo) {
  const { data } = await octokit.rest.repos.get(repo);
  return { ref: data.default_branch, keys: await trustedKeysFor("", octokit, repo, data.default_branch) };
}

// src/github/own-comment.ts
async function resolveAuthors(source) {
  return typeof source === "function" ? source() : source;
}
var ACTIONS_BOT = "github-actions[bot]";
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98})(?:\[bot\])?$/;
var CommentAuthorError = class extends Error {
  name = "CommentAuthorError";
};
function parseTrussAuthors(text, setting) {
  const logins = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  if (logins.length === 0)
    throw new CommentAuthorError(
      `${setting} is empty: name the login Truss's comments are posted as (${ACTIONS_BOT} for the workflow's token, <app-slug>[bot] for a GitHub App's token)`
    );
  for (const login of logins)
    if (!LOGIN.test(login))
      throw new CommentAuthorError(
        `${setting}: "${login.slice(0, 60)}" is not a GitHub login (a user, or an App's <app-slug>[bot])`
      );
  return logins;
}
function isOwnAuthor(comment, authors) {
  const user = comment.user;
  if (!user) return false;
  const login = user.login.toLowerCase();
  if (!authors.some((a) => a.toLowerCase() === login)) return false;
  const bot = /\[bot\]$/.test(login);
  if (bot !== (user.type === "Bot")) return false;
  const app = comment.performed_via_github_app;
  if (!bot) return !app;
  return !app?.slug || `${app.slug.toLowerCase()}[bot]` === login;
}
function warnUnlistedPoster(poster, authors, log) {
  if (!poster || authors.some((a) => a.toLowerCase() === poster.toLowerCase())) return;
  log.warning(
    `this token posts as ${poster}, which is not among the comment authors (${authors.join(", ")}): Truss will not recognise its own comments. Add ${poster} to comment-authors (the Action) or TRUSS_APP_COMMENT_AUTHORS (the App).`
  );
}
function isOwnApp(appLogin, authors) {
  return appLogin !== null && authors.some((a) => a.toLowerCase() === appLogin.toLowerCase());
}
function isTrussComment(comment, markerStart, authors) {
  return isOwnAuthor(comment, authors) && (comment.body ?? "").startsWith(markerStart);
}
var STICKY_MARKER_START = "<!-- truss:sticky ";
function stickyMarker(contractId) {
  return `${STICKY_MARKER_START}contract=${contractId} -->`;
}

// src/github/render/meta.ts
var META_PREFIX = "<!-- truss:meta ";
var META_SUFFIX = " -->";
function commentSafeJson(value) {
  const json = JSON.stringify(value) ?? "null";
  return json.replace(/[<>&@#]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(/--/g, "\\u002d\\u002d");
}
function embedMeta(metadata) {
  return `${META_PREFIX}${commentSafeJson(metadata)}${META_SUFFIX}`;
}
function readMeta(body) {
  const start = body.indexOf(META_PREFIX);
  if (start === -1) return null;
  const end = body.indexOf(META_SUFFIX, start + META_PREFIX.length);
  if (end === -1) return null;
  try {
    const value = JSON.parse(body.slice(start + META_PREFIX.length, end));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

// src/github/sticky-comment.ts
var MAX_COMMENT_LENGTH = 65536;
var META_BLOCK = /<!-- truss:meta ([\s\S]*?) -->/;
var TRUNCATED_NOTE = "\n\n\u2026 (truncated: the full report is in the check run and the ledger artifact)\n";
async function upsertStickyComment(options) {
  const { octokit, owner, repo, issueNumber, marker, dryRun } = options;
  if (!/^<!--[\s\S]+-->$/.test(marker) || marker.slice(4, -3).includes("-->")) {
    throw new Error(
      `sticky comment marker must be one hidden HTML comment like "<!-- truss:sticky ... -->", got ${JSON.stringify(marker)}`
    );
  }
  const bodyOf = (previous) => {
    const text = typeof options.body === "string" ? options.body : options.body(previous);
    return fitComment(text.startsWith(marker) ? text : `${marker}
${text}`);
  };
  if (dryRun) {
    octokit.log.info(`dry run: would create or update the ${marker} comment on #${issueNumber}`);
    return { id: null, url: null, created: false, updated: false };
  }
  try {
    const existing = await findComment(
      octokit,
      owner,
      repo,
      issueNumber,
      (c) => isTrussComment(c, marker, options.authors)
    );
    if (existing) {
      const body = bodyOf(existing.body ?? null);
      const { data: data2 } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: existing.id,
        body
      });
      return { id: data2.id, url: data2.html_url, created: false, updated: true };
    }
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: bodyOf(null)
    });
    return { id: data.id, url: data.html_url, created: true, updated: false };
  } catch (error) {
    throw toMissingPermission(error, "pull-requests: write", `comment on #${issueNumber}`);
  }
}
async function findComment(octokit, owner, repo, issueNumber, matches) {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100
  });
  for await (const page of pages) {
    const found = page.data.find((comment) => matches(comment));
    if (found) return found;
  }
  return null;
}
function fitComment(body) {
  if (body.length <= MAX_COMMENT_LENGTH) return body;
  const metas = body.match(new RegExp(META_BLOCK.source, "g")) ?? [];
  const rest = body.replace(new RegExp(META_BLOCK.source, "g"), "");
  const tail = metas.length > 0 ? `
${metas.join("\n")}
` : "";
  let visible = rest.slice(0, Math.max(0, MAX_COMMENT_LENGTH - TRUNCATED_NOTE.length - tail.length));
  if (/[\uD800-\uDBFF]$/.test(visible)) visible = visible.slice(0, -1);
  return `${visible}${TRUNCATED_NOTE}${tail}`;
}
function readStickyMetadata(body, schema) {
  const value = readMeta(body);
  if (value === null || !schema) return value;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// src/github/session-meta.ts
async function listSessionMetas(octokit, repo, prNumber, authors) {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100
  });
  return comments.filter((c) => isTrussComment(c, STICKY_MARKER_START, authors)).map((c) => readStickyMetadata(c.body ?? "")).filter((m) => m !== null && sessionIdUsable(m.session_id));
}
async function latestSessionFor(octokit, repo, prNumber, headSha, authors) {
  const metas = await listSessionMetas(octokit, repo, prNumber, authors);
  return metas.filter((m) => m.head_sha === headSha).at(-1) ?? null;
}
var SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;
function sessionIdUsable(id) {
  return id === void 0 || typeof id === "string" && SESSION_ID.test(id);
}

// src/github/ledger-branch.ts
var BranchMovedError = class extends Error {
  name = "BranchMovedError";
};
async function commitFilesToBranch(options) {
  const { octokit, owner, repo, message, dryRun } = options;
  const branch = normalizeBranch(options.branch);
  if (options.files.length === 0) throw new Error("commitFilesToBranch needs at least one file");
  const paths = options.files.map((file) => normalizePath2(file.path));
  if (new Set(paths).size !== paths.length)
    throw new Error("commitFilesToBranch was given the same path twice");
  if (dryRun) {
    octokit.log.info(`dry run: would commit ${paths.join(", ")} to ${branch}`);
    return null;
  }
  try {
    const blobs = [];
    for (const file of options.files) {
      const content = (typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content).toString("base64");
      const { data } = await octokit.rest.git.createBlob({ owner, repo, content, encoding: "base64" });
      blobs.push(data.sha);
    }
    const entries = paths.map((path, i) => ({
      path,
      mode: "100644",
      type: "blob",
      sha: blobs[i]
    }));
    const pinned = options.parent;
    const attempt = async () => {
      const parent = pinned === void 0 ? await branchHead(octokit, owner, repo, branch) : pinned === null ? null : { commitSha: pinned, treeSha: await treeOf(octokit, owner, repo, pinned) };
      const { data: tree } = await octokit.rest.git.createTree({
        owner,
        repo,
        tree: entries,
        ...parent ? { base_tree: parent.treeSha } : {}
      });
      const { data: commit } = await octokit.rest.git.createCommit({
        owner,
        repo,
        message,
        tree: tree.sha,
        parents: parent ? [parent.commitSha] : []
      });
      if (parent) {
        await octokit.rest.git.updateRef({
          owner,
          repo,
          ref: `heads/${branch}`,
          sha: commit.sha,
          force: false
        });
      } else {
        await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha });
      }
      return { commitSha: commit.sha, url: commit.html_url };
    };
    try {
      return await attempt();
    } catch (error) {
      if (statusOf(error) !== 422) throw error;
      if (pinned !== void 0)
        throw new BranchMovedError(`${branch} moved away from ${pinned ?? "nothing"} while committing`);
      octokit.log.warn(
        `${branch} moved while committing the ledger (HTTP 422); retrying once on the new head`
      );
      return await attempt();
    }
  } catch (error) {
    throw toMissingPermission(error, "contents: write", `commit to the ${branch} branch`);
  }
}
async function branchHead(octokit, owner, repo, branch) {
  let commitSha;
  try {
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    commitSha = data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  return { commitSha, treeSha: await treeOf(octokit, owner, repo, commitSha) };
}
async function treeOf(octokit, owner, repo, commitSha) {
  const { data: commit } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
  return commit.tree.sha;
}
function normalizeBranch(branch) {
  const name = branch.replace(/^refs\/heads\//, "");
  if (name === "" || name.includes("..") || /[\s~^:?*[\\]/.test(name) || name.startsWith("/") || name.endsWith("/")) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  return name;
}
function normalizePath2(path) {
  const trimmed = path.replace(/^\/+/, "");
  if (trimmed === "" || trimmed.endsWith("/") || trimmed.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw new Error(`not a valid file path for the ledger branch: ${JSON.stringify(path)}`);
  }
  return trimmed;
}

export {
  BranchMovedError,
  commitFilesToBranch,
  branchHead,
  readRepoFile,
  listRepoDir,
  resolveAuthors,
  ACTIONS_BOT,
  parseTrussAuthors,
  warnUnlistedPoster,
  isOwnApp,
  isTrussComment,
  stickyMarker,
  embedMeta,
  upsertStickyComment,
  readStickyMetadata,
  listSessionMetas,
  latestSessionFor,
  SESSION_ID,
  trustedKeysFor,
  defaultBranchTrustedKeys
};
