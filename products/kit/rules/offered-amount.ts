/** The bounds a step's schema puts on an amount (`minimum`, `maximum`, `multipleOf`). */
interface AmountBounds {
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
}

/**
 * Whether `amount` is one the step's schema offers. A flow prices only such an amount: a total shown
 * for a sum that cannot be bought (typed past the maximum, between two steps) reads as a quote, while
 * the form refuses it beside the field.
 */
export function isOfferedAmount(amount: unknown, bounds: AmountBounds): amount is number {
  return (
    typeof amount === 'number'
    && Number.isInteger(amount)
    && (bounds.minimum === undefined || amount >= bounds.minimum)
    && (bounds.maximum === undefined || amount <= bounds.maximum)
    && (bounds.multipleOf === undefined || amount % bounds.multipleOf === 0)
  );
}
