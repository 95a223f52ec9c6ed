import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChunkLoadError } from '../../lib/chunk-load';
import { ErrorFallback } from './error-fallback';

describe('error fallback', () => {
  it('tells the user the app was updated when a screen chunk no longer loads', () => {
    render(
      <ErrorFallback error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'The app has been updated. Refresh the page to get the latest content.',
    );
    expect(screen.getByTestId('error-fallback-refresh').textContent).toBe('Refresh');
  });

  it('treats a chunk time-out the same way', () => {
    render(<ErrorFallback error={new ChunkLoadError('timed out')} />);
    expect(screen.getByTestId('error-fallback').dataset.errorKind).toBe('chunk');
  });

  it('says something went wrong for any other failure', () => {
    render(<ErrorFallback error={new Error('boom')} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Something went wrong. Refresh the page and try again.',
    );
    expect(screen.getByRole('alert').textContent).not.toContain('boom');
  });
});
