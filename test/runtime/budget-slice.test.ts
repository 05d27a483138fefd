import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BudgetLimits, BudgetMeter } from '../../src/core/runtime/budget.js';
import { clampSlice, evenSlice, SlicedBudgetMeter } from '../../src/core/runtime/budget-slice.js';

/**
 * docs/fanout.md "Budget slices": every child's use is charged to its parent's meter too, and a call
 * starts only while the child and every ancestor are below their ceilings. So, for any tree shape,
 * any slices (even ones larger than what the parent has) and any interleaving of calls, the children
 * can never collectively spend past the parent's ceiling except by the calls already in flight when
 * it was reached — the one-call overshoot a single run has (docs/runtime.md), once per running call.
 */

interface Node {
  meter: BudgetMeter;
  parent: Node | null;
  children: Node[];
  own: { tokens: number; cost: number; steps: number };
}

const limitsArb: fc.Arbitrary<BudgetLimits> = fc.record(
  {
    maxTotalTokens: fc.integer({ min: 0, max: 400 }),
    maxCostUsd: fc.integer({ min: 0, max: 400 }).map((cents) => cents / 100),
    maxSteps: fc.integer({ min: 1, max: 20 }),
  },
  { requiredKeys: [] },
);

/** A tree as a list of (parent index, slice): node 0 is the root, node i's parent comes before it. */
const treeArb = fc
  .tuple(limitsArb, fc.array(fc.tuple(fc.nat(), limitsArb, fc.boolean()), { minLength: 1, maxLength: 12 }))
  .map(([root, rest]) => ({
    root,
    nodes: rest.map(([parent, slice, even], i) => ({ parent: parent % (i + 1), slice, even })),
  }));

const usageArb = fc.record({
  inputTokens: fc.integer({ min: 0, max: 60 }),
  outputTokens: fc.integer({ min: 0, max: 60 }),
  costUsd: fc.integer({ min: 0, max: 50 }).map((cents) => cents / 100),
  steps: fc.constantFrom(0, 1),
});

/** Start a call on node `node`, or finish the in-flight call `call` with `usage`. */
const opArb = fc.oneof(
  fc.record({ type: fc.constant('start' as const), node: fc.nat() }),
  fc.record({ type: fc.constant('finish' as const), call: fc.nat(), usage: usageArb }),
);

function build(tree: {
  root: BudgetLimits;
  nodes: { parent: number; slice: BudgetLimits; even: boolean }[];
}) {
  const root: Node = { meter: new BudgetMeter(tree.root), parent: null, children: [], own: zero() };
  const nodes = [root];
  for (const spec of tree.nodes) {
    const parent = nodes[spec.parent] as Node;
    const siblings = parent.children.length + 1;
    const slice = spec.even
      ? evenSlice(parent.meter.limits, siblings)
      : clampSlice(spec.slice, parent.meter.limits);
    const node: Node = {
      meter: new SlicedBudgetMeter(parent.meter, slice),
      parent,
      children: [],
      own: zero(),
    };
    parent.children.push(node);
    nodes.push(node);
  }
  return nodes;
}

function zero() {
  return { tokens: 0, cost: 0, steps: 0 };
}

function ancestry(node: Node): Node[] {
  const chain: Node[] = [];
  for (let n: Node | null = node; n; n = n.parent) chain.push(n);
  return chain;
}

function below(meter: BudgetMeter): boolean {
  const { spent, limits } = meter;
  return (
    (limits.maxTotalTokens === undefined || spent.totalTokens < limits.maxTotalTokens) &&
    (limits.maxCostUsd === undefined || spent.costUsd < limits.maxCostUsd) &&
    (limits.maxSteps === undefined || spent.steps < limits.maxSteps)
  );
}

function subtreeOwn(node: Node): { tokens: number; cost: number; steps: number } {
  const total = { ...node.own };
  for (const child of node.children) {
    const sub = subtreeOwn(child);
    total.tokens += sub.tokens;
    total.cost += sub.cost;
    total.steps += sub.steps;
  }
  return total;
}

