/**
 * Just enough of a browser to sign in through a provider without one: a cookie jar per origin,
 * redirects followed by hand, the provider's sign-in form filled in. The browser tests in e2e/
 * do the same with a real browser.
 */
export class OidcBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly quireUrl: string) {}

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  private remember(url: URL, response: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    this.jar.set(url.host, cookies);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone || pair.slice(at + 1) === '') cookies.delete(name);
      else cookies.set(name, pair.slice(at + 1));
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const cookies = [...(this.jar.get(target.host) ?? new Map())]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookies) headers.set('cookie', cookies);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.remember(target, response);
    return response;
  }

  /**
   * Follows redirects from `url` until a page to show (the provider's form) or a return to
   * Quire's app page, whose address (with its `#…`) is the answer.
   */
  async follow(url: string, init: RequestInit = {}): Promise<{ url: string; response: Response }> {
    let current = url;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      current = new URL(location, current).href;
      const landed = new URL(current);
      if (landed.origin === new URL(this.quireUrl).origin && landed.pathname === '/') break;
      response = await this.request(current);
    }
    return { url: current, response };
  }

  /**
   * Clicks Quire's sign-in button, then at the provider types `login` and signs in (or cancels);
   * answers where the browser lands back in Quire, such as `/#sign-in` or `/#sign-in-error=…`.
   */
  async signIn(login: string, options: { cancel?: boolean } = {}): Promise<string> {
    const start = new URL('/api/oidc/start', this.quireUrl).href;
    const atProvider = await this.follow(start);
    if (new URL(atProvider.url).origin === new URL(this.quireUrl).origin) return atProvider.url;
    const page = await atProvider.response.text();
    const action = options.cancel ? 'abort' : 'login';
    const form = new RegExp(`action="([^"]*/${action})"`).exec(page)?.[1];
    if (!form) throw new Error(`no ${action} form at the provider:\n${page}`);
    const back = await this.follow(new URL(form, atProvider.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login }).toString(),
    });
    return back.url;
  }

  /** What the web app does on `/#sign-in`: spends the waiting code for a session token. */
  async redeem(code?: string): Promise<Response> {
    return this.request(new URL('/api/login/code', this.quireUrl).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: '' },
      body: JSON.stringify(code === undefined ? {} : { code }),
    });
  }
}
