import { type FormEvent, useCallback, useId, useState } from 'react';
import { tagName } from '../../../shared/note-tags.js';
import type { CreateShareRequest, ShareInfo } from '../../../shared/shares.js';
import { AccountRequestError, accountApi, accountErrorMessage } from '../../api/account-api.js';
import { useAccountCall } from '../account/use-account-call.js';
import { useNewestList } from '../account/use-newest-list.js';
import { ModalDialog } from '../modal-dialog.js';
import { ShareLinkItem } from './share-link-item.js';
// The account screen's list and hint styles: a note's links read as they do in Account.
import '../account/account-screen.css';
import './share-dialog.css';

const DAY = 24 * 60 * 60;
/** The expiries offered, in days; 0 is never. */
const EXPIRIES = [
  { days: 0, label: 'Never' },
  { days: 1, label: 'In a day' },
  { days: 7, label: 'In a week' },
  { days: 30, label: 'In 30 days' },
];

/**
 * What a dialog's links share: a note, or the notes of a tag (as written, without `#`). Its
 * list is read again when the subject changes: give the same object while it is the same.
 */
export type ShareSubject = { noteId: string } | { tag: string };

function shareErrorMessage(failure: unknown): string {
  if (failure instanceof AccountRequestError && failure.status === 404) {
    return 'Sharing is turned off on this server, or the note is gone';
  }
  return accountErrorMessage(failure);
}

const sharesSubject = (share: ShareInfo, subject: ShareSubject) =>
  'noteId' in subject
    ? share.noteId === subject.noteId
    : share.tag !== null && tagName(share.tag) === tagName(subject.tag);

/**
 * The share links of a note or a tag: make one (with an expiry, a password, search engines
 * allowed or not, a tag's nested tags or not), copy the new link, which is shown this once, and
 * revoke any.
 */
export function ShareDialog({ subject, onClose }: { subject: ShareSubject; onClose(): void }) {
  const call = useAccountCall();
  const [made, setMade] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const expiryId = useId();
  const passwordId = useId();

  const readLinks = useCallback(
    async (token: string) =>
      (await accountApi.shares(token)).filter((share) => sharesSubject(share, subject)),
    [subject],
  );
  const failed = useCallback((failure: unknown) => setError(shareErrorMessage(failure)), []);
  const { items: links, reload: load, removed } = useNewestList(readLinks, failed);

  async function make(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const days = Number(form.get('expiry'));
    const password = String(form.get('password') ?? '');
    const request: CreateShareRequest = {
      timeExpires: days === 0 ? null : Math.floor(Date.now() / 1000) + days * DAY,
      password: password === '' ? null : password,
      allowSearchEngines: form.get('search') === 'on',
    };
    setError('');
    setBusy(true);
    try {
      const created = await call((token) =>
        'noteId' in subject
          ? accountApi.createShare(token, subject.noteId, request)
          : accountApi.createTagShare(token, {
              ...request,
              tag: subject.tag,
              nestedTags: form.get('nested') === 'on',
            }),
      );
      setMade(`${window.location.origin}${created.path}`);
      setCopied(false);
    } catch (failure) {
      setError(shareErrorMessage(failure));
    } finally {
      setBusy(false);
    }
    await load();
  }

  async function revoke(id: string) {
    setError('');
    try {
      await call((token) => accountApi.revokeShare(token, id));
      removed((share) => share.id === id);
    } catch (failure) {
      setError(shareErrorMessage(failure));
    }
    await load();
  }

  async function copy() {
    await navigator.clipboard.writeText(made).then(
      () => setCopied(true),
      () => setError('Copying was refused; select the link and copy it'),
    );
  }

  return (
    <ModalDialog
      title={'noteId' in subject ? 'Share' : `Share #${subject.tag}`}
      onClose={onClose}
      className="share-dialog"
    >
      <div className="share-dialog__body">
        <p className="account-section__hint">
          {'noteId' in subject
            ? 'Anyone with a link can read this note, and see its changes as you make them, without an account.'
            : `Anyone with a link can read the notes tagged #${subject.tag} when they open it, and see their changes as you make them, without an account. Links to other notes show as plain words.`}
        </p>
        {made && (
          <div className="share-dialog__made">
            <label className="share-dialog__label" htmlFor={`${passwordId}-made`}>
              Your new link (shown this once)
            </label>
            <div className="share-dialog__copy">
              <input
                id={`${passwordId}-made`}
                className="share-dialog__url"
                readOnly
                value={made}
                onFocus={(event) => event.currentTarget.select()}
              />
              <button className="button button--primary" type="button" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy link'}
              </button>
            </div>
          </div>
        )}
        <form className="share-dialog__form" onSubmit={(event) => void make(event)}>
          <label className="share-dialog__label" htmlFor={expiryId}>
            Expires
          </label>
          <select id={expiryId} name="expiry" className="share-dialog__field" defaultValue="0">
            {EXPIRIES.map((expiry) => (
              <option key={expiry.days} value={expiry.days}>
                {expiry.label}
              </option>
            ))}
          </select>
          <label className="share-dialog__label" htmlFor={passwordId}>
            Password (optional)
          </label>
          <input
            id={passwordId}
            name="password"
            type="password"
            autoComplete="new-password"
            className="share-dialog__field"
          />
          {'tag' in subject && (
            <label className="share-dialog__check">
              <input type="checkbox" name="nested" defaultChecked /> Include nested tags (#
              {subject.tag}/…)
            </label>
          )}
          <label className="share-dialog__check">
            <input type="checkbox" name="search" /> Allow search engines
          </label>
          <button className="button button--primary" type="submit" disabled={busy}>
            Make link
          </button>
        </form>
        {links && links.length > 0 && (
          <ul
            className="session-list"
            aria-label={'noteId' in subject ? 'Links to this note' : `Links to #${subject.tag}`}
          >
            {links.map((share) => (
              <ShareLinkItem
                key={share.id}
                share={share}
                showTitle={false}
                onRevoke={() => void revoke(share.id)}
              />
            ))}
          </ul>
        )}
        <p className="account-section__error" role="alert">
          {error}
        </p>
      </div>
    </ModalDialog>
  );
}
