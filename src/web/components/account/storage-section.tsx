import { useEffect, useId, useState } from 'react';
import type { AttachmentUsage } from '../../../shared/attachment.js';
import { accountApi, accountErrorMessage } from '../../api/account-api.js';
import { attachmentSupport } from '../../attachments/attachment-access.js';
import { formatSize } from '../../attachments/attachment-reference.js';
import { useAccountCall } from './use-account-call.js';

/** Attachments: the space the account's files take against its quota. */
export function StorageSection() {
  const call = useAccountCall();
  const headingId = useId();
  const [usage, setUsage] = useState<AttachmentUsage | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!attachmentSupport.available) return;
    call(accountApi.attachmentUsage).then(setUsage, (failure) =>
      setError(accountErrorMessage(failure)),
    );
  }, [call]);
  if (!attachmentSupport.available) return null;
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-section__title">
        Attachments
      </h2>
      {usage && (
        <>
          <p>
            {formatSize(usage.used)} of {formatSize(usage.quota)} used. A file may be up to{' '}
            {formatSize(usage.limit)}.
          </p>
          <meter
            className="storage-meter"
            aria-label="Space used by attachments"
            min={0}
            max={usage.quota}
            value={usage.used}
            high={usage.quota * 0.9}
          />
        </>
      )}
      <p className="account-section__error" role="alert">
        {error}
      </p>
    </section>
  );
}
