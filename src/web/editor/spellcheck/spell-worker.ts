import { ACCENTS_STRIPPED, type SpellLanguage } from '../../../shared/spelling.js';
import { dictionaryManifestUrl, type SpellRequest, type SpellResponse } from './spell-protocol.js';
import { Speller } from './speller.js';

// Building the checker takes noticeable time and memory (the German and French dictionaries
// most of all), which is why it lives here, off the main thread.
const scope = self as unknown as DedicatedWorkerGlobalScope;

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

async function loadSpeller(language: SpellLanguage): Promise<Speller> {
  const manifest = JSON.parse(await fetchText(dictionaryManifestUrl(language))) as {
    aff: string;
    dic: string;
  };
  const [aff, dic] = await Promise.all([fetchText(manifest.aff), fetchText(manifest.dic)]);
  return new Speller(aff, dic, { accentsStripped: ACCENTS_STRIPPED.has(language) });
}

let speller: Promise<Speller> = Promise.reject(new Error('no language was loaded'));
speller.catch(() => {});

function reply(message: SpellResponse): void {
  scope.postMessage(message);
}

// Every request waits on the same promise, so requests are answered in the order they came.
scope.addEventListener('message', (event: MessageEvent<SpellRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    speller = loadSpeller(request.language);
    return;
  }
  speller.then(
    (spell) => {
      switch (request.type) {
        case 'check':
          reply({
            type: 'checked',
            id: request.id,
            misspelled: request.words.filter((word) => !spell.correct(word)),
          });
          break;
        case 'suggest':
          reply({ type: 'suggested', id: request.id, suggestions: spell.suggest(request.word) });
          break;
        case 'personal':
          spell.setPersonalWords(request.words);
          break;
      }
    },
    (error: unknown) => {
      if (request.type === 'personal') return;
      reply({ type: 'failed', id: request.id, message: String(error) });
    },
  );
});
