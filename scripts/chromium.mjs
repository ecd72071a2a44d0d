import { existsSync } from 'node:fs';

/** Chromium for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}
