/**
 * The device fields of the login and logout payloads (SPEC 3 'Login payload', 7.1), read from the user
 * agent. The server only records them (login audit); a wrong guess never blocks a login.
 */
export interface DeviceInfo {
  browserName: string;
  /** 'PC' or 'Mobile' (docs/decisions.md: SPEC does not give the values). */
  deviceSystemType: string;
  deviceSystemName: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/MicroMessenger\/([\d.]+)/, 'WeChat'],
  [/(?:Chrome|Chromium|CriOS)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
];

function browserOf(ua: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]!.split('.')[0]}`;
  }
  return 'Unknown';
}

function systemOf(ua: string): string {
  const windows = /Windows NT ([\d.]+)/.exec(ua);
  if (windows) return windows[1] === '10.0' ? 'Windows 10' : `Windows NT ${windows[1]}`;
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  if (/Android/.test(ua)) return 'Android';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Unknown';
}

export function deviceInfo(ua: string = globalThis.navigator?.userAgent ?? ''): DeviceInfo {
  return {
    browserName: browserOf(ua).slice(0, 100),
    deviceSystemType: /Mobi|Android|iPhone|iPad/.test(ua) ? 'Mobile' : 'PC',
    deviceSystemName: systemOf(ua),
  };
}
