import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, Trans, useTranslation } from './i18n';

function Greeting() {
  const { t, i18n } = useTranslation();
  return (
    <p data-testid="greeting" lang={i18n.language}>
      {t('language.title')}
    </p>
  );
}

describe('useTranslation', () => {
  it('re-renders in the new language once it is chosen', async () => {
    render(<Greeting />);
    expect(screen.getByTestId('greeting').textContent).toBe('Language');
    await act(() => changeLanguage('de_DE'));
    expect(screen.getByTestId('greeting').textContent).toBe('Sprache');
    expect(screen.getByTestId('greeting').getAttribute('lang')).toBe('de_DE');
  });
});

describe('Trans', () => {
  it("renders each tag of the message as the element given for it, with the tag's text inside", () => {
    render(
      <p data-testid="terms">
        <Trans
          i18nKey="auth.register.terms"
          components={{ agreement: <a href="/terms" />, privacy: <em /> }}
        />
      </p>,
    );
    const terms = screen.getByTestId('terms');
    expect(terms.textContent).toBe('I have read and agree to the User Agreement and the Privacy Policy');
    expect(terms.querySelector('a')?.textContent).toBe('User Agreement');
    expect(terms.querySelector('a')?.getAttribute('href')).toBe('/terms');
    expect(terms.querySelector('em')?.textContent).toBe('Privacy Policy');
  });
});
