import type { Notice, NoticeLink, UndoAction } from '../state/app-state.js';
import type { AppStore } from '../state/store.js';

const NOTICE_MS = 6_000;
/** A notice with a link stays long enough to reach it by keyboard. */
const LINK_NOTICE_MS = 20_000;
/** "Undo" is offered for a few seconds, as long as the change still feels like the last one. */
export const UNDO_NOTICE_MS = 8_000;

/** The short message shown when a call fails; the raised error itself goes to the console. */
export function errorNotice(message: string, offline: boolean): string {
  return offline
    ? `${message} The server cannot be reached right now.`
    : `${message} Please try again.`;
}

/** Shows one notice at a time and takes it away after a few seconds. */
export class NoticeTimer {
  private lastId = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly store: AppStore;

  constructor(store: AppStore) {
    this.store = store;
  }

  show(text: string, tone: Notice['tone'], link?: NoticeLink): void {
    const notice: Notice = { id: ++this.lastId, text, tone };
    if (link) notice.link = link;
    this.present(notice, link ? LINK_NOTICE_MS : NOTICE_MS);
  }

  /** A notice with "Undo", which takes back the change just made. */
  showUndo(text: string, undo: UndoAction): void {
    this.present({ id: ++this.lastId, text, tone: 'info', undo }, UNDO_NOTICE_MS);
  }

  private present(notice: Notice, ms: number): void {
    this.store.dispatch({ type: 'noticeShown', notice });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.dismiss(notice.id), ms);
  }

  dismiss(id: number): void {
    this.store.dispatch({ type: 'noticeDismissed', id });
  }
}
