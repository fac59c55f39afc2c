import { type ComponentType, lazy, Suspense, useRef, useState } from 'react';
import { useAppState, useController } from '../app-context.js';
import type { MarkdownEditorProps } from './codemirror/markdown-editor.js';
import type { HandedOverSelection, NoteEditorProps } from './note-editor-contract.js';
import { PlainNoteEditor } from './plain-note-editor.js';

type EditorComponent = ComponentType<MarkdownEditorProps>;

// CodeMirror and the spell checker are a chunk of their own, kept out of the initial JavaScript
// and fetched once the list shows and the page is idle, so that opening a note does not wait
// for it. Should the chunk fail to load (offline before it was cached), the plain textarea does
// the job for that note, and the next note opened tries again.
let loadedEditor: EditorComponent | undefined;
let loading: Promise<EditorComponent> | undefined;

function loadEditor(): Promise<EditorComponent> {
  loading ??= import('./codemirror/markdown-editor.js').then(
    (module) => (loadedEditor = module.default),
    () => {
      loading = undefined;
      lazyEditor = lazyLoadedEditor();
      return PlainNoteEditor;
    },
  );
  return loading;
}

// React keeps a lazy component's first outcome, so a failed load needs a new one to retry.
const lazyLoadedEditor = () => lazy(async () => ({ default: await loadEditor() }));
let lazyEditor = lazyLoadedEditor();

/** Loads the editor when the page is next idle (at once where the browser cannot tell). */
export function preloadEditor(): void {
  if (loading) return;
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(() => void loadEditor(), { timeout: 5000 });
  } else void loadEditor();
}

export function NoteEditor(props: NoteEditorProps) {
  // Chosen once per mount: swapping the component type later would remount the editor.
  const [Editor] = useState<EditorComponent>(() => loadedEditor ?? lazyEditor);
  // While the editor loads, the textarea takes the typing; the editor then takes over its cursor.
  const handedOver = useRef<HandedOverSelection | undefined>(undefined);
  // The spell-check language and the words added to the dictionary are the account's.
  const spelling = useAppState((state) => state.spelling);
  const controller = useController();
  return (
    <Suspense
      fallback={
        <PlainNoteEditor {...props} onHandOver={(selection) => (handedOver.current = selection)} />
      }
    >
      <Editor
        {...props}
        spelling={spelling}
        onAddWord={(word) => void controller.spelling.addWord(word)}
        takeOver={() => {
          const selection = handedOver.current;
          handedOver.current = undefined;
          return selection?.noteId === props.noteId ? selection : undefined;
        }}
      />
    </Suspense>
  );
}
