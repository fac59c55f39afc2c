/**
 * A note's words and characters as a person counts them: words by the browser's word breaks
 * (so text written without spaces, as Chinese or Japanese is, counts its words too), and
 * characters as seen (an emoji or an accented letter is one, however many code units).
 */
export interface TextCounts {
  words: number;
  characters: number;
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function textCounts(text: string): TextCounts {
  let wordCount = 0;
  for (const segment of words.segment(text)) if (segment.isWordLike) wordCount += 1;
  let characters = 0;
  for (const _ of graphemes.segment(text)) characters += 1;
  return { words: wordCount, characters };
}
