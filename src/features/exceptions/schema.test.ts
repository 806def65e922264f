import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/catalogue';
import { exceptionMessages } from './messages';
import { EXCEPTION_MESSAGES, ExceptionFormSchema, toExceptionWrite, type ExceptionFormInput } from './schema';

const valid = (): ExceptionFormInput => ({
  delivery_id: '7b4a4c8e-3c56-4f0e-9d59-0d9b7b0e2a11',
  type: 'damaged',
  severity: 'high',
  description: 'Carton crushed',
  photos: [],
  assigned_to: null,
});

function messages(input: ExceptionFormInput): Record<string, string> {
  const result = ExceptionFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ExceptionFormSchema (the words of private.exception_problems)', () => {
  it('accepts a valid report', () => {
    expect(messages(valid())).toEqual({});
  });

  it('requires delivery, type, severity and description', () => {
    expect(messages({ ...valid(), delivery_id: '', type: '', severity: '', description: '  ' })).toEqual({
      delivery_id: 'Delivery is required',
      type: 'Type is required',
      severity: 'Severity is required',
      description: 'Description is required',
    });
    expect(messages({ ...valid(), description: 'x'.repeat(2001) })).toEqual({ description: 'Description must be at most 2000 characters' });
  });

  it('writes a trimmed description and no assignee as null', () => {
    const output = ExceptionFormSchema.parse({ ...valid(), description: '  Carton crushed  ', assigned_to: '' });
    expect(toExceptionWrite(output, [])).toEqual({ type: 'damaged', severity: 'high', description: 'Carton crushed', photos: [], assigned_to: null });
  });
});

describe('the machine as the screen offers it', () => {
  const t = translator(exceptionMessages, 'en', exceptionMessages.en);

  it('says where a move landed', () => {
    expect(t('toast.moved', { status: 'investigating' })).toBe('Exception under investigation');
    expect(t('toast.moved', { status: 'resolved' })).toBe('Exception resolved');
    expect(t('toast.moved', { status: 'closed' })).toBe('Exception closed');
    expect(t('toast.created')).toBe('Exception added successfully');
    expect(t('toast.updateFailed')).toBe('Failed to update exception');
  });

  it('keeps the schema’s English in the catalogue, so a form error is the spec’s in English', () => {
    expect(t('validation.delivery')).toBe(EXCEPTION_MESSAGES.delivery);
    expect(t('validation.type')).toBe(EXCEPTION_MESSAGES.type);
    expect(t('validation.severity')).toBe(EXCEPTION_MESSAGES.severity);
    expect(t('validation.description')).toBe(EXCEPTION_MESSAGES.description);
    expect(t('validation.descriptionLength')).toBe(EXCEPTION_MESSAGES.descriptionLength);
    expect(t('validation.resolution')).toBe(EXCEPTION_MESSAGES.resolution);
    expect(t('actions.idle', { status: 'resolved' })).toBe('This exception is resolved.');
  });
});
