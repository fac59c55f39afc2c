import type { SpellLanguage } from '../../../shared/spelling.js';
import type { SpellRequest, SpellResponse } from './spell-protocol.js';

/** What changed: `added` words are right now (their marks can go at once). */
type Listener = (event: { added?: readonly string[] }) => void;

/** The form two spellings of one personal word share: composed, lower case. */
const folded = (word: string) => word.normalize('NFC').toLocaleLowerCase();

/**
 * The page's side of the spelling worker for one language: batches words to check, caches
 * every answer per word, fetches suggestions on demand and hands the worker the account's own
 * words.
 */
export class SpellChecker {
  private readonly worker: Worker;
  private readonly results = new Map<string, boolean>();
  private readonly inFlight = new Set<string>();
  private readonly suggestions = new Map<string, Promise<string[]>>();
  private readonly waiting = new Map<number, (response: SpellResponse) => void>();
  private readonly listeners = new Set<Listener>();
  private personal = new Set<string>();
  private nextId = 1;
  private broken = false;

  constructor(readonly language: SpellLanguage) {
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
    this.post({ type: 'load', language });
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
    const personal = this.personal;
    this.request({ type: 'check', id: this.nextId++, words: asked }).then((response) => {
      for (const word of asked) this.inFlight.delete(word);
      if (response.type === 'failed') return this.fail(response.message);
      if (response.type !== 'checked') return;
      // Asked under other personal words: the answers may be stale, so they are asked again.
      if (personal !== this.personal) return this.emit({});
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

  /**
   * The account's own words, as the settings hold them now. Added words count as right at
   * once; answers about removed ones are forgotten and asked again.
   */
  setPersonalWords(words: readonly string[]): void {
    const next = new Set(words.map(folded));
    const added = words.filter((word) => !this.personal.has(folded(word)));
    const removed = [...this.personal].filter((word) => !next.has(word));
    if (added.length === 0 && removed.length === 0) return;
    this.personal = next;
    this.post({ type: 'personal', words: [...words] });
    const changed = new Set([...added.map(folded), ...removed]);
    for (const word of [...this.results.keys()]) {
      if (changed.has(folded(word))) this.results.delete(word);
    }
    for (const word of added) this.results.set(word, true);
    this.emit(added.length > 0 ? { added } : {});
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

  private emit(event: { added?: readonly string[] }): void {
    for (const listener of this.listeners) listener(event);
  }
}

let current: SpellChecker | undefined;

/**
 * One checker (and worker) per page, replaced when the language changes; the old worker and
 * its dictionary go at once.
 */
export function spellCheckerFor(language: SpellLanguage): SpellChecker {
  if (current?.language !== language) {
    current?.dispose();
    current = new SpellChecker(language);
  }
  return current;
}

/** Spell checking turned off: the worker and its dictionary go. */
export function stopSpellChecking(): void {
  current?.dispose();
  current = undefined;
}
