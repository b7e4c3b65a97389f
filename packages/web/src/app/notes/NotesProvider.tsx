// After sign-in: fetch the notes, ask each one's view count, drop those already seen often enough
// (1/2/3 views) and admin notes for other users, and show the rest in one NoteViewer. The navbar's
// notification menu can open any note again through useNotes(); its bell counts the notes never
// viewed (unreadCount), which drops as the viewer shows them.
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shellKeys } from '../../lib/queryKeys.ts';
import { useSession } from '../session.tsx';
import { fetchNotes, fetchViewCount } from './notes.api.ts';
import { isForUser, type Note, shouldShow, unreadCount } from './notes.logic.ts';

// Shown only when there are notes: its own chunk.
const NoteViewer = lazy(() => import('./NoteViewer.tsx').then((m) => ({ default: m.NoteViewer })));

interface NotesValue {
  /** The notes meant for this user (admin notes only for administrators). */
  notes: Note[];
  /** Notes for this user never viewed: the bell's count (0 shows no badge). */
  unread: number;
  isLoading: boolean;
  show: (notes: Note[]) => void;
}

const NotesContext = createContext<NotesValue>({ notes: [], unread: 0, isLoading: false, show: () => {} });

export function NotesProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [showing, setShowing] = useState<Note[] | null>(null);
  const checked = useRef(false);
  const [viewCounts, setViewCounts] = useState<ReadonlyMap<number, number | null>>(new Map());
  const [viewedNow, setViewedNow] = useState<ReadonlySet<number>>(new Set());
  const markViewed = useCallback((id: number) => setViewedNow((s) => (s.has(id) ? s : new Set([...s, id]))), []);
  const query = useQuery({
    queryKey: shellKeys.notes,
    queryFn: ({ signal }) => fetchNotes(signal),
    enabled: Boolean(user) && !user?.mustChangePassword,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const isAdmin = user?.isAdmin ?? false;
  const notes = useMemo(() => (query.data ?? []).filter((n) => isForUser(n, isAdmin)), [query.data, isAdmin]);

  useEffect(() => {
    if (checked.current || !query.data) return;
    checked.current = true;
    void (async () => {
      const counts = await Promise.all(notes.map((n) => fetchViewCount(n.id).catch(() => null)));
      setViewCounts(new Map(notes.map((n, i) => [n.id, counts[i]])));
      const due = notes.filter((n, i) => counts[i] !== null && shouldShow(n, counts[i] as number, isAdmin));
      if (due.length > 0) setShowing(due);
    })();
  }, [query.data, notes, isAdmin]);

  const unread = unreadCount(notes, viewCounts, viewedNow);
  const value = useMemo<NotesValue>(() => ({ notes, unread, isLoading: query.isPending, show: setShowing }), [notes, unread, query.isPending]);

  return (
    <NotesContext.Provider value={value}>
      {children}
      {showing && showing.length > 0 && (
        <Suspense fallback={null}>
          <NoteViewer key={showing.map((n) => n.id).join(',')} notes={showing} onClose={() => setShowing(null)} onViewed={markViewed} />
        </Suspense>
      )}
    </NotesContext.Provider>
  );
}

export function useNotes(): NotesValue {
  return useContext(NotesContext);
}
