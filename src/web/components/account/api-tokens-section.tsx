import { format } from 'date-fns';
import { useCallback, useId, useState } from 'react';
import {
  type ApiTokenInfo,
  type CreateApiTokenRequest,
  TOKEN_SCOPE_LABELS,
} from '../../../shared/api-tokens.js';
import { AccountRequestError, accountApi, accountErrorMessage } from '../../api/account-api.js';
import { formatNoteTime } from '../note-time.js';
import { ApiTokenForm } from './api-token-form.js';
import { NewApiToken } from './new-api-token.js';
import { useAccountCall } from './use-account-call.js';
import { useNewestList } from './use-newest-list.js';

const day = (unixSeconds: number) => format(new Date(unixSeconds * 1000), 'yyyy-MM-dd');

function expiryText(token: ApiTokenInfo, now: number): string {
  if (token.timeExpires === null) return 'Never expires';
  return `${token.timeExpires <= now ? 'Expired' : 'Expires'} ${day(token.timeExpires)}`;
}

function tokenErrorMessage(failure: unknown): string {
  // The one conflict here is the number of tokens, which the server's message explains.
  const conflict = failure instanceof AccountRequestError && failure.code === 'conflict';
  return conflict ? failure.message : accountErrorMessage(failure);
}

/**
 * Personal API tokens for scripts: the list (what each may do, when it expires, when it was last
 * used), making one (shown once), revoking one.
 */
export function ApiTokensSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [phase, setPhase] = useState<'list' | 'making'>('list');
  const [made, setMade] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const failed = useCallback((failure: unknown) => setError(tokenErrorMessage(failure)), []);
  const {
    items: tokens,
    reload: load,
    removed,
  } = useNewestList<ApiTokenInfo>(accountApi.apiTokens, failed);

  async function create(request: CreateApiTokenRequest) {
    setError('');
    setBusy(true);
    try {
      const created = await call((token) => accountApi.createApiToken(token, request));
      setMade(created.token);
      setPhase('list');
    } catch (failure) {
      setError(tokenErrorMessage(failure));
    } finally {
      setBusy(false);
    }
    await load();
  }

  async function revoke(id: string) {
    setError('');
    try {
      await call((token) => accountApi.revokeApiToken(token, id));
      removed((token) => token.id === id);
    } catch (failure) {
      setError(tokenErrorMessage(failure));
    }
    await load();
  }

  const now = Date.now() / 1000;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        API tokens
      </h2>
      <p className="account-section__hint">
        Let scripts and other programs use your notes through the API. A token never changes your
        password, sessions or account.
      </p>
      {made && <NewApiToken token={made} onDone={() => setMade('')} />}
      {tokens && tokens.length > 0 && (
        <ul className="session-list" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="session-list__item">
              <div className="session-list__text">
                <span className="session-list__device">{token.name}</span>
                <span className="session-list__details">
                  {token.scopes.map((scope) => TOKEN_SCOPE_LABELS[scope]).join(', ')}
                </span>
                <span className="session-list__details">
                  {expiryText(token, now)} ·{' '}
                  {token.timeLastUsed === null
                    ? 'never used'
                    : `last used ${formatNoteTime(token.timeLastUsed)}`}
                </span>
              </div>
              <button
                className="button"
                type="button"
                aria-label={`Revoke token: ${token.name}`}
                onClick={() => void revoke(token.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      {phase === 'making' ? (
        <ApiTokenForm
          busy={busy}
          onSubmit={(request) => void create(request)}
          onCancel={() => setPhase('list')}
        />
      ) : (
        <button className="button" type="button" onClick={() => setPhase('making')}>
          New token
        </button>
      )}
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
