import { useAppState, useController } from '../app-context.js';
import { CloseIcon } from './icons.js';
import './notice-bar.css';

/** A short, unobtrusive message at the bottom (failed calls, ended sessions, "Undo" of a change). */
export function NoticeBar() {
  const controller = useController();
  const notice = useAppState((state) => state.notice);
  return (
    <div className="notice-region" role="status" aria-live="polite">
      {notice && (
        <div className={`notice notice--${notice.tone}`}>
          <span className="notice__text">{notice.text}</span>
          {notice.link && (
            <button
              className="link-button notice__link"
              type="button"
              onClick={() => {
                const { noteId, revision } = notice.link!;
                controller.dismissNotice(notice.id);
                controller.history.open(noteId, revision);
              }}
            >
              {notice.link.label}
            </button>
          )}
          {notice.undo !== undefined && (
            <button
              className="button button--outline notice__undo"
              type="button"
              onClick={() => {
                const undo = notice.undo!;
                controller.dismissNotice(notice.id);
                void controller.undo(undo);
              }}
            >
              Undo
            </button>
          )}
          <button
            className="button notice__dismiss"
            type="button"
            aria-label="Dismiss message"
            onClick={() => controller.dismissNotice(notice.id)}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
}
