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
});
