import { describe, expect, it } from 'vitest';
import type { Translate } from './i18n/catalogue';
import { translateSchemaMessage } from './schema-message';

type Key = 'validation.name' | 'validation.maxLength';
const t = Object.assign((key: Key, values?: Record<string, unknown>) => `${key}${values ? ` ${JSON.stringify(values)}` : ''}`, {
  rich: () => null,
}) as Translate<Key>;
const keys: Record<string, Key> = { 'Name is required': 'validation.name' };

describe('translateSchemaMessage', () => {
  it('says a known message by its key', () => {
    expect(translateSchemaMessage(t, 'Name is required', keys, 'validation.maxLength')).toBe('validation.name');
  });

  it('says a length limit with its rule’s number, never one read back from the English', () => {
    expect(translateSchemaMessage(t, 'Must be at most 200 characters', keys, 'validation.maxLength', { maxLength: 200 })).toBe('validation.maxLength {"max":200}');
    expect(translateSchemaMessage(t, 'Must be at most 200 characters', keys, 'validation.maxLength')).toBe('Must be at most 200 characters');
  });

  it('leaves a message it does not know as worded', () => {
    expect(translateSchemaMessage(t, 'Something else', keys, 'validation.maxLength')).toBe('Something else');
  });
});
