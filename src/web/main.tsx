// The base styles come first so that component styles override them.
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LiveSocket, liveSocketUrl } from './api/live-socket.js';
import { httpQuireApi } from './api/quire-api.js';
import { App } from './app.js';
import { ControllerContext } from './app-context.js';
import { AppController } from './controller/app-controller.js';
import { browserTokenStorage } from './session/token-storage.js';

const controller = new AppController({
  api: httpQuireApi,
  tokenStorage: browserTokenStorage,
  connectLive(token, handlers) {
    const socket = new LiveSocket({ url: liveSocketUrl(window.location.href), token, ...handlers });
    socket.start();
    return socket;
  },
});

window.addEventListener('online', () => controller.connectionRestored());
// Closing the tab with edits still on their way asks first.
window.addEventListener('beforeunload', (event) => {
  if (controller.hasUnsavedEdits()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ControllerContext value={controller}>
      <App />
    </ControllerContext>
  </StrictMode>,
);
void controller.start();
