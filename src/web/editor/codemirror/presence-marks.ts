import { type Extension, type Range, StateEffect } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from '@codemirror/view';
import * as Y from 'yjs';
import { type NotePresence, PEER_COLOURS, type PeerState } from '../../documents/note-presence.js';

/** A peer that has not typed or moved for this long fades away. */
export const IDLE_MS = 60_000;
/** How often peers' idleness is looked at again, while none moves. */
const RECHECK_MS = 5_000;

const refresh = StateEffect.define<null>();

/** Another window's caret, with its device's name beside it. */
class PeerCaret extends WidgetType {
  constructor(
    private readonly name: string,
    private readonly colour: number,
    private readonly idle: boolean,
  ) {
    super();
  }

  override eq(other: PeerCaret): boolean {
    return other.name === this.name && other.colour === this.colour && other.idle === this.idle;
  }

  toDOM(): HTMLElement {
    const caret = document.createElement('span');
    caret.className = peerClass('cm-peer-caret', this.colour, this.idle);
    caret.setAttribute('aria-hidden', 'true');
    // The name is drawn by the stylesheet, so it is never part of the note's text.
    caret.dataset.name = this.name;
    return caret;
  }

  override ignoreEvent(): boolean {
    return true;
  }
}

function peerClass(kind: string, colour: number, idle: boolean): string {
  const index = Math.abs(colour) % PEER_COLOURS;
  return `${kind} cm-peer-${index}${idle ? ' cm-peer--idle' : ''}`;
}

/** Where a relative position stands in the text now; undefined when it no longer does. */
function indexOf(json: unknown, doc: Y.Doc): number | undefined {
  try {
    const position = Y.createAbsolutePositionFromRelativePosition(
      Y.createRelativePositionFromJSON(json),
      doc,
    );
    return position?.index;
  } catch {
    return undefined;
  }
}

/**
 * The carets and selections of the same account's other windows in this note (docs/sync.md),
 * each labelled with its device and drawn in its colour; this window's own cursor is told to
 * them as it moves. A peer that stays idle for a minute fades.
 */
export function presenceMarks(presence: NotePresence): Extension {
  const { awareness } = presence;
  const doc = presence.doc.doc;
  const text = presence.doc.text;
  const plugin = ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      private readonly onChange = () => queueMicrotask(() => this.redraw());
      private readonly timer: ReturnType<typeof setInterval>;

      constructor(private readonly view: EditorView) {
        this.decorations = this.build();
        awareness.on('change', this.onChange);
        this.timer = setInterval(() => this.redraw(), RECHECK_MS);
        this.tell(view);
      }

      update(update: ViewUpdate): void {
        if (update.docChanged || update.transactions.some((tr) => tr.effects.some(isRefresh))) {
          this.decorations = this.build();
        }
        if (update.selectionSet || update.focusChanged) this.tell(update.view);
      }

      destroy(): void {
        awareness.off('change', this.onChange);
        clearInterval(this.timer);
      }

      private redraw(): void {
        if (this.view.dom.isConnected) this.view.dispatch({ effects: refresh.of(null) });
      }

      /** This window's cursor, as positions that follow the characters around it. */
      private tell(view: EditorView): void {
        const { anchor, head } = view.state.selection.main;
        const at = (index: number) =>
          Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, index));
        presence.moved({ anchor: at(anchor), head: at(head) });
      }

      private build(): DecorationSet {
        const marks: Range<Decoration>[] = [];
        const now = Date.now();
        const length = this.view.state.doc.length;
        for (const [client, value] of awareness.getStates()) {
          if (client === awareness.clientID) continue;
          const state = value as PeerState;
          if (!state.cursor || !state.user) continue;
          const anchor = indexOf(state.cursor.anchor, doc);
          const head = indexOf(state.cursor.head, doc);
          if (anchor === undefined || head === undefined || head > length || anchor > length) {
            continue;
          }
          const idle = now - (state.active ?? 0) >= IDLE_MS;
          const { name, colour } = state.user;
          const [from, to] = anchor < head ? [anchor, head] : [head, anchor];
          if (from < to) {
            marks.push(
              Decoration.mark({ class: peerClass('cm-peer-selection', colour, idle) }).range(
                from,
                to,
              ),
            );
          }
          marks.push(
            Decoration.widget({ widget: new PeerCaret(name, colour, idle), side: 1 }).range(head),
          );
        }
        return Decoration.set(marks, true);
      }
    },
    { decorations: (value) => value.decorations },
  );
  return [plugin, presenceTheme];
}

const isRefresh = (effect: StateEffect<unknown>) => effect.is(refresh);

// Eight colours that read on light and dark alike; a caret is a 2px bar with its name above.
const COLOURS = [
  '#d9480f',
  '#1971c2',
  '#2f9e44',
  '#ae3ec9',
  '#e8590c',
  '#0c8599',
  '#c2255c',
  '#5f3dc4',
];
const presenceTheme = EditorView.baseTheme({
  '.cm-peer-caret': {
    position: 'relative',
    borderLeft: '2px solid',
    marginLeft: '-1px',
    marginRight: '-1px',
    transition: 'opacity 2s',
  },
  '.cm-peer-caret::after': {
    content: 'attr(data-name)',
    position: 'absolute',
    top: '-1.35em',
    left: '-2px',
    fontSize: '0.7em',
    lineHeight: '1.2',
    padding: '0 4px',
    borderRadius: '3px 3px 3px 0',
    color: '#fff',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
  },
  '.cm-peer-selection': { transition: 'opacity 2s' },
  '.cm-peer--idle': { opacity: '0' },
  ...Object.fromEntries(
    COLOURS.flatMap((colour, index) => [
      [`.cm-peer-caret.cm-peer-${index}`, { borderColor: colour }],
      [`.cm-peer-${index}::after`, { backgroundColor: colour }],
      [`.cm-peer-selection.cm-peer-${index}`, { backgroundColor: `${colour}33` }],
    ]),
  ),
});
