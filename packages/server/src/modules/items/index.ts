// Public surface of the items module: the item register and the one writer of stock, for the documents
// of other modules that move stock (purchases, sales, returns, counts).
export { items, stockBalances, stockMoves } from './items.tables.ts';
export { getItem } from './list-items.ts';
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
