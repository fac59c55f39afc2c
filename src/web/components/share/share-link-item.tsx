import { format } from 'date-fns';
import { SHARE_PATH_PREFIX, type ShareInfo } from '../../../shared/shares.js';
import { formatNoteTime } from '../note-time.js';

const day = (unixSeconds: number) => format(new Date(unixSeconds * 1000), 'yyyy-MM-dd');

/** What a link's options come to, in a line. */
export function shareOptionsText(share: ShareInfo, now: number): string {
  const expiry =
    share.timeExpires === null
      ? 'Never expires'
      : `${share.timeExpires <= now ? 'Expired' : 'Expires'} ${day(share.timeExpires)}`;
  const parts = [expiry];
  if (share.nestedTags) parts.push('nested tags too');
  if (share.hasPassword) parts.push('password');
  parts.push(share.allowSearchEngines ? 'search engines allowed' : 'hidden from search engines');
  return parts.join(' · ');
}

export function shareViewsText(share: ShareInfo): string {
  if (share.views === 0) return 'Not opened yet';
  const times = share.views === 1 ? '1 view' : `${share.views} views`;
  return `${times}, last ${formatNoteTime(share.timeLastView ?? share.timeCreated)}`;
}

/** One link in a list: which it is (its start), what it shares, its options and views. */
export function ShareLinkItem({
  share,
  showTitle,
  onRevoke,
}: {
  share: ShareInfo;
  showTitle: boolean;
  onRevoke(): void;
}) {
  const now = Date.now() / 1000;
  const name = `${SHARE_PATH_PREFIX}${share.hint}…`;
  return (
    <li className="session-list__item">
      <div className="session-list__text">
        <span className="session-list__device">{showTitle ? share.title : name}</span>
        {showTitle && <span className="session-list__details">Link {name}</span>}
        <span className="session-list__details">{shareOptionsText(share, now)}</span>
        <span className="session-list__details">{shareViewsText(share)}</span>
      </div>
      <button
        className="button"
        type="button"
        aria-label={`Revoke link ${name}`}
        onClick={onRevoke}
      >
        Revoke
      </button>
    </li>
  );
}
