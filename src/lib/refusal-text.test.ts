import { describe, expect, it } from 'vitest';
import { refusalText } from './refusal-text';

describe('refusalText', () => {
  it('words a refused move as the database did', () => {
    expect(refusalText({ code: '23514', message: 'Validation failed', details: JSON.stringify([{ field: 'status', message: 'A delivery that is delivered cannot become failed' }]) })).toBe(
      'A delivery that is delivered cannot become failed',
    );
    expect(refusalText({ code: '42501', message: 'Only admins and dispatchers can cancel a delivery', details: null })).toBe('Only admins and dispatchers can cancel a delivery');
    expect(refusalText(null)).toBe('Something went wrong!');
  });

  it('joins several details with the separator asked for', () => {
    const error = { code: '23514', message: 'Validation failed', details: JSON.stringify([{ field: 'a', message: 'One' }, { field: 'b', message: 'Two' }]) };
    expect(refusalText(error)).toBe('One; Two');
    expect(refusalText(error, '\n')).toBe('One\nTwo');
  });

  describe('keyed refusals', () => {
    const spanish: Record<string, string> = { 'chat.message_empty': 'Escriba un mensaje', 'quote.no_price': 'No hay precio para {service}' };
    const translate = (key: string, params?: Record<string, unknown>) => spanish[key]?.replace('{service}', String(params?.service));

    it('shows a known key in the user\'s language, with its params', () => {
      const error = {
        code: '23514',
        message: 'Validation failed',
        details: JSON.stringify([
          { field: 'content', key: 'chat.message_empty', message: 'Write a message' },
          { field: 'route', key: 'quote.no_price', message: 'No active price for Same Day', params: { service: 'Same Day' } },
        ]),
      };
      expect(refusalText(error, '; ', translate)).toBe('Escriba un mensaje; No hay precio para Same Day');
    });

    it('falls back to the server\'s English for an unknown or absent key, and without a translator', () => {
      const error = { code: '23514', message: 'Validation failed', details: JSON.stringify([{ field: 'a', key: 'chat.newer_rule', message: 'A newer rule' }, { field: 'b', message: 'No key' }]) };
      expect(refusalText(error, '; ', translate)).toBe('A newer rule; No key');
      expect(refusalText({ details: JSON.stringify([{ key: 'chat.message_empty', message: 'Write a message' }]) })).toBe('Write a message');
    });

    it('reads an edge function error: its details as an array, else its own key', () => {
      expect(refusalText({ message: 'Validation failed', details: [{ field: 'content', key: 'chat.message_empty', message: 'Write a message' }] }, '; ', translate)).toBe('Escriba un mensaje');
      expect(refusalText({ message: 'Write a message', key: 'chat.message_empty' }, '; ', translate)).toBe('Escriba un mensaje');
      expect(refusalText({ message: 'Something new', key: 'x.unknown' }, '; ', translate)).toBe('Something new');
    });
  });
});
