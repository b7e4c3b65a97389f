// Public surface of the requests module: its routes; the fulfilment calls the purchases module makes in its
// document's transaction (an approved request becomes a purchase order or a purchase, and is given back when
// that document is cancelled); the services the demo seed drives.
export { requestsRoutes } from './requests.routes.ts';
export { checkRequestFulfillable, fulfilRequest, releaseRequest, type RequestOutcome } from './request-fulfilment.ts';
export { createRequest, submitRequest, updateRequest } from './request-drafts.ts';
export { approveRequest, firstApproveRequest, rejectRequest } from './request-approvals.ts';
export { getRequest } from './requests-common.ts';
export { cancelRequestPayment, payRequest } from './request-payments.ts';
export { requestsBell } from './requests-bell.ts';
