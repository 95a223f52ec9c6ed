import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SafeHtml, safeHref } from './safe-html';

afterEach(() => vi.restoreAllMocks());

describe('SafeHtml', () => {
  it('renders the allow-list’s tags, with links opening apart', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<h2>Hello</h2><p>Charging is <strong>free</strong>, <a href="https://example.com/x">see</a></p><ul><li>One</li></ul>'
        }
      />,
    );
    expect(container.innerHTML).toBe(
      '<h2>Hello</h2><p>Charging is <strong>free</strong>, <a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">see</a></p><ul><li>One</li></ul>',
    );
  });

  it('renders nothing that runs: no handler, script, image or javascript: link', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { container } = render(
      <SafeHtml
        html={
          '<p onclick="alert(1)" style="color:red">Hi<img src=x onerror=alert(1)><script>alert(2)</script></p>' +
          '<a href="javascript:alert(3)">bad</a><a href=" JaVaScRiPt:alert(4)">bad2</a><iframe src="https://x"></iframe>'
        }
      />,
    );
    expect(container.innerHTML).toBe('<p>Hi</p>badbad2');
    expect(alert).not.toHaveBeenCalled();
  });

  it('keeps escaped markup as text', () => {
    const { container } = render(<SafeHtml html={'<p>&lt;img src=x onerror=alert(1)&gt;</p>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('accepts http(s) and mailto targets only', () => {
    expect(safeHref('mailto:desk@example.com')).toBe('mailto:desk@example.com');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
