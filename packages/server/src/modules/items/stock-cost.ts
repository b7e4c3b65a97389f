// The moving weighted average, exact: what one move of an item at a branch is worth at cost, and the
// stock after it. Pure (no database), so the writer, the property tests and the bench share it.
//
// * Into stock: at the value the document gives (a purchase at its price, opening stock at its cost, a
//   return at the cost its sale left with). Average after = value / quantity.
// * Out of stock: the whole quantity on hand takes the whole value (no cent is left behind); part of it
//   takes value x part / quantity, rounded to the cent (half even), so the value left is exact too.
//   A move that names its own value (a return to a vendor at the price it came in at) takes that.
// * Below zero only where the organisation allows it: what is not on hand goes out at the last average.
import { Decimal, dec } from '../../ledger/index.ts';

export interface StockPosition {
  quantity: Decimal;
  value: Decimal;
  /** The average while stock was last above zero. */
  lastUnitCost: Decimal;
}

export interface CostedMove {
  /** Signed like the quantity, two decimals. */
  value: Decimal;
  /** |value| / |quantity|, six decimals. */
  unitCost: Decimal;
  after: StockPosition;
}

/**
 * A refusal: not enough on hand ('quantity'), or a move out at a value of its own that would leave the
 * stock's value below zero or a value with nothing on hand ('value': the stock has moved since the
 * document being undone, which then cannot be undone exactly).
 */
export type CostResult = { ok: true; move: CostedMove } | { ok: false; reason: 'quantity' | 'value'; onHand: Decimal };

export const emptyPosition = (): StockPosition => ({ quantity: new Decimal(0), value: new Decimal(0), lastUnitCost: new Decimal(0) });

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
const sixPlaces = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN);

/**
 * Costs one move. `quantity` is signed (+ in, - out). `value` is required into stock (>= 0) and optional
 * out of it (a positive amount: the cost it leaves at). Refuses a move out beyond what is on hand unless
 * `allowNegative`.
 */
export function costMove(position: StockPosition, quantity: string | Decimal, value: string | Decimal | null | undefined, allowNegative: boolean): CostResult {
  const q = dec(quantity);
  if (q.isZero()) throw new Error('costMove: a move has a quantity');
  let moveValue: Decimal;
  if (q.greaterThan(0)) {
    if (value === null || value === undefined) throw new Error('costMove: a move into stock has a value');
    moveValue = cents(dec(value));
  } else {
    const out = q.negated();
    const onHand = position.quantity;
    if (out.greaterThan(onHand) && !allowNegative) return { ok: false, reason: 'quantity', onHand };
    if (value !== null && value !== undefined) moveValue = cents(dec(value)).negated();
    else if (out.equals(onHand)) moveValue = position.value.negated();
    else if (onHand.greaterThan(0) && out.lessThan(onHand)) moveValue = cents(position.value.times(out).dividedBy(onHand)).negated();
    else {
      // Beyond what is on hand (allowed): what is there at its value, the rest at the last average.
      const fromStock = onHand.greaterThan(0) ? position.value : new Decimal(0);
      const rest = onHand.greaterThan(0) ? out.minus(onHand) : out;
      moveValue = fromStock.plus(cents(rest.times(position.lastUnitCost))).negated();
    }
    // After a spell below zero (allowed), goods received at a lower cost can leave a quantity on hand
    // with a value at or below zero; their share of it would go out at a positive value. They go out at
    // nothing instead (the moves' sum stays the stock's value, so the books still agree). Revaluing the
    // stock when it crosses zero is the real cure (see the closing note of session 14).
    if (moveValue.isPositive()) moveValue = new Decimal(0);
  }
  const afterQuantity = position.quantity.plus(q);
  const afterValue = position.value.plus(moveValue);
  const ownValueOut = q.isNegative() && value !== null && value !== undefined;
  if (ownValueOut && (afterValue.isNegative() || (afterQuantity.isZero() && !afterValue.isZero()))) {
    return { ok: false, reason: 'value', onHand: position.quantity };
  }
  const lastUnitCost = afterQuantity.greaterThan(0) ? sixPlaces(afterValue.dividedBy(afterQuantity)) : position.lastUnitCost;
  return {
    ok: true,
    move: {
      value: moveValue,
      unitCost: sixPlaces(moveValue.abs().dividedBy(q.abs())),
      after: { quantity: afterQuantity, value: afterValue, lastUnitCost: lastUnitCost.isNegative() ? new Decimal(0) : lastUnitCost },
    },
  };
}
