import { type EditorState, type Range, StateField, type Text } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import {
  type AttachmentReference,
  attachmentPath,
  findReferences,
} from '../../attachments/attachment-reference.js';

/** A picture the note refers to, drawn below its line at the column's width. */
class PictureWidget extends WidgetType {
  constructor(readonly reference: AttachmentReference) {
    super();
  }

  override eq(other: PictureWidget) {
    return (
      other.reference.id === this.reference.id && other.reference.label === this.reference.label
    );
  }

  toDOM(view: EditorView) {
    const box = document.createElement('div');
    box.className = 'cm-attachment cm-attachment--picture';
    const image = document.createElement('img');
    image.src = attachmentPath(this.reference.id);
    image.alt = this.reference.label;
    image.loading = 'lazy';
    // The line heights CodeMirror measured change once the picture is in.
    image.addEventListener('load', () => view.requestMeasure());
    box.append(image);
    return box;
  }

  override get estimatedHeight() {
    return 200;
  }
}

/** Any other file: a chip with its name, type and size that opens or downloads it. */
class FileChipWidget extends WidgetType {
  constructor(readonly reference: AttachmentReference) {
    super();
  }

  override eq(other: FileChipWidget) {
    const [a, b] = [this.reference, other.reference];
    return a.id === b.id && a.label === b.label && a.title === b.title;
  }

  toDOM() {
    const box = document.createElement('div');
    box.className = 'cm-attachment';
    const chip = document.createElement('a');
    chip.className = 'cm-attachment-chip';
    chip.href = attachmentPath(this.reference.id);
    chip.target = '_blank';
    chip.rel = 'noopener';
    const name = document.createElement('span');
    name.className = 'cm-attachment-chip__name';
    name.textContent = this.reference.label || 'file';
    chip.append(name);
    if (this.reference.title) {
      const details = document.createElement('span');
      details.className = 'cm-attachment-chip__details';
      details.textContent = this.reference.title;
      chip.append(details);
    }
    box.append(chip);
    return box;
  }
}

/** The embeds of the lines from `from` to `to`, each below the line that refers to it. */
function embedsOf(doc: Text, from: number, to: number): Range<Decoration>[] {
  const found: Range<Decoration>[] = [];
  for (let pos = from; pos <= to; ) {
    const line = doc.lineAt(pos);
    if (line.text.includes('/api/attachments/')) {
      for (const reference of findReferences(line.text)) {
        const widget = reference.picture
          ? new PictureWidget(reference)
          : new FileChipWidget(reference);
        found.push(Decoration.widget({ widget, block: true, side: 1 }).range(line.to));
      }
    }
    pos = line.to + 1;
  }
  return found;
}

/**
 * Pictures and file chips below the lines that refer to them. Block widgets must come from
 * state; on an edit only the changed lines are read again, so typing stays cheap in long notes.
 */
export const attachmentEmbeds = StateField.define<DecorationSet>({
  create: (state: EditorState) => Decoration.set(embedsOf(state.doc, 0, state.doc.length), true),
  update(embeds, transaction) {
    if (!transaction.docChanged) return embeds;
    let next = embeds.map(transaction.changes);
    const doc = transaction.state.doc;
    transaction.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
      const from = doc.lineAt(fromB).from;
      const to = doc.lineAt(toB).to;
      next = next.update({
        filter: (at) => at < from || at > to,
        add: embedsOf(doc, from, to),
        sort: true,
      });
    });
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

export const attachmentEmbedTheme = EditorView.baseTheme({
  '.cm-attachment': { padding: '0.25em 0' },
  '.cm-attachment--picture img': {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '32em',
    height: 'auto',
    borderRadius: '4px',
  },
  '.cm-attachment-chip': {
    display: 'inline-flex',
    gap: '0.75em',
    alignItems: 'baseline',
    padding: '0.25em 0.75em',
    border: '1px solid currentColor',
    borderRadius: '999px',
    textDecoration: 'none',
    color: 'inherit',
    fontSize: '0.9em',
  },
  '.cm-attachment-chip__details': { opacity: '0.7' },
});
