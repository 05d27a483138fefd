/**
 * A changed path may be a directory: GitHub lists a submodule bump (a gitlink) as the bare path
 * `third_party/zlib`, though any file below it may have changed. For such a path the filter asks
 * what its patterns decide for the paths below it (docs/contracts.md "Run only what a change
 * touches").
 *
 * The answer comes from the patterns' automata (path-filter.ts), not from a made-up file name: feed
 * `P/` to every pattern, then explore the combinations of states the patterns can reach together,
 * one character for each class of characters they tell apart. Every character outside the patterns'
 * alphabet takes the same edges, so one stands for all of them and the exploration covers every path
 * below `P` — exactly: it agrees with trying every name (test/contract/path-below.test.ts). Only
 * paths git can hold are considered: no empty component (`P//x`), no trailing `/`.
 *
 * The changed paths are chosen by whoever opens the pull request, so the work is bounded per
 * decision, whatever the paths: what one search learnt serves the next (directories that leave the
 * patterns in the same states, combinations known to lead nowhere), and past {@link BELOW_BUDGET}
 * the answer is "some path below counts", the side that runs the contract.
 */
import type { CompiledPattern, PathAutomaton } from './path-filter.js';

/**
 * Automaton states one decision may step through while searching below directories (summed over
 * every pattern and every step; about 0.2 µs each). A filter of a dozen `**` patterns on each key
 * needs up to ~150,000 for a directory it rules out, a few thousand for one it selects; past this
 * the search answers as if it had found a path that counts.
 */
export const BELOW_BUDGET = 2_000_000;

const NONE: ReadonlySet<number> = new Set();

/** What ordered patterns decide for one path: the last pattern that matches it, or null. */
export type Decided = CompiledPattern | null;

/** A path below the directory for which the question holds: what each pattern list decides for it. */
export interface FoundBelow {
  decided: Decided[];
  /** The budget ran out before the search could rule every path out: `decided` are all null. */
  exhausted: boolean;
}

/** States of every pattern (in list order, flattened) after some input, and whether it ends in `/`. */
interface Combination {
  states: ReadonlySet<number>[];
  afterSlash: boolean;
}

/**
 * A search over the paths below a directory. For a changed path `P`, some path `P/…` for which
 * `want` holds on what each of `lists` decides for it, or null when there is none. Every question
 * asked of one search shares its budget and what it learned: answers by the states `P/` leaves the
 * patterns in, and the combinations already known to lead to no wanted path.
 */
export function belowSearch(
  lists: readonly (readonly CompiledPattern[])[],
  want: (decided: readonly Decided[]) => boolean,
): (path: string) => FoundBelow | null {
  const automata = lists.flat().map((pattern) => pattern.automaton);
  const spans: Array<{ first: number; last: number }> = [];
  for (const list of lists) {
    const first = spans.at(-1)?.last ?? 0;
    spans.push({ first, last: first + list.length });
  }
  const decide = (states: readonly ReadonlySet<number>[]): Decided[] =>
    lists.map((list, i) => {
      let decided: Decided = null;
      list.forEach((pattern, j) => {
        if (pattern.automaton.accepts(states[(spans[i]?.first ?? 0) + j] as ReadonlySet<number>))
          decided = pattern;
      });
      return decided;
    });
  const space: Space = {
    automata,
    alphabet: representatives(automata),
    budget: { left: BELOW_BUDGET },
    barren: new Set(),
    // A pattern followed in its list by one that accepts everything from here on never decides
    // again: its states are dropped, so combinations that differ only there are one.
    prune: (states) => {
      for (const { first, last } of spans)
        for (let at = last - 1; at > first; at--)
          if (automata[at]?.acceptsEverything(states[at] as ReadonlySet<number>)) {
            states.fill(NONE, first, at);
            break;
          }
      return states;
    },
    wanted: (states) => want(decide(states)),
  };
  const answers = new Map<string, FoundBelow | null>();
  return (path) => {
    const states = space.prune(automata.map((automaton) => feed(automaton, `${path}/`)));
    const start = { states, afterSlash: true };
    const key = keyOf(start);
    let answer = answers.get(key);
    if (answer === undefined) {
      const found = search(space, start);
      answer =
        found === null
          ? null
          : found === 'exhausted'
            ? { decided: lists.map(() => null), exhausted: true }
            : { decided: decide(found), exhausted: false };
      answers.set(key, answer);
    }
    return answer;
  };
}

/** What one search shares between its questions. */
interface Space {
  automata: readonly PathAutomaton[];
  /** One character of each class the patterns tell apart. */
  alphabet: readonly string[];
  budget: { left: number };
  /** Keys of combinations from which no wanted path can be reached (learnt by searches that found none). */
  barren: Set<string>;
  prune: (states: ReadonlySet<number>[]) => ReadonlySet<number>[];
  wanted: (states: readonly ReadonlySet<number>[]) => boolean;
}

/**
 * Breadth-first over the combinations reachable from `start` by one or more characters: the states
 * of the first path found that `wanted` holds for, `'exhausted'` when the budget ran out first, or
 * null when there is no such path.
 */
function search(space: Space, start: Combination): ReadonlySet<number>[] | 'exhausted' | null {
  const { automata, budget } = space;
  const seen = new Set([keyOf(start)]);
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const from = queue[at] as Combination;
    for (const ch of space.alphabet) {
      // A path below holds no empty component: never two slashes in a row, nor one right after `P/`.
      if (ch === '/' && from.afterSlash) continue;
      for (const states of from.states) budget.left -= states.size + 1;
      if (budget.left < 0) return 'exhausted';
      const states = automata.map((automaton, i) =>
        automaton.step(from.states[i] as ReadonlySet<number>, ch),
      );
      const next = { states: space.prune(states), afterSlash: ch === '/' };
      // A path ends on a name, not on a `/`.
      if (!next.afterSlash && space.wanted(next.states)) return next.states;
      const key = keyOf(next);
      if (seen.has(key) || space.barren.has(key)) continue;
      seen.add(key);
      queue.push(next);
    }
  }
  // Nothing wanted is reachable from any of these: a later search that meets one need not go on.
  for (const key of seen) space.barren.add(key);
  return null;
}

function feed(automaton: PathAutomaton, text: string): ReadonlySet<number> {
  let states: ReadonlySet<number> = automaton.start;
  for (const ch of text) {
    if (states.size === 0) break;
    states = automaton.step(states, ch);
  }
  return states;
}

/** Every character some pattern tells apart (`/` among them), plus one that none does (it stands for all the others). */
function representatives(automata: readonly PathAutomaton[]): string[] {
  const chars = new Set<string>(['/']);
  for (const automaton of automata) for (const ch of automaton.alphabet) chars.add(ch);
  let other = 0xe000;
  while (chars.has(String.fromCodePoint(other))) other++;
  return [...chars, String.fromCodePoint(other)];
}

function keyOf(combination: Combination): string {
  const states = combination.states.map((set) => [...set].sort((a, b) => a - b).join(','));
  return `${combination.afterSlash ? '/' : ''}${states.join('|')}`;
}
