// Renders its children once the modules' texts are loaded (suspends until then: the nearest Suspense
// shows its fallback). Around every module page and the dashboard's panels (router.tsx, DashboardPage).
import { type ReactNode, use } from 'react';
import { loadModuleTexts } from './index.ts';

export function ModuleTexts({ children }: { children: ReactNode }) {
  use(loadModuleTexts());
  return <>{children}</>;
}