describe('budget slices (tree meter)', () => {
  it('for any tree, slices and interleaving: totals add up, no call starts past any ceiling, overshoot only by calls in flight', () => {
    fc.assert(
      fc.property(treeArb, fc.array(opArb, { maxLength: 120 }), (tree, ops) => {
        const nodes = build(tree);
        const inFlight: { node: Node }[] = [];
        /** Per node: the most calls ever in flight at once in its subtree, and the largest single call. */
        const peak = new Map<Node, number>();
        let largest = { tokens: 0, cost: 0, steps: 0 };
        for (const op of ops) {
          if (op.type === 'start') {
            const node = nodes[op.node % nodes.length] as Node;
            const allowed = ancestry(node).every((n) => below(n.meter));
            let started = true;
            try {
              node.meter.assertCanSpend();
            } catch {
              started = false;
            }
            // A call starts exactly when the child and every ancestor are below every ceiling.
            expect(started).toBe(allowed);
            if (!started) continue;
            inFlight.push({ node });
            for (const n of ancestry(node)) {
              const running = inFlight.filter((c) => ancestry(c.node).includes(n)).length;
              peak.set(n, Math.max(peak.get(n) ?? 0, running));
            }
          } else {
            if (inFlight.length === 0) continue;
            const [call] = inFlight.splice(op.call % inFlight.length, 1) as [{ node: Node }];
            const tokens = op.usage.inputTokens + op.usage.outputTokens;
            call.node.own.tokens += tokens;
            call.node.own.cost += op.usage.costUsd;
            call.node.own.steps += op.usage.steps;
            largest = {
              tokens: Math.max(largest.tokens, tokens),
              cost: Math.max(largest.cost, op.usage.costUsd),
              steps: Math.max(largest.steps, op.usage.steps),
            };
            try {
              call.node.meter.record(op.usage);
            } catch {
              // a ceiling was crossed by this call: recorded anyway, and no later call starts
            }
          }
          for (const node of nodes) {
            // Every level carries its whole subtree's spend: one account for the tree.
            const sub = subtreeOwn(node);
            expect(node.meter.spent.totalTokens).toBe(sub.tokens);
            expect(node.meter.spent.steps).toBe(sub.steps);
            expect(node.meter.spent.costUsd).toBeCloseTo(sub.cost, 9);
          }
        }
        for (const node of nodes) {
          const { spent, limits } = node.meter;
          const calls = peak.get(node) ?? 0;
          // Past a ceiling only by the calls that were already running when it was reached.
          if (limits.maxTotalTokens !== undefined)
            expect(spent.totalTokens).toBeLessThanOrEqual(limits.maxTotalTokens + calls * largest.tokens);
          if (limits.maxCostUsd !== undefined)
            expect(spent.costUsd).toBeLessThanOrEqual(limits.maxCostUsd + calls * largest.cost + 1e-9);
          if (limits.maxSteps !== undefined)
            expect(spent.steps).toBeLessThanOrEqual(limits.maxSteps + calls * largest.steps);
        }
        // The root in particular: the children together never get past the parent's ceiling.
        const root = nodes[0] as Node;
        const children = root.children.reduce((sum, child) => sum + child.meter.spent.totalTokens, 0);
        expect(children).toBeLessThanOrEqual(root.meter.spent.totalTokens);
      }),
      { numRuns: 400 },
    );
  });

  it('calls one at a time: the tree stops within one call of the parent ceiling, even with slices larger than the parent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })), { maxLength: 200 }),
        (ceiling, slices, calls) => {
          const parent = new BudgetMeter({ maxTotalTokens: ceiling });
          const children = slices.map((slice) => new SlicedBudgetMeter(parent, { maxTotalTokens: slice }));
          for (const [which, tokens] of calls) {
            const child = children[which % children.length] as SlicedBudgetMeter;
            try {
              child.assertCanSpend();
            } catch {
              continue;
            }
            try {
              child.record({ inputTokens: tokens, outputTokens: 0, costUsd: 0 });
            } catch {
              // crossed
            }
          }
          const total = children.reduce((sum, child) => sum + child.spent.totalTokens, 0);
          expect(total).toBe(parent.spent.totalTokens);
          expect(total).toBeLessThan(ceiling + 40);
          for (const [i, child] of children.entries())
            expect(child.spent.totalTokens).toBeLessThan((slices[i] as number) + 40);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a slice never grants more than the parent has; an even slice splits it', () => {
    expect(clampSlice({ maxCostUsd: 5, maxSteps: 3 }, { maxCostUsd: 1, maxTotalTokens: 100 })).toEqual({
      maxCostUsd: 1,
      maxTotalTokens: 100,
      maxSteps: 3,
    });
    expect(evenSlice({ maxCostUsd: 1, maxTotalTokens: 1000, maxSteps: 24 }, 8)).toEqual({
      maxCostUsd: 0.125,
      maxTotalTokens: 125,
      maxSteps: 3,
    });
    expect(evenSlice({ maxSteps: 3 }, 8)).toEqual({
      maxCostUsd: undefined,
      maxTotalTokens: undefined,
      maxSteps: 1,
    });
  });
});
