// The base styles come first so that component styles override them.
import './styles/base.css';
import './styles/tap-targets.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LiveSocket, liveSocketUrl } from './api/live-socket.js';
import { saveFromPage } from './api/notes-api.js';
import { httpQuireApi } from './api/quire-api.js';
import { App } from './app.js';
import { ControllerContext } from './app-context.js';
import {
  checkForUpdate,
  isReloadingForUpdate,
  registerAppWorker,
} from './app-update/app-update.js';
import { grantAttachmentAccess, withAttachmentAccess } from './attachments/attachment-access.js';
import { indexedDbKeptUploads, memoryKeptUploads } from './attachments/kept-uploads.js';
import { UpdateBanner } from './components/update-banner.js';
import { AppController } from './controller/app-controller.js';
import { memoryDocumentStore } from './documents/document-store.js';
import { indexedDbDocumentStore } from './documents/indexeddb-document-store.js';
import { settlingDocumentStore } from './documents/settling-document-store.js';
import { browserDraftOwners } from './drafts/draft-owners.js';
import { memoryDraftStore } from './drafts/draft-store.js';
import { indexedDbDraftStore } from './drafts/indexeddb-draft-store.js';
import { settlingDraftStore } from './drafts/settling-draft-store.js';
import { indexedDbOfflineStore } from './offline/indexeddb-offline-store.js';
import { memoryOfflineStore } from './offline/offline-store.js';
import { browserAccountStorage } from './session/account-storage.js';
import { parseSignInHash, takeSignInHandoff } from './session/sign-in-handoff.js';
import { browserTokenStorage } from './session/token-storage.js';

const hasIndexedDb = typeof indexedDB !== 'undefined';
const drafts = settlingDraftStore(hasIndexedDb ? indexedDbDraftStore() : memoryDraftStore());
const documents = settlingDocumentStore(
  hasIndexedDb ? indexedDbDocumentStore() : memoryDocumentStore(),
);
const controller = new AppController({
  api: httpQuireApi,
  tokenStorage: withAttachmentAccess(browserTokenStorage),
  documents,
  drafts,
  offlineStore: hasIndexedDb ? indexedDbOfflineStore() : memoryOfflineStore(),
  accountStorage: browserAccountStorage,
  keptUploads: hasIndexedDb ? indexedDbKeptUploads() : memoryKeptUploads(),
  draftOwners: browserDraftOwners(),
  spellingStorage: globalThis.localStorage,
  connectLive(token, handlers) {
    // A (re)connected socket often means a restarted server: a new version may be there.
    const onReady = () => {
      handlers.onReady();
      void checkForUpdate();
    };
    const url = liveSocketUrl(window.location.href);
    const socket = new LiveSocket({ url, token, ...handlers, onReady });
    socket.start();
    return socket;
  },
});

// Pictures in notes load with a cookie the token sets (docs/security.md): set at start, and
// again when the connection is back should the start have been offline.
void grantAttachmentAccess(browserTokenStorage.read());
window.addEventListener('online', () => {
  void grantAttachmentAccess(browserTokenStorage.read());
  controller.connectionRestored();
});
// Spelling settings changed in another window or device are fetched when this one is back.
window.addEventListener('focus', () => void controller.spelling.load());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void controller.spelling.load();
});
// A window going away takes its carets out of the others' editors at once.
window.addEventListener('pagehide', () => controller.leavePresence());
// Closing the tab with edits still on their way asks first.
window.addEventListener('beforeunload', (event) => {
  if (controller.hasUnsavedEdits() && !isReloadingForUpdate()) event.preventDefault();
});

/**
 * Before the page reloads into a new version: typed text is on the device, and saves no longer
 * pass through the old service worker, which would hold the new one back.
 */
function prepareForReload(): Promise<void> {
  saveFromPage();
  return Promise.all([drafts.settled(), documents.settled()]).then(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ControllerContext value={controller}>
      <App />
      <UpdateBanner beforeReload={prepareForReload} />
    </ControllerContext>
  </StrictMode>,
);
registerAppWorker();
void controller.start(takeSignInHandoff(window.location, window.history));
// A sign-in link opened in a tab that already shows Quire changes only the fragment: start over.
window.addEventListener('hashchange', () => {
  if (parseSignInHash(window.location.hash)) window.location.reload();
});
