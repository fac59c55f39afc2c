import { memo } from 'react';
import { diffTexts } from '../../shared/text-diff.js';
import './text-diff-view.css';

interface TextDiffViewProps {
  /** The version looked at. */
  before: string;
  /** The note's current text. */
  after: string;
}

/** A word diff: struck through what only the version has, underlined what only the note has. */
export const TextDiffView = memo(function TextDiffView({ before, after }: TextDiffViewProps) {
  const parts = diffTexts(before, after);
  const same = parts.every((part) => part.kind === 'same');
  return (
    <div className="text-diff">
      <p className="text-diff__legend">
        {same ? (
          'This version has the same text as the note now.'
        ) : (
          <>
            <span className="text-diff__removed">Struck through</span>: only in this version.{' '}
            <span className="text-diff__added">Underlined</span>: only in the note now.
          </>
        )}
      </p>
      <div className="text-diff__text">
        {parts.map((part, index) => {
          // The diff never reorders, so a part's index is a stable key for its text.
          const key = `${index}-${part.kind}`;
          if (part.kind === 'added') return <ins key={key}>{part.text}</ins>;
          if (part.kind === 'removed') return <del key={key}>{part.text}</del>;
          return <span key={key}>{part.text}</span>;
        })}
      </div>
    </div>
  );
});
