import { Fragment, memo } from 'react';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
};
const unescapeHtml = (html: string) =>
  html.replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e);

/**
 * A search snippet (escaped text with `<mark>` around matches) shown as React text and `<mark>`
 * elements: the snippet never becomes HTML, whatever the note contained.
 */
export const SnippetText = memo(function SnippetText({ snippet }: { snippet: string }) {
  const parts = snippet.split(/<mark>(.*?)<\/mark>/s);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <mark key={index}>{unescapeHtml(part)}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move
          <Fragment key={index}>{unescapeHtml(part)}</Fragment>
        ),
      )}
    </>
  );
});
