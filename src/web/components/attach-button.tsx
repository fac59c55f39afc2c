import { useRef } from 'react';
import { requestAttach } from '../attachments/attach-requests.js';
import { attachmentSupport } from '../attachments/attachment-access.js';
import { PaperclipIcon } from './icons.js';

/** "Attach" in the detail toolbar: picks files, which the editor uploads at its cursor. */
export function AttachButton() {
  const input = useRef<HTMLInputElement>(null);
  if (!attachmentSupport.available) return null;
  return (
    <>
      <button
        className="button"
        type="button"
        title="Attach a file"
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon />
        <span className="button__label">Attach</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="File to attach"
        onChange={(event) => {
          requestAttach([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}
