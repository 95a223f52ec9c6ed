import { describe, expect, it } from 'vitest';
import { formatMessage, hasMessage, splitTags, type Messages } from './translate';

const catalogues = new Map<string, Messages>([
  [
    'en_US',
    {
      shell: { hello: 'Hello {{name}}', onlyEnglish: 'Only in English', version: 'Version {{ version }}' },
      cards: { count_zero: 'No cards', count_one: '{{count}} card', count_other: '{{count}} cards' },
      sites: { count_one: 'One site', count_other: '{{count}} sites' },
    },
  ],
  [
    'fr_FR',
    {
      shell: { hello: 'Bonjour {{name}}' },
      sites: { count_one: '{{count}} site', count_other: '{{count}} sites' },
    },
  ],
]);
const english = ['en_US'];
const french = ['fr_FR', 'en_US'];

describe('messages', () => {
  it('puts values into their placeholders, spaces inside the braces allowed', () => {
    expect(formatMessage(catalogues, english, 'shell.hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(formatMessage(catalogues, english, 'shell.version', { version: '1.8.5' })).toBe('Version 1.8.5');
  });

  it('leaves a placeholder without a value as it is, and shows nothing for an empty value', () => {
    expect(formatMessage(catalogues, english, 'shell.hello')).toBe('Hello {{name}}');
    expect(formatMessage(catalogues, english, 'shell.hello', {})).toBe('Hello {{name}}');
    expect(formatMessage(catalogues, english, 'shell.hello', { name: null })).toBe('Hello ');
  });

  it('does not escape markup (React escapes what it renders)', () => {
    expect(formatMessage(catalogues, english, 'shell.hello', { name: '<b>&' })).toBe('Hello <b>&');
  });

  it("falls back to en_US's message, then to the key", () => {
    expect(formatMessage(catalogues, french, 'shell.hello', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(formatMessage(catalogues, french, 'shell.onlyEnglish')).toBe('Only in English');
    expect(formatMessage(catalogues, french, 'shell.missing')).toBe('shell.missing');
    expect(formatMessage(catalogues, french, 'shell')).toBe('shell');
  });

  it("picks the plural by the language's rules, with a message of its own for zero when there is one", () => {
    expect(formatMessage(catalogues, english, 'cards.count', { count: 0 })).toBe('No cards');
    expect(formatMessage(catalogues, english, 'cards.count', { count: 1 })).toBe('1 card');
    expect(formatMessage(catalogues, english, 'cards.count', { count: 2 })).toBe('2 cards');
    expect(formatMessage(catalogues, english, 'sites.count', { count: 0 })).toBe('0 sites');
    // French counts 0 as singular.
    expect(formatMessage(catalogues, french, 'sites.count', { count: 0 })).toBe('0 site');
    expect(formatMessage(catalogues, french, 'cards.count', { count: 3 })).toBe('3 cards');
  });

  it('knows which keys have a message in the language or in en_US', () => {
    expect(hasMessage(catalogues, french, 'shell.onlyEnglish')).toBe(true);
    expect(hasMessage(catalogues, french, 'shell.missing')).toBe(false);
  });
});

describe('tags in a message', () => {
  it('splits text and tagged parts, self-closing tags included', () => {
    expect(splitTags('Read the <terms>terms</terms> and <privacy>policy</privacy>.<br/>Thanks')).toEqual([
      'Read the ',
      { tag: 'terms', text: 'terms' },
      ' and ',
      { tag: 'privacy', text: 'policy' },
      '.',
      { tag: 'br', text: undefined },
      'Thanks',
    ]);
    expect(splitTags('No tags')).toEqual(['No tags']);
  });
});
