import { useCallback, useId, useState } from 'react';
import type { ShareInfo } from '../../../shared/shares.js';
import { AccountRequestError, accountApi, accountErrorMessage } from '../../api/account-api.js';
import { ShareLinkItem } from '../share/share-link-item.js';
import { useAccountCall } from './use-account-call.js';
import { useNewestList } from './use-newest-list.js';

/**
 * Every public link the account made: what each shares, its options and views; revoke one or
 * all. A link is shown whole only when made (the server keeps its hash), so each is named by
 * its start.
 */
export function SharesSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [off, setOff] = useState(false);
  const [error, setError] = useState('');
  const failed = useCallback((failure: unknown) => {
    if (failure instanceof AccountRequestError && failure.status === 404) setOff(true);
    else setError(accountErrorMessage(failure));
  }, []);
  const { items: shares, reload: load } = useNewestList<ShareInfo>(accountApi.shares, failed);

  async function revoke(revoking: (token: string) => Promise<void>) {
    setError('');
    try {
      await call(revoking);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    }
    await load();
  }

  if (off) return null;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Shared links
      </h2>
      <p className="account-section__hint">
        Anyone with one of these links can read its note. Make links with Share in a note’s toolbar.
      </p>
      {shares && shares.length === 0 && <p className="account-section__hint">No links yet.</p>}
      {shares && shares.length > 0 && (
        <>
          <ul className="session-list" aria-label="Your shared links">
            {shares.map((share) => (
              <ShareLinkItem
                key={share.id}
                share={share}
                showTitle
                onRevoke={() => void revoke((token) => accountApi.revokeShare(token, share.id))}
              />
            ))}
          </ul>
          <button
            className="button button--danger"
            type="button"
            onClick={() => void revoke(accountApi.revokeAllShares)}
          >
            Revoke all links
          </button>
        </>
      )}
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
