// What the vendor services share: the source types their journal entries carry, the payable account a
// vendor's items live on, and the field error shape.
import type { Db } from '../../db/client.ts';
import { systemAccountId } from '../../ledger/index.ts';
import { AppError, type FieldError } from '../../plugins/errors.ts';
import type { PartyAccount } from '../open-items/index.ts';

export const VENDOR_OPENING_SOURCE_TYPE = 'vendor-opening';
export const VENDOR_PAYMENT_SOURCE_TYPE = 'vendor-payment';
/** The open item kinds this module writes. */
export const OPENING_KIND = 'opening';
export const VENDOR_PAYMENT_KIND = 'vendor-payment';

export const validationError = (details: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', details);

export const payableAccountId = (tx: Db, clientId: number) => systemAccountId(tx, clientId, 'payable');

export const vendorParty = (vendorId: number, payableId: number): PartyAccount => ({ partyType: 'vendor', partyId: vendorId, accountId: payableId });
