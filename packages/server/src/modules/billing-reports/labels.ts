// Names of payment methods, customer classes, statuses and statement line kinds in the caller's language
// (contracts/billing-reports/messages.ts holds the texts).
import { type Lang, translate } from '@ubo/contracts';

export const methodName = (method: string, lang: Lang) => translate(`billingReports.method.${method}`, lang);
export const className = (customerClass: string, lang: Lang) => translate(`billingReports.class.${customerClass}`, lang);
export const statusName = (status: string, lang: Lang) => translate(`billingReports.customerStatus.${status}`, lang);
export const kindName = (kind: string, lang: Lang) => translate(`billingReports.kind.${kind}`, lang);
