// Words give bodies the redundancy of real prose, so compressed sizes mean something; a fixed
// seed keeps every run's data the same.
const WORDS = (
  'the of and to in is that for it as with was on be at by this from have or one had not but ' +
  'what all were when we there can an your which their said if do will each about how up out ' +
  'them then she many some so these would other into has more her two like him see time could ' +
  'no make than first been its who now people my made over did down only way find use may water ' +
  'long little very after words called just where most know get through back much before go good ' +
  'new write our used me man too any day same right look think also around another came come ' +
  'work three word must because does part even place well such here take why things help put ' +
  'years different away again off went old number great tell men say small every found still ' +
  'between name should home big give air line set own under read last never us left end along ' +
  'while might next sound below saw something thought both few those always looked show large ' +
  'often together asked house world going want school important until form food keep children ' +
  'feet land side without boy once animals life enough took sometimes four head above kind began ' +
  'almost live page got earth need far hand high year mother light parts country father let night'
).split(' ');

/** A small seeded generator (mulberry32): the same seed gives the same notes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(random: () => number, words: number): string {
  const picked: string[] = [];
  for (let i = 0; i < words; i += 1) picked.push(WORDS[Math.floor(random() * WORDS.length)] ?? '');
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** A markdown note of about `targetBytes` bytes: a heading, paragraphs and a short list. */
export function noteText(random: () => number, targetBytes: number, heading: string): string {
  const parts = [`# ${heading}`, ''];
  let size = heading.length + 3;
  while (size < targetBytes) {
    const part =
      random() < 0.25
        ? `- ${sentence(random, 3 + Math.floor(random() * 5))}`
        : sentence(random, 6 + Math.floor(random() * 14));
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join('\n');
}
