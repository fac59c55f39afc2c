import { seededRandom } from './note-text.js';

// Notes for the search bench: words drawn from a Zipf-like distribution over a vocabulary of
// a few thousand words, as in real writing (a few words everywhere, most words in few notes),
// in markdown with headings, lists, task lists, links, code and #tags.
const SYLLABLES = (
  'ka lo mi ne ru ta vo shi en ar ol ba de fi gu ho ja ke li ma no pe qua ri so tu ve wo ya ze ' +
  'bro cla dre fla gri plo stra tre sun mon ter vin dor gal mer pol san tor wen'
).split(' ');
const COMMON = (
  'the of and to in is that for it as with was on be at by this from have or not but all we can ' +
  'meeting project notes idea list todo review plan call email draft budget team week'
).split(' ');
const VOCABULARY_SIZE = 6000;

function makeVocabulary(): string[] {
  const random = seededRandom(7);
  const words = new Set(COMMON);
  while (words.size < VOCABULARY_SIZE) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < length; i += 1) {
      word += SYLLABLES[Math.floor(random() * SYLLABLES.length)] ?? '';
    }
    words.add(word);
  }
  return [...words];
}

export const VOCABULARY = makeVocabulary();

// One note in ten also has a paragraph of Chinese-like text: words of two or three ideographs
// (from the most common block), written without spaces.
const SPACELESS_VOCABULARY = (() => {
  const random = seededRandom(11);
  const words = new Set<string>();
  while (words.size < 3000) {
    const length = 2 + Math.floor(random() * 2);
    let word = '';
    for (let i = 0; i < length; i += 1) {
      word += String.fromCodePoint(0x4e00 + Math.floor(random() * 2500));
    }
    words.add(word);
  }
  return [...words];
})();

function spacelessParagraph(random: () => number): string {
  const words = 10 + Math.floor(random() * 30);
  const rank = () => Math.floor(Math.exp(random() * Math.log(SPACELESS_VOCABULARY.length + 1))) - 1;
  const picked = Array.from({ length: words }, () => SPACELESS_VOCABULARY[rank()] ?? '的');
  return `${picked.join('')}。`;
}

/** A spaceless word of middling frequency, as a Chinese reader would search for one. */
export function pickSpacelessWord(random: () => number): string {
  return SPACELESS_VOCABULARY[20 + Math.floor(random() * 500)] ?? '北京';
}

/** A word's rank drawn with probability ~ 1/rank (Zipf, s = 1). */
function zipfWord(random: () => number): string {
  const rank = Math.floor(Math.exp(random() * Math.log(VOCABULARY.length + 1))) - 1;
  return VOCABULARY[Math.min(rank, VOCABULARY.length - 1)] ?? 'the';
}

function sentence(random: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => zipfWord(random)).join(' ');
  return `${picked.charAt(0).toUpperCase()}${picked.slice(1)}.`;
}

/** One note of 150–2,000 bytes of markdown; the same seed gives the same note. */
export function searchNoteText(seed: number): string {
  const random = seededRandom(seed);
  const target = 150 + Math.floor(random() * random() * 1850);
  const parts = [`# ${sentence(random, 2 + Math.floor(random() * 4)).slice(0, -1)}`, ''];
  let size = 0;
  if (random() < 0.1) parts.push(spacelessParagraph(random));
  while (size < target) {
    const kind = random();
    const part =
      kind < 0.15
        ? `- [${random() < 0.5 ? ' ' : 'x'}] ${sentence(random, 3 + Math.floor(random() * 5))}`
        : kind < 0.3
          ? `- ${sentence(random, 3 + Math.floor(random() * 6))}`
          : kind < 0.35
            ? `See [${zipfWord(random)}](https://example.com/${zipfWord(random)}) #${zipfWord(random)}`
            : kind < 0.38
              ? `\`\`\`\n${zipfWord(random)} = ${Math.floor(random() * 100)}\n\`\`\``
              : sentence(random, 6 + Math.floor(random() * 16));
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join('\n');
}

/** Query words of middling frequency: ranks 50–2,000, found in tens to thousands of notes. */
export function pickQueryWord(random: () => number): string {
  return VOCABULARY[50 + Math.floor(random() * 1950)] ?? 'plan';
}
