// Public surface of the items module: the item register and the one writer of stock, for the documents
// of other modules that move stock (purchases, sales, returns, counts).
export { items, stockBalances, stockMoves } from './items.tables.ts';
export { getItem } from './list-items.ts';
// The demo seed builds its store through the same services the routes call.
export { createItem } from './save-item.ts';
export { createStockAdjustment } from './stock-adjustments.ts';
export {
  planStockMoves,
  writeStockMoves,
  lockStockBalances,
  allowsNegativeStock,
  type StockMoveRequest,
  type StockMoveKind,
  type StockPlan,
  type PlannedMove,
} from './stock-moves.ts';
export { costMove, emptyPosition, type StockPosition, type CostResult } from './stock-cost.ts';
export { verifyStock, type StockReport } from './verify-stock.ts';
