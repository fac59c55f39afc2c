import { useEffect, useRef, useState } from 'react';
import { useAppState, useController } from '../../app-context.js';
import { focusMenuButton, focusWorkPlace } from '../focus-places.js';
import { BackIcon } from '../icons.js';
import { ApiTokensSection } from './api-tokens-section.js';
import { BackupsSection } from './backups-section.js';
import { DeleteAccountSection } from './delete-account-section.js';
import { PasswordSection } from './password-section.js';
import { SessionsSection } from './sessions-section.js';
import { SharesSection } from './shares-section.js';
import { SpellingSection } from './spelling-section.js';
import { StorageSection } from './storage-section.js';
import { TodaysNoteSection } from './todays-note-section.js';
import { TwoFactorSection } from './two-factor-section.js';
import './account-screen.css';

/**
 * The Account screen (side menu → Account): second factor, sessions, API tokens, shared links,
 * password,
 * spelling, the space attachments take, deletion.
 */
export default function AccountScreen() {
  const controller = useController();
  const email = useAppState((state) => state.email);
  // Counts password changes: each ends the other sessions, so their list is read again.
  const [passwordChanges, setPasswordChanges] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the menu, which is gone: the keyboard starts at the screen's title.
  useEffect(() => heading.current?.focus(), []);

  function backToNotes() {
    controller.showView('notes');
    // Back where Account was opened from (the Menu), or, where the list is hidden, the note.
    requestAnimationFrame(() => focusMenuButton() || focusWorkPlace());
  }

  return (
    <div className="account-screen">
      <header className="controls-bar">
        <button className="button" type="button" onClick={backToNotes}>
          <BackIcon />
          Notes
        </button>
        <h1 ref={heading} className="controls-bar__title" tabIndex={-1}>
          Account
        </h1>
      </header>
      <main className="account-screen__body">
        {email && <p className="account-screen__email">Signed in as {email}</p>}
        <TwoFactorSection />
        <SessionsSection key={passwordChanges} />
        <ApiTokensSection />
        <SharesSection />
        <PasswordSection onChanged={() => setPasswordChanges((count) => count + 1)} />
        <SpellingSection />
        <TodaysNoteSection />
        <StorageSection />
        <BackupsSection />
        <DeleteAccountSection />
      </main>
    </div>
  );
}
