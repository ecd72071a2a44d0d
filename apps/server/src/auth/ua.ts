/** A small user-agent reading for the sign-in log: browser and platform names with a major version. */
export function parseUserAgent(ua: string | undefined): { browser: string; platform: string } {
  const s = ua ?? '';
  const browsers: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
    [/OPR\/(\d+)/, 'Opera'],
    [/MicroMessenger\/(\d+)/, 'WeChat'],
    [/Firefox\/(\d+)/, 'Firefox'],
    [/Chrome\/(\d+)/, 'Chrome'],
    [/Version\/(\d+).*Safari\//, 'Safari'],
    [/MSIE (\d+)|Trident\/.*rv:(\d+)/, 'IE'],
    [/curl\/(\d+)/, 'curl'],
  ];
  let browser = 'Unknown';
  for (const [re, name] of browsers) {
    const m = re.exec(s);
    if (m) {
      browser = `${name} ${m[1] ?? m[2] ?? ''}`.trim();
      break;
    }
  }
  const platforms: [RegExp, string][] = [
    [/Windows NT 10/, 'Windows 10'],
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  let platform = 'Unknown';
  for (const [re, name] of platforms) {
    if (re.test(s)) {
      platform = name;
      break;
    }
  }
  return { browser, platform };
}

/** A place name for an IP without a geo database: loopback and private ranges only. */
export function ipPlaceKind(ip: string): 'local' | 'lan' | '' {
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '127.0.0.1' || ip === '::1' || v4.startsWith('127.')) return 'local';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) || /^f[cd]/i.test(ip)) return 'lan';
  return '';
}
