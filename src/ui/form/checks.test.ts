import { describe, expect, it } from 'vitest';
import { checkFile, sniffFileType } from './file-checks';
import { normalizeTime, timeSchema } from './time';

const bytes = { jpeg: [0xff, 0xd8, 0xff, 0xe0], png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a], gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], pdf: [0x25, 0x50, 0x44, 0x46, 0x2d] };
const file = (name: string, content: number[], size?: number) => {
  const body = new Uint8Array(size ?? content.length);
  body.set(content);
  return new File([body], name);
};
const images = { accept: ['jpeg', 'jpg', 'png', 'gif'], maxBytes: 3 * 1024 * 1024 };

describe('file checks', () => {
  it('recognises jpeg, png, gif and pdf by their first bytes', async () => {
    for (const [kind, content] of Object.entries(bytes)) expect(await sniffFileType(file('x', content))).toBe(kind);
    expect(await sniffFileType(file('x', [0x4d, 0x5a]))).toBeNull();
  });

  it('accepts an image whose bytes match its extension', async () => {
    expect(await checkFile(file('truck.JPG', bytes.jpeg), images)).toBeNull();
    expect(await checkFile(file('truck.png', bytes.png), images)).toBeNull();
  });

  it('refuses an extension not in the list, a renamed file, and a file too big', async () => {
    expect(await checkFile(file('manual.pdf', bytes.pdf), images)).toBe('type');
    expect(await checkFile(file('virus.png', [0x4d, 0x5a, 0x90, 0x00]), images)).toBe('type');
    expect(await checkFile(file('photo.gif', bytes.png), images)).toBe('type');
    expect(await checkFile(file('big.png', bytes.png, 3 * 1024 * 1024 + 1), images)).toBe('size');
  });
});

describe('time', () => {
  it('normalizes what can be read as HH:mm', () => {
    expect(normalizeTime('9:30')).toBe('09:30');
    expect(normalizeTime('0930')).toBe('09:30');
    expect(normalizeTime('25:00')).toBe('25:00');
    expect(normalizeTime('noon')).toBe('noon');
  });

  it('accepts 00:00 to 23:59 only, with the screen messages', () => {
    const schema = timeSchema('Start time is required', 'Invalid time format (HH:mm)');
    expect(schema.safeParse('23:59').success).toBe(true);
    expect(schema.safeParse('00:00').success).toBe(true);
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('Start time is required');
    expect(schema.safeParse('24:00').error?.issues[0]?.message).toBe('Invalid time format (HH:mm)');
    expect(schema.safeParse('7:5').error?.issues[0]?.message).toBe('Invalid time format (HH:mm)');
  });
});
