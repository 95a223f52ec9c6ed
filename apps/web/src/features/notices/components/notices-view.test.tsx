import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/react';
import type { Notices } from '@plugboard/contract';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { renderWithHosts } from '../../../testing/render-with-hosts';
import { noticeDetailPath, noticeSavePath } from '../api/notices';
import { normaliseLink } from './notice-editor';
import { NoticesView } from './notices-view';

const stored: Notices = {
  display: '<h2>Welcome</h2><p>Charging is <strong>free</strong></p>',
  invoiceFooter: '<p>Depot BV · KvK 123</p>',
  updatedAt: '2026-11-24T10:00:00.000Z',
};

/** The Tiptap editor on the page (ProseMirror's view keeps it on its element). */
const theEditor = () => (document.querySelector('.tiptap') as HTMLElement & { editor: Editor }).editor;

function showEditor(save: Notices = stored) {
  const server = fakeServer({
    [noticeDetailPath]: envelope(200, 'success', stored),
    [noticeSavePath]: envelope(200, 'success', save),
  });
  renderWithHosts(<NoticesView />, '/rich-text-editor');
  return server;
}

describe('the rich-text editor', () => {
  it('opens the stored notice, counts its text against the limit, and saves what was edited', async () => {
    const server = showEditor({
      ...stored,
      display: '<h2>Welcome</h2><p>Charging is <strong>free</strong> today</p>',
    });
    await waitFor(() => expect(document.querySelector('.tiptap h2')?.textContent).toBe('Welcome'));
    expect(screen.getByTestId('notice-length').textContent).toBe('23 / 5,000 characters');
    expect(screen.getByTestId('notice-save')).toHaveProperty('disabled', true);

    act(() => void theEditor().chain().focus('end').insertContent(' today').run());
    await waitFor(() =>
      expect(screen.getByTestId('notice-length').textContent).toBe('29 / 5,000 characters'),
    );
    fireEvent.click(screen.getByTestId('notice-save'));
    await screen.findByText('Saved');
    const body = server.requests.find((r) => r.path === noticeSavePath)?.body;
    expect(body).toEqual({
      stationId: 7,
      display: '<h2>Welcome</h2><p>Charging is <strong>free today</strong></p>',
    });
  });

  it('marks bold and headings from the toolbar', async () => {
    showEditor();
    await waitFor(() => expect(document.querySelector('.tiptap h2')).not.toBeNull());
    act(() => void theEditor().commands.setTextSelection({ from: 2, to: 4 }));
    await waitFor(() =>
      expect(screen.getByTestId('notice-tool-h2').getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.click(screen.getByTestId('notice-tool-bold'));
    expect(theEditor().getHTML()).toContain('<h2>W<strong>el</strong>come</h2>');
    fireEvent.click(screen.getByTestId('notice-tool-h1'));
    expect(theEditor().getHTML()).toContain('<h1>');
  });

  it('refuses to save a text over 5,000 characters and says so', async () => {
    const server = showEditor();
    await waitFor(() => expect(document.querySelector('.tiptap h2')).not.toBeNull());
    act(() => void theEditor().commands.setContent(`<p>${'a'.repeat(5001)}</p>`, { emitUpdate: true }));
    await waitFor(() => expect(screen.getByTestId('notice-length').dataset.length).toBe('5001'));
    expect(screen.getByTestId('notice-length').textContent).toContain('shorten the text');
    expect(screen.getByTestId('notice-save')).toHaveProperty('disabled', true);
    expect(server.requests.some((r) => r.path === noticeSavePath)).toBe(false);
  });

  it('edits the invoice footer on its own tab, and keeps nothing of pasted markup that runs', async () => {
    const server = showEditor();
    fireEvent.click(await screen.findByTestId('notice-kind-invoiceFooter'));
    await waitFor(() => expect(document.querySelector('.tiptap')?.textContent).toBe('Depot BV · KvK 123'));
    act(
      () => void theEditor().commands.insertContent('<p>Pay <img src=x onerror="window.hacked=1"> now</p>'),
    );
    expect(document.querySelector('.tiptap img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    fireEvent.click(screen.getByTestId('notice-save'));
    await screen.findByText('Saved');
    const body = server.requests.find((r) => r.path === noticeSavePath)?.body ?? {};
    expect(Object.keys(body)).toEqual(['invoiceFooter', 'stationId']);
    expect(String(body.invoiceFooter)).not.toContain('img');
  });
});

describe('link targets', () => {
  it('keeps http(s) and mailto, adds https:// or mailto: to a bare address, refuses the rest', () => {
    expect(normaliseLink('example.com/x')).toBe('https://example.com/x');
    expect(normaliseLink('desk@example.com')).toBe('mailto:desk@example.com');
    expect(normaliseLink('http://example.com')).toBe('http://example.com/');
    expect(normaliseLink('javascript:alert(1)')).toBeNull();
    expect(normaliseLink('data:text/html,x')).toBeNull();
    expect(normaliseLink('  ')).toBeNull();
  });
});
