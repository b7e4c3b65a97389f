// What a page about one document (entry, bill, receipt, cheque) shows before it has the document: a
// "not found" note for a malformed id or a 404, a load error, or a skeleton while it loads. Once it
// has `data`, the page draws the document from it.
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { ApiError } from '../lib/api.ts';
import { PageHeader } from './PageHeader.tsx';

export interface DocumentGateProps<T> {
  /** The id from the URL, or null when it is not a valid id. */
  id: number | null;
  /** The document's query (and any other the page needs before drawing). */
  queries: Array<{ error: unknown; isError: boolean }>;
  /** Everything the page draws from; undefined until loaded. */
  data: T | undefined;
  title: string;
  back: ReactNode;
  notFound: string;
  loadFailed: string;
  /** Height of the loading skeleton, roughly the document's. */
  height: number;
  children: (data: T) => ReactNode;
}

export function DocumentGate<T>(props: DocumentGateProps<T>) {
  const [main] = props.queries;
  if (props.id === null || (main?.error instanceof ApiError && main.error.status === 404)) {
    return (
      <>
        <PageHeader title={props.title} actions={props.back} />
        <Alert severity="warning">{props.notFound}</Alert>
      </>
    );
  }
  if (props.data === undefined) {
    return (
      <>
        <PageHeader title={props.title} actions={props.back} />
        {props.queries.some((q) => q.isError) ? <Alert severity="error">{props.loadFailed}</Alert> : <Skeleton variant="rounded" height={props.height} />}
      </>
    );
  }
  return <>{props.children(props.data)}</>;
}
