#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  revealHidden
} from "./chunk-DGFRKHKL.js";

// src/core/verify/evidence-record.ts
function evidenceRecordFields(evidence, prepared, injection, policy, redact) {
  return {
    files: evidence.files.map((f) => ({
      path: f.path,
      bytes: f.bytes,
      truncated: f.truncated,
      problem: f.problem
    })),
    // Notes name files (author-chosen paths): recorded as models and humans read them.
    notes: evidence.notes.map((note) => revealHidden(note).text),
    // What models were shown differs from the raw bytes where text was hidden: counted per file.
    hidden_text: prepared.hidden.map((h) => ({
      source: h.source,
      path: redact(h.path),
      counts: h.counts,
      total: h.total
    })),
    injection_suspected: injection.suspected ? {
      policy,
      total: injection.total,
      spans: injection.spans.map((span) => ({
        ...span,
        path: redact(span.path),
        match: redact(span.match)
      }))
    } : null
  };
}
function votePayload(clause, vote, redact) {
  return {
    clause,
    ...vote,
    // A model may echo hidden characters from the evidence; record them visibly.
    reasoning: redact(revealHidden(vote.reasoning).text),
    error: vote.error === null ? null : redact(vote.error)
  };
}

// src/core/verify/injection-detect.ts
var MAX_SPANS = 50;
var MATCH_CHARS = 160;
var WHO = "(?:reviewers?|review(?:ing)? (?:panel|bots?|models?|agents?)|panel|graders?|judges?|evaluators?|ai|llms?|language models?|models?|assistants?|bots?|agents?|gpt|claude|copilot)";
var RULES = [
  {
    rule: "ignore-instructions",
    patterns: [
      /\b(?:ignore|disregard|forget|override|bypass)\b[^\n]{0,40}?\b(?:previous|prior|above|earlier|preceding|all|any|your|system|original)\b[^\n]{0,30}?\b(?:instructions?|prompts?|rules|directions|guidelines|directives|lens)\b/i,
      /\bnew (?:system )?instructions?\s*(?::|follow)/i
    ]
  },
  {
    rule: "addresses-reviewer",
    patterns: [
      new RegExp(
        String.raw`\byou are (?:now |no longer |actually )?(?:a|an|the|my)\b[^\n]{0,40}?\b${WHO}\b`,
        "i"
      ),
      new RegExp(
        String.raw`\b(?:dear|attention|hey|hello|hi|note to|message to|instructions? (?:to|for)|to the|for (?:the|any))\s+(?:automated |ai |llm |code )?${WHO}\b[^\n]{0,3}[,:!]`,
        "i"
      ),
      new RegExp(
        String.raw`\b(?:automated|ai|llm|code|model|robot)[- ]${WHO}\b[^\n]{0,60}?\b(?:should|must|shall|need to|please|are (?:instructed|required|told))\b`,
        "i"
      ),
      new RegExp(String.raw`\bif you are (?:an? )?${WHO}\b`, "i"),
      new RegExp(
        String.raw`\bimportant(?: note)? (?:for|to) (?:the |all |any )?(?:automated |ai |llm )?${WHO}\b`,
        "i"
      ),
      /\byour lens\b|\bseat \d+ of \d+\b/i
    ]
  },
  {
    rule: "vote-directive",
    patterns: [
      // An imperative "vote met" (after a sentence break or a directive word), not "seats vote met".
      /(?:^|[.:;,!*/#>-]\s*|\b(?:please|must|should|always|just|now|then|simply|and|to)\s+)vote\b\W{0,4}(?:as\W{0,3}|is\W{0,3}|with\W{0,3}|for\W{0,3})?["'`]?(?:met|not[_ ]met|unverifiable)\b/i,
      /\b(?:mark|judge|rate|grade|score|consider|treat|report|declare)\b[^\n]{0,30}?\b(?:clause|contract|criteri(?:on|a)|requirements?|this change|this pr|the change)\b[^\n]{0,30}?\b(?:as )?(?:met|satisfied|passing|passed|approved)\b/i,
      /\b(?:respond|reply|answer|output)\b[^\n]{0,40}?\b(?:vote|verdict)\b/i
    ]
  },
  {
    rule: "vote-object",
    patterns: [/[{,]\s*\\?["']?vote\\?["']?\s*:\s*\\?["']?(?:met|not_met|unverifiable)/i, /\bsubmit_vote\b/]
  },
  {
    rule: "role-marker",
    patterns: [
      /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>/i,
      /\[\/?INST\]|<<\/?SYS>>/,
      /^[\s+\-#/*>]*#{1,6}\s*(?:system|assistant|user|human|developer|instruction|response)\s*:?\s*$/i,
      /^[\s+\-/*>#]*(?:System|Assistant|Human|Developer)\s*:\s+\S/,
      /<\/?(?:system|assistant|instructions|system[-_]prompt|admin)>/i
    ]
  },
  {
    rule: "fake-heading",
    patterns: [
      /^[\s+\-/*>]*#{1,6}\s*(?:clause to judge|limits of this evidence|reviewer instructions|review instructions|instructions for (?:the )?reviewers?|updated clause|new clause)\b/i,
      // Our own prompt's headings standing alone ("## Intent"), not a heading that starts with the word.
      /^[\s+\-/*>]*#{1,6}\s*(?:intent|verdict|diff|diff \(base[^)]*\)|file \S+)\s*:?\s*$/i,
      /\bend of (?:the )?evidence\b/i
    ]
  },
  {
    rule: "evidence-delimiter",
    patterns: [/<\/?\s*evidence[-_][0-9a-z]*/i, /\bevidence-[0-9a-f]{8,}\b/i]
  }
];
function mixedScript() {
  mixedScriptPattern ??= new RegExp("(?<![\\p{L}\\p{M}])(?=(?:[\\p{L}\\p{M}]*?\\p{Script=Latin}){2})(?=[\\p{L}\\p{M}]*[\\p{Script=Cyrillic}\\p{Script=Greek}])[\\p{L}\\p{M}]{3,}", "u");
  return mixedScriptPattern;
}
var mixedScriptPattern;
function detectInjection(evidence) {
  const spans = [];
  let total = 0;
  const push = (span) => {
    total++;
    if (spans.length < MAX_SPANS) spans.push(span);
  };
  for (const section of evidence.sections) {
    section.lines.forEach((line, i) => {
      const found = scanLine(line, push);
      const next = section.lines[i + 1];
      if (!found && next) scanAcross(line, next, push);
    });
  }
  return { suspected: total > 0, spans, total };
}
function prose(text) {
  return text.replace(/^[+\- ]?\s*(?:\/\/+|#+|\*+|\/\*+|<!--|--|;+|>)?\s*/, "");
}
function scanAcross(line, next, push) {
  const first = line.text;
  const joined = `${first} ${prose(next.text)}`;
  for (const { rule, patterns } of RULES) {
    for (const pattern of patterns) {
      if (pattern.source.startsWith("^")) continue;
      const m = pattern.exec(joined);
      if (!m || m.index >= first.length || m.index + m[0].length <= first.length) continue;
      push({
        rule,
        source: line.source,
        path: line.path,
        line: line.line,
        column: m.index + 1,
        match: clip(m[0])
      });
      return;
    }
  }
}
function scanLine(line, push) {
  const at = { source: line.source, path: line.path, line: line.line };
  let found = false;
  if (line.suspiciousHidden > 0) {
    const column = line.text.indexOf("\u27E6") + 1;
    const end = line.text.indexOf("\u27E7", column) + 1;
    push({
      rule: "hidden-characters",
      ...at,
      column: Math.max(1, column),
      match: clip(line.text.slice(column - 1, end || void 0))
    });
    found = true;
  }
  const mixed = mixedScript().exec(line.text);
  if (mixed) {
    push({ rule: "mixed-script-word", ...at, column: mixed.index + 1, match: clip(mixed[0]) });
    found = true;
  }
  const header = line.source === "diff" && line.line === null;
  const texts = header ? [line.text, line.text.replace(/[_\-./]+/g, " ")] : [line.text];
  for (const { rule, patterns } of RULES) {
    search: for (const text of texts) {
      for (const pattern of patterns) {
        const m = pattern.exec(text);
        if (!m) continue;
        push({ rule, ...at, column: m.index + 1, match: clip(m[0]) });
        found = true;
        break search;
      }
    }
  }
  return found;
}
function clip(text) {
  return text.length > MATCH_CHARS ? `${text.slice(0, MATCH_CHARS)}\u2026` : text;
}
function describeSpan(span) {
  const where = span.source === "note" ? "evidence notes" : span.source === "commits" ? `commit messages line ${span.line ?? "?"}` : `${span.path || "(diff)"}${span.line !== null ? `:${span.line}` : " (diff header)"}`;
  return `${where} [${span.rule}] ${JSON.stringify(span.match)}`;
}

// src/core/verify/injection-policy.ts
var ACCEPT_HINT = "model votes alone cannot make it met; a maintainer's approving review of this head (a signed human_review, shown by the truss / human review check) accepts the evidence, the machine verdict stays as signed";
function injectionPolicyOf(contract) {
  return contract.panel.on_suspected_injection ?? "unverifiable";
}
function applyInjectionPolicy(options) {
  const reportedBy = options.votes.filter((v) => v.aimed_at_reviewers === true).map((v) => v.seat);
  const spans = options.detected?.total ?? 0;
  if (spans === 0 && reportedBy.length === 0) {
    return { status: options.status, reason: options.reason, injection: null };
  }
  const found = [];
  if (spans > 0) {
    const first = (options.detected?.spans ?? []).slice(0, 3).map(describeSpan).join("; ");
    found.push(
      `${spans} span${spans === 1 ? "" : "s"} in the evidence address the reviewers (${first}${spans > 3 ? "; \u2026" : ""})`
    );
  }
  if (reportedBy.length > 0) {
    found.push(`seat ${reportedBy.map((s) => s + 1).join(", ")} reported text aimed at automated reviewers`);
  }
  const withheld = options.policy === "unverifiable" && options.status === "met";
  const status = withheld ? "unverifiable" : options.status;
  const prefix = withheld ? `suspected prompt injection: ${found.join("; ")}; ${ACCEPT_HINT}. Votes: ${options.reason}` : `${options.reason}; suspected prompt injection (${options.policy === "annotate" ? "annotated only" : "no met majority to withhold"}): ${found.join("; ")}`;
  return {
    status,
    reason: prefix,
    injection: { policy: options.policy, spans, reported_by_seats: reportedBy, withheld_met: withheld }
  };
}

export {
  evidenceRecordFields,
  votePayload,
  detectInjection,
  injectionPolicyOf,
  applyInjectionPolicy
};
