import { createHash, randomInt } from 'node:crypto';

/** A numeric one-time code of `length` digits, as GoTrue mails it. */
export function generateOtp(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** GoTrue's crypto.GenerateTokenHash: what the users table stores and the mailed links carry. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224').update(emailOrPhone + otp).digest('hex');
}
