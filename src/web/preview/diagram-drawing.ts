import { DIAGRAM_FRAME_PATH } from '../../shared/diagram-frame.js';
import type { DiagramAnswer, DrawDiagram } from './diagram-messages.js';

export type DrawnDiagram = Extract<DiagramAnswer, { type: 'drawn' | 'failed' }>;

/** Diagrams drawn, by theme and source: reopening a preview draws nothing again. */
const drawnBySource = new Map<string, DrawnDiagram>();
const MOST_KEPT = 50;

let frame: Promise<HTMLIFrameElement> | undefined;
const waiting = new Map<number, (answer: DrawnDiagram) => void>();
let lastId = 0;

/**
 * The page Mermaid draws in, made on first use: kept out of sight but laid out, as Mermaid
 * measures its text. Its own chunk is loaded only then.
 */
function diagramFrame(): Promise<HTMLIFrameElement> {
  frame ??= new Promise((resolve) => {
    const element = document.createElement('iframe');
    element.className = 'note-preview__diagram-frame';
    element.title = 'Diagram drawing';
    element.tabIndex = -1;
    element.setAttribute('aria-hidden', 'true');
    window.addEventListener('message', (event: MessageEvent<DiagramAnswer>) => {
      if (event.origin !== window.location.origin || event.source !== element.contentWindow) return;
      const message = event.data;
      if (message.type === 'ready') resolve(element);
      else {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
    element.src = DIAGRAM_FRAME_PATH;
    document.body.append(element);
  });
  return frame;
}

/** A Mermaid diagram drawn as SVG, or why it was not. */
export async function drawDiagram(source: string, dark: boolean): Promise<DrawnDiagram> {
  const key = `${dark ? 'dark' : 'light'}\n${source}`;
  const known = drawnBySource.get(key);
  if (known) return known;
  const target = (await diagramFrame()).contentWindow;
  lastId += 1;
  const request: DrawDiagram = { type: 'draw', id: lastId, source, dark };
  const drawn = await new Promise<DrawnDiagram>((resolve) => {
    waiting.set(request.id, resolve);
    target?.postMessage(request, window.location.origin);
  });
  if (drawnBySource.size >= MOST_KEPT) {
    drawnBySource.delete(drawnBySource.keys().next().value as string);
  }
  drawnBySource.set(key, drawn);
  return drawn;
}
