import mermaid from 'mermaid';
import { DIAGRAM_LIMITS, type DiagramAnswer, type DrawDiagram } from './diagram-messages.js';

// The diagram page: Mermaid draws in it, under a policy that lets its inline styles apply,
// and only the SVG text goes back, which the preview shows as a picture (docs/security.md).

const answer = (message: DiagramAnswer) =>
  window.parent.postMessage(message, window.location.origin);

let drawn = 0;
let queue: Promise<void> = Promise.resolve();

async function draw({ id, source, dark }: DrawDiagram): Promise<void> {
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    // Labels as SVG text: a picture draws them the same everywhere.
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    maxTextSize: DIAGRAM_LIMITS.longestSource,
    maxEdges: DIAGRAM_LIMITS.mostEdges,
    suppressErrorRendering: true,
  });
  try {
    drawn += 1;
    const { svg } = await mermaid.render(`diagram-${drawn}`, source);
    const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
    const box =
      parsed
        .getAttribute('viewBox')
        ?.split(/[\s,]+/)
        .map(Number) ?? [];
    const title = parsed.querySelector('title')?.textContent?.trim() ?? '';
    answer({ type: 'drawn', id, svg, width: box[2] ?? 0, height: box[3] ?? 0, title });
  } catch (error) {
    answer({ type: 'failed', id, error: error instanceof Error ? error.message : String(error) });
  }
}

window.addEventListener('message', (event: MessageEvent<DrawDiagram>) => {
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  if (event.data?.type !== 'draw' || typeof event.data.source !== 'string') return;
  // One at a time: Mermaid keeps its settings and drawing space per page.
  queue = queue.then(() => draw(event.data));
});
answer({ type: 'ready' });
