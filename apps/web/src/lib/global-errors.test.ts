import { describe, expect, it } from 'vitest';
import { silenceUnhandledRejections } from './global-errors';

describe('unhandled promise rejections', () => {
  it('are swallowed without a message', () => {
    const stop = silenceUnhandledRejections();
    const event = new Event('unhandledrejection', { cancelable: true });
    window.dispatchEvent(event);
    stop();
    expect(event.defaultPrevented).toBe(true);
    expect(document.querySelector('[data-testid="toast"]')).toBeNull();
  });
});
