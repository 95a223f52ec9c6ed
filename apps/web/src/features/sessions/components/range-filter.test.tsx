import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { languages, startAfterEndMessage } from '@plugboard/contract';
import { changeLanguage } from '../../../lib/i18n';
import { RangeFilter } from './range-filter';

type Locale = { sessions: { filters: { startAfterEnd: string } } };
const locales = import.meta.glob<Locale>('../../../locales/*.json', { eager: true, import: 'default' });
const messageIn = (language: string) =>
  locales[`../../../locales/${language}.json`]?.sessions.filters.startAfterEnd;

describe('start time range check', () => {
  it('says in English exactly what the server says (the contract message)', () => {
    expect(messageIn('en_US')).toBe(startAfterEndMessage);
  });

  it.each(languages)('refuses an end before the start in %s, before any call', async (language) => {
    await act(() => changeLanguage(language));
    const onApply = vi.fn();
    render(<RangeFilter applied={{ from: '', to: '' }} onApply={onApply} />);
    fireEvent.change(screen.getByTestId('session-filter-from'), { target: { value: '2025-03-02T10:00' } });
    fireEvent.change(screen.getByTestId('session-filter-to'), { target: { value: '2025-03-02T09:59' } });

    const message = screen.getByTestId('session-filter-to-message').textContent;
    expect(message).toBe(messageIn(language));
    if (language !== 'en_US') expect(message).not.toBe(startAfterEndMessage);
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenLastCalledWith({ from: '2025-03-02T10:00', to: '' });
  });

  it('keeps an end typed while the applied start is still on its way to the URL', () => {
    const onApply = vi.fn();
    const view = render(<RangeFilter applied={{ from: '', to: '' }} onApply={onApply} />);
    fireEvent.change(screen.getByTestId('session-filter-from'), { target: { value: '2025-03-02T10:00' } });
    fireEvent.change(screen.getByTestId('session-filter-to'), { target: { value: '2025-03-01T10:00' } });
    // The URL catches up with the start only now.
    view.rerender(<RangeFilter applied={{ from: '2025-03-02T10:00', to: '' }} onApply={onApply} />);
    expect(screen.getByTestId<HTMLInputElement>('session-filter-to').value).toBe('2025-03-01T10:00');
    expect(screen.getByTestId('session-filter-to-message').textContent).toBe(startAfterEndMessage);
  });

  it('follows a range changed elsewhere (back button, clear)', () => {
    const view = render(<RangeFilter applied={{ from: '2025-03-02T10:00', to: '' }} onApply={() => {}} />);
    view.rerender(<RangeFilter applied={{ from: '', to: '' }} onApply={() => {}} />);
    expect(screen.getByTestId<HTMLInputElement>('session-filter-from').value).toBe('');
  });
});

describe("the site's time zone", () => {
  it('names the zone, and a shortcut gives whole days in it', async () => {
    await act(() => changeLanguage('en_US'));
    vi.useFakeTimers({ now: new Date('2026-11-15T12:00:00Z'), toFake: ['Date'] });
    try {
      const onApply = vi.fn();
      render(<RangeFilter applied={{ from: '', to: '' }} onApply={onApply} timeZone="Asia/Tokyo" />);
      expect(screen.getByTestId('session-time-zone').textContent).toBe(
        "Times in Asia/Tokyo (the site's time zone)",
      );
      fireEvent.click(screen.getByTestId('session-period-lastMonth'));
      expect(onApply).toHaveBeenLastCalledWith({ from: '2026-10-01T00:00', to: '2026-10-31T23:59' });
    } finally {
      vi.useRealTimers();
    }
  });
});
