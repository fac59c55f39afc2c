import { SIGN_IN_FRAGMENT } from '../../shared/sign-in-handoff.js';
import { normalizeEmail } from '../accounts/credentials.js';
import { findUserByEmail } from '../accounts/user-repository.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import { issueSignInCode } from '../oidc/sign-in-codes.js';
import { CliError } from './cli-error.js';

/** Long enough to copy a link to a browser; short enough that a forgotten one is soon dead. */
export const LOGIN_LINK_MINUTES = 15;

/** Where Quire is reached when no --url is given: its own address, loopback for "every address". */
function ownAddress(config: Config): string {
  const host = ['0.0.0.0', '::', '[::]'].includes(config.host) ? '127.0.0.1' : config.host;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${config.port}`;
}

function baseUrl(config: Config, given: string | undefined): URL {
  if (given === undefined) return new URL(ownAddress(config));
  try {
    const url = new URL(given);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url;
  } catch {
    // said below
  }
  throw new CliError(`--url must be Quire's address, such as https://notes.example.org`, 2);
}

/**
 * `quire user login-link EMAIL [--url URL]` — a link that signs the account in once, within
 * minutes, whatever its password, two-factor or single sign-on: the way back in for whoever runs
 * the server when the provider is broken (OIDC_ONLY). The code is in the fragment, which
 * browsers never send to a server, and the web app takes it out of the address at once.
 */
export async function loginLink(
  db: Db,
  config: Config,
  rawEmail: string,
  url: string | undefined,
): Promise<string> {
  const base = baseUrl(config, url);
  const email = normalizeEmail(rawEmail);
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`No account with the email ${email}`);
  const code = await issueSignInCode(db, user.id, LOGIN_LINK_MINUTES * 60);
  const link = new URL(`/#${SIGN_IN_FRAGMENT}=${code}`, base);
  return [
    `A sign-in link for ${user.email}, for one use within ${LOGIN_LINK_MINUTES} minutes:`,
    link.href,
  ].join('\n');
}
