// The popup-note dialog of spec sections 4 and 9: one 700 px dialog without backdrop. It is not modal:
// the page behind stays visible, usable and readable by assistive technology (a MUI Dialog would
// hide it with aria-hidden), so it is a fixed, focused role="dialog" panel that Escape closes. The
// notes show as slides with previous / next, indicator dots and a close button. The
// last slide shows Confirm for a required note and Close for an optional one; either ends the dialog.
// Each slide shown is recorded once as a 'view', Confirm as a 'click'; feedback answers are sent
// when the user leaves the slide.
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Fade from '@mui/material/Fade';
import Paper from '@mui/material/Paper';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { actionState } from '../../lib/api.ts';
import { type Note, videoEmbedUrl } from './notes.logic.ts';
import { recordActivity, sendFeedback } from './notes.api.ts';

export const NOTE_DIALOG_WIDTH = 700;

export interface NoteViewerProps {
  notes: Note[];
  onClose: () => void;
  /** A note was shown (its view recorded): the navbar's unread count drops. */
  onViewed?: (noteId: number) => void;
}

type Answers = Record<number, Record<string, string>>;

export function NoteViewer({ notes, onClose, onViewed }: NoteViewerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const sent = useRef<Record<string, string>>({});
  const viewed = useRef(new Set<number>());
  const busy = useSyncExternalStore(actionState.subscribe, actionState.get);
  const panel = useRef<HTMLDivElement>(null);
  const note = notes[index];
  const last = index === notes.length - 1;

  useEffect(() => {
    panel.current?.focus();
  }, []);

  useEffect(() => {
    if (note && !viewed.current.has(note.id)) {
      viewed.current.add(note.id);
      void recordActivity(note.id, 'view');
      onViewed?.(note.id);
    }
  }, [note, onViewed]);

  if (!note) return null;
  const embed = videoEmbedUrl(note.video_iframe);
  const questions = note.feedback ?? [];

  const answerOf = (qid: string | number) => answers[note.id]?.[String(qid)] ?? questions.find((q) => String(q.id) === String(qid))?.answer ?? '';

  /** Sends this slide's new answers one after another (one action at a time). */
  const flush = async () => {
    for (const q of questions) {
      const value = (answers[note.id]?.[String(q.id)] ?? '').trim();
      const key = `${note.id}:${q.id}`;
      if (!value || sent.current[key] === value) continue;
      await sendFeedback(note.id, q.id, value);
      sent.current[key] = value;
    }
  };

  const go = async (next: number) => {
    try {
      await flush();
      setIndex(next);
    } catch {
      // The interceptor showed the error; stay on this slide so the answer is not lost.
    }
  };

  const finish = async (confirm: boolean) => {
    try {
      await flush();
    } catch {
      return;
    }
    if (confirm) void recordActivity(note.id, 'click');
    onClose();
  };

  return (
    <Fade in appear>
      <Paper
        ref={panel}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        tabIndex={-1}
        elevation={24}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            void finish(false);
          }
        }}
        sx={{
          position: 'fixed',
          top: '50%',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          zIndex: (theme) => theme.zIndex.modal,
          width: NOTE_DIALOG_WIDTH,
          maxWidth: 'calc(100% - 32px)',
          maxHeight: 'calc(100% - 32px)',
          display: 'flex',
          flexDirection: 'column',
          outline: 'none',
        }}
      >
        <Box sx={{ position: 'relative', px: 3, pt: 2, pb: 1.5, pr: 7 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {note.title}
          </Typography>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {t('notes.counter', { n: index + 1, total: notes.length })}
          </Typography>
          <IconButton aria-label={t('common.close')} onClick={() => void finish(false)} sx={{ position: 'absolute', right: 12, top: 12 }}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <Box sx={{ px: 3, py: 2, overflowY: 'auto' }}>
          {note.type === 'required' && <Chip size="small" color="warning" label={t('notes.required')} sx={{ mb: 1.5 }} />}
          <Typography sx={{ whiteSpace: 'pre-line' }}>{note.message}</Typography>
          {embed && (
            <Box sx={{ mt: 2, position: 'relative', width: '100%', aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'black' }}>
              <Box
                component="iframe"
                src={embed}
                title={t('notes.video', { title: note.title })}
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
              />
            </Box>
          )}
          {questions.length > 0 && (
            <Stack spacing={2} sx={{ mt: 2.5 }}>
              {questions.map((q) => (
                <TextField
                  key={String(q.id)}
                  label={q.question}
                  placeholder={t('notes.answer')}
                  multiline
                  minRows={2}
                  value={answerOf(q.id)}
                  onChange={(e) => setAnswers((a) => ({ ...a, [note.id]: { ...a[note.id], [String(q.id)]: e.target.value } }))}
                  slotProps={{ htmlInput: { maxLength: 2000 } }}
                />
              ))}
            </Stack>
          )}
        </Box>
        <Divider />
        <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
          <Button startIcon={<ChevronLeft />} onClick={() => void go(index - 1)} disabled={index === 0 || busy}>
            {t('common.previous')}
          </Button>
          {notes.length > 1 && (
            <Stack direction="row" spacing={0.5} role="group" aria-label={t('notes.dialogLabel')}>
              {notes.map((n, i) => (
                <IconButton
                  key={n.id}
                  size="small"
                  aria-label={t('notes.goTo', { n: i + 1 })}
                  aria-current={i === index ? 'step' : undefined}
                  onClick={() => void go(i)}
                  disabled={busy}
                  sx={{ p: 0.5 }}
                >
                  <Box
                    component="span"
                    sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: i === index ? 'primary.main' : 'action.disabled', display: 'block' }}
                  />
                </IconButton>
              ))}
            </Stack>
          )}
          {!last && (
            <Button endIcon={<ChevronRight />} onClick={() => void go(index + 1)} disabled={busy}>
              {t('common.next')}
            </Button>
          )}
          {last && note.type === 'required' && (
            <Button variant="contained" onClick={() => void finish(true)} disabled={busy}>
              {t('common.confirm')}
            </Button>
          )}
          {last && note.type !== 'required' && (
            <Button variant="contained" onClick={() => void finish(false)} disabled={busy}>
              {t('common.close')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Fade>
  );
}
