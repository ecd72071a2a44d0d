// Verification-code sign-in and password reset (issue 40 §2, decisions §12): a 6-digit code sent
// by SMS to a mobile, good for 5 minutes, once, with 5 tries; 60 s between sends to one mobile;
// every send carries a solved proof of work (ALTCHA). The answer to a send is the same whether or
// not the mobile has an account. The schemas are in sms-code.ts.

export const SmsCodeApi = {
  /** POST `{ mobile, purpose, altcha }`: sends a code (the same answer whoever owns the mobile). */
  send: '/api/oauth/SmsCode',
  /** POST `{ userName, code }`: signs in as `/api/sys/login` does. */
  login: '/api/oauth/Login/SmsCode',
  /** POST `{ userName, code, newPassword }`: sets a forgotten password and ends the user's sessions. */
  resetPassword: '/api/oauth/Password/Actions/Reset',
  /** GET: a proof-of-work challenge for the next send. */
  challenge: '/api/oauth/SmsCode/challenge',
} as const;

export const SMS_CODE_PURPOSES = ['login', 'reset'] as const;
export type SmsCodePurpose = (typeof SMS_CODE_PURPOSES)[number];

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_TRIES = 5;
export const SMS_CODE_COOLDOWN_SECONDS = 60;
/** Codes one mobile is sent in a day, and one client address in an hour, at most. */
export const SMS_CODES_PER_MOBILE_DAY = 10;
export const SMS_CODES_PER_ADDRESS_HOUR = 30;

export interface SmsCodeSent {
  /** Seconds before the next code may be asked for this mobile. */
  cooldownSeconds: number;
  /** Seconds the code is good for. */
  ttlSeconds: number;
}
