// Public surface of the party subledger (open items, migration 0036). A module whose document makes a
// party owe or be owed posts its entry, then calls addOpenItems; a settling document (receipt, payment,
// credit note, repayment) adds its own item and calls allocate (by hand or oldest first); cancelling a
// settling document calls cancelOpenItem; any posting that changes a party's balance ends with
// applyPartyCredit. Ageing and statements read openChargesAt / partyAgeing.
export {
  addOpenItems,
  allocate,
  allocatePairs,
  applyPartyCredit,
  cancelOpenItem,
  cancelOpenItems,
  chargeSide,
  getOpenItem,
  openItemOfDocument,
  otherSide,
  unsettledItems,
  type AllocationLine,
  type AllocationPair,
  type AllocationRefusal,
  type ItemSide,
  type NewOpenItem,
  type OpenItem,
  type PartyAccount,
} from './open-items.ts';
export { ageBucket, hasAllocationsAfter, openChargesAt, partyAgeing, subledgerState, type ChargesScope, type PartyAgeingRow } from './ageing.ts';
export { openItems, openItemAllocations } from './open-items.tables.ts';
