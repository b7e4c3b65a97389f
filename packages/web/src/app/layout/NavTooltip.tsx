// The navbar's tooltips (MUI Tooltip and Popper.js): loaded once the browser is idle after the frame
// has painted, so they are not in the signed-in frame's first load (issue 13). Until then the button
// renders alone; it keeps its aria-label either way, so only the hover hint waits.
import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../../lib/idle.ts';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

export function NavTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
