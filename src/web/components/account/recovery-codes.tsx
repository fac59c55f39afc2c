import { useRef, useState } from 'react';
import { useAppState } from '../../app-context.js';

/** The codes as a text file: who they are for, then one code a line. */
function codesFile(email: string, codes: readonly string[]): string {
  const heading = `Quire recovery codes for ${email}. Each one signs you in once without your phone.`;
  return `${heading}\n\n${codes.join('\n')}\n`;
}

/** The recovery codes, shown once, with ways to keep them: copy them, or save them as a file. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const email = useAppState((state) => state.email);
  const list = useRef<HTMLOListElement>(null);
  const [message, setMessage] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setMessage('Copied.');
    } catch {
      // No clipboard here (e.g. a page served over plain http): the codes are selected instead.
      if (list.current) window.getSelection()?.selectAllChildren(list.current);
      setMessage('Selected. Press Ctrl+C (or ⌘C) to copy them.');
    }
  }

  function download() {
    const file = new Blob([codesFile(email, codes)], { type: 'text/plain' });
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'quire-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
    setMessage('Saved as quire-recovery-codes.txt.');
  }

  return (
    <>
      <ol ref={list} className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="account-form__actions">
        <button className="button button--outline" type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button className="button button--outline" type="button" onClick={download}>
          Download
        </button>
      </div>
      <p className="account-section__message" role="status">
        {message}
      </p>
    </>
  );
}
