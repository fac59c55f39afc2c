// Loaded by the service worker. Calls to the API never need the worker (it caches none of
// them), so the browser sends them straight to the network without waking it. That also keeps
// saves from waking an old worker while a new version takes over (see app-update.ts).
// Browsers without static routing still pass them through the worker, which lets them by.
// The one exception is reading an attachment: the worker keeps those it has shown, for reading
// offline (their bytes never change under their id).
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  const attachments = {
    condition: { urlPattern: { pathname: '/api/attachments/*' }, requestMethod: 'GET' },
    source: 'fetch-event',
  };
  const api = { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' };
  event.waitUntil(event.addRoutes([attachments, api]).catch(() => undefined));
});
