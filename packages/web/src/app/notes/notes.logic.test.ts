import { describe, expect, it } from 'vitest';
import { shouldShow, unreadCount, videoEmbedUrl } from './notes.logic.ts';

describe('note visibility', () => {
  it('hides a note after 1, 2 or 3 views', () => {
    expect(shouldShow({ target: 'other', repetition: 'one_time' }, 0, false)).toBe(true);
    expect(shouldShow({ target: 'other', repetition: 'one_time' }, 1, false)).toBe(false);
    expect(shouldShow({ target: 'other', repetition: 'two_times' }, 1, false)).toBe(true);
    expect(shouldShow({ target: 'other', repetition: 'two_times' }, 2, false)).toBe(false);
    expect(shouldShow({ target: 'other', repetition: 'three_times' }, 2, false)).toBe(true);
    expect(shouldShow({ target: 'other', repetition: 'three_times' }, 3, false)).toBe(false);
  });

  it('shows admin notes to administrators only', () => {
    expect(shouldShow({ target: 'admin', repetition: 'one_time' }, 0, false)).toBe(false);
    expect(shouldShow({ target: 'admin', repetition: 'one_time' }, 0, true)).toBe(true);
  });
});

describe('video embed', () => {
  it('embeds YouTube and Vimeo over https', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('refuses anything else', () => {
    expect(videoEmbedUrl('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('https://youtube.com.evil.example/embed/dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toBeNull();
    expect(videoEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(videoEmbedUrl('')).toBeNull();
    expect(videoEmbedUrl(null)).toBeNull();
  });
});

describe('unreadCount (the navbar bell)', () => {
  it('counts only notes never viewed and not shown since; an unknown count is not guessed', () => {
    const notes = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const counts = new Map<number, number | null>([
      [1, 0],
      [2, 0],
      [3, 2],
      [4, null],
    ]);
    expect(unreadCount(notes, counts, new Set())).toBe(2);
    expect(unreadCount(notes, counts, new Set([1]))).toBe(1);
    expect(unreadCount(notes, new Map(), new Set())).toBe(0);
    expect(unreadCount([], counts, new Set())).toBe(0);
  });
});
