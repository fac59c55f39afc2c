import { readPersonalWords, savePersonalWord } from './personal-dictionary.js';
import type { SpellRequest, SpellResponse } from './spell-protocol.js';

type Listener = (event: { added?: string }) => void;

/**
 * The page's side of the spelling worker: batches words to check, caches every answer per
 * word, fetches suggestions on demand and keeps the owner's personal dictionary.
 */
export class SpellChecker {
  private readonly worker: Worker;
  private readonly results = new Map<string, boolean>();
  private readonly inFlight = new Set<string>();
  private readonly suggestions = new Map<string, Promise<string[]>>();
  private readonly waiting = new Map<number, (response: SpellResponse) => void>();
  private readonly listeners = new Set<Listener>();
  private nextId = 1;
  private broken = false;

  constructor(
    readonly owner: string,
    private readonly storage: Storage | undefined,
  ) {
    this.worker = new Worker(new URL('./spell-worker.ts', import.meta.url), {
      type: 'module',
      name: 'spellcheck',
    });
    this.worker.addEventListener('message', (event: MessageEvent<SpellResponse>) => {
      const response = event.data;
      this.waiting.get(response.id)?.(response);
      this.waiting.delete(response.id);
    });
    this.worker.addEventListener('error', () => this.fail('the spelling worker stopped'));
    const personal = readPersonalWords(storage, owner);
    for (const word of personal) this.results.set(word, true);
    if (personal.length > 0) this.post({ type: 'add', words: personal });
  }

  /** true = spelled right, false = misspelled, undefined = not asked yet. */
  isCorrect(word: string): boolean | undefined {
    return this.results.get(word);
  }

  /** Asks about the words not known yet; listeners hear when the answers are in. */
  check(words: Iterable<string>): void {
    if (this.broken) return;
    const asked = [...new Set(words)].filter((w) => !this.results.has(w) && !this.inFlight.has(w));
    if (asked.length === 0) return;
    for (const word of asked) this.inFlight.add(word);
    this.request({ type: 'check', id: this.nextId++, words: asked }).then((response) => {
      for (const word of asked) this.inFlight.delete(word);
      if (response.type === 'failed') return this.fail(response.message);
      if (response.type !== 'checked') return;
      const misspelled = new Set(response.misspelled);
      for (const word of asked) this.results.set(word, !misspelled.has(word));
      this.emit({});
    });
  }

  suggest(word: string): Promise<string[]> {
    let found = this.suggestions.get(word);
    if (!found) {
      found = this.request({ type: 'suggest', id: this.nextId++, word }).then((response) =>
        response.type === 'suggested' ? response.suggestions : [],
      );
      this.suggestions.set(word, found);
    }
    return found;
  }

  addToDictionary(word: string): void {
    this.results.set(word, true);
    savePersonalWord(this.storage, this.owner, word);
    this.post({ type: 'add', words: [word] });
    this.emit({ added: word });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.broken = true;
    this.worker.terminate();
    this.fail('closed');
  }

  private request(message: SpellRequest & { id: number }): Promise<SpellResponse> {
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve);
      this.post(message);
    });
  }

  private post(message: SpellRequest): void {
    this.worker.postMessage(message);
  }

  private fail(message: string): void {
    if (!this.broken) console.warn(`Spell checking is off: ${message}`);
    this.broken = true;
    for (const [id, resolve] of this.waiting) resolve({ type: 'failed', id, message });
    this.waiting.clear();
  }

  private emit(event: { added?: string }): void {
    for (const listener of this.listeners) listener(event);
  }
}

let current: SpellChecker | undefined;

/** One checker (and worker) per page, replaced when a different account signs in. */
export function spellCheckerFor(owner: string): SpellChecker {
  if (current?.owner !== owner) {
    current?.dispose();
    current = new SpellChecker(owner, globalThis.localStorage);
  }
  return current;
}
