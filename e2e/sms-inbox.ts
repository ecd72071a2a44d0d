import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The recording SMS gateway's inbox of the e2e server on `port` (`SMS_RECORD_FILE`,
 * apps/server/src/core/sms.ts): one JSON line per message. Specs tell their messages apart by the
 * mobile, which each makes its own.
 */
export const smsInbox = (port: number | string) => join(tmpdir(), `srm-e2e-sms-${port}.jsonl`);

/** The last code sent to `mobile` by the server at `baseURL`, if any. */
export function lastSmsCode(baseURL: string, mobile: string): string | undefined {
  let text = '';
  try {
    text = readFileSync(smsInbox(new URL(baseURL).port), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.trim().split('\n').filter(Boolean);
  for (const line of lines.reverse()) {
    const message = JSON.parse(line) as { mobile: string; code: string };
    if (message.mobile === mobile) return message.code;
  }
  return undefined;
}
