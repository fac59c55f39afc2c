// The save worker: saves are stringified, sent and parsed here, off the page's thread.
import { answerSave, type SaveRequest } from './save-protocol.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener('message', (event: MessageEvent<SaveRequest>) => {
  void answerSave(event.data).then((reply) => scope.postMessage(reply));
});
