/** A browser's name out of its user agent, enough to tell devices apart ("Firefox on Linux"). */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /(Firefox|Edg|OPR|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1];
  const system = /(Android|iPhone|iPad|Windows|Mac OS X|Linux|CrOS)/.exec(userAgent)?.[1];
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', 'Mac OS X': 'macOS' };
  if (!browser) return userAgent.slice(0, 60);
  const on = system ? ` on ${names[system] ?? system}` : '';
  return `${names[browser] ?? browser}${on}`;
}
