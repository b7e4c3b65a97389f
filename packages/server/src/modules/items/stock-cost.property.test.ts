// The moving average over random sequences of moves in and out: quantities never go below zero, the
// stock's value is always the sum of its moves' values (nothing is created or lost in rounding), never
// negative, and exactly zero whenever nothing is on hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../ledger/index.ts';
import { costMove, emptyPosition } from './stock-cost.ts';

const quantity = fc.integer({ min: 1, max: 500_000 }).map((n) => new Decimal(n).dividedBy(1000));
const cost = fc.integer({ min: 0, max: 10_000_000 }).map((n) => new Decimal(n).dividedBy(100));
const move = fc.oneof(fc.record({ in: fc.constant(true), quantity, value: cost }), fc.record({ in: fc.constant(false), quantity, value: fc.constant(null) }));

describe('moving weighted average cost', () => {
  it('keeps value = sum of moves, never negative, zero with nothing on hand, and refuses going below zero', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 60 }), (moves) => {
        let position = emptyPosition();
        let sum = new Decimal(0);
        for (const m of moves) {
          const result = costMove(position, m.in ? m.quantity : m.quantity.negated(), m.value, false);
          if (!result.ok) {
            expect(m.in).toBe(false);
            expect(m.quantity.greaterThan(position.quantity)).toBe(true);
            continue;
          }
          sum = sum.plus(result.move.value);
          position = result.move.after;
          expect(position.quantity.isNegative()).toBe(false);
          expect(position.value.isNegative()).toBe(false);
          expect(position.value.equals(sum)).toBe(true);
          if (position.quantity.isZero()) expect(position.value.isZero()).toBe(true);
          expect(result.move.value.decimalPlaces()).toBeLessThanOrEqual(2);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('undoing a move in at its own value gives back the position before it, or refuses', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 20 }), quantity, cost, (moves, q, v) => {
        let position = emptyPosition();
        for (const m of moves) {
          const r = costMove(position, m.in ? m.quantity : m.quantity.negated(), m.value, false);
          if (r.ok) position = r.move.after;
        }
        const inMove = costMove(position, q, v, false);
        if (!inMove.ok) throw new Error('a move in is never refused');
        const undo = costMove(inMove.move.after, q.negated(), v, false);
        if (undo.ok) {
          expect(undo.move.after.quantity.equals(position.quantity)).toBe(true);
          expect(undo.move.after.value.equals(position.value)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
