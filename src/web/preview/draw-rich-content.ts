import { DIAGRAM_LIMITS } from './diagram-messages.js';

/** Past these counts and sizes, formulas and diagrams show as the code they are. */
export const MOST_FORMULAS = 1000;
export const LONGEST_FORMULA = 5000;
export const MOST_DIAGRAMS = 10;

/** How long drawing holds the page before letting it take input again. */
const SLICE_MS = 12;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Says on a formula or diagram left as code why it was not drawn. */
function leftAsCode(element: HTMLElement, reason: string): void {
  element.classList.add('note-preview__not-drawn');
  element.title = reason;
}

async function drawFormulas(root: HTMLElement, signal: AbortSignal): Promise<void> {
  const placeholders = Array.from(root.querySelectorAll<HTMLElement>('code[data-math]'));
  if (placeholders.length === 0) return;
  const { drawFormula } = await import('./draw-math.js');
  let sliceStart = performance.now();
  for (const [index, code] of placeholders.entries()) {
    if (signal.aborted) return;
    const tex = code.textContent ?? '';
    if (index >= MOST_FORMULAS) {
      leftAsCode(code, `Not drawn: a note shows its first ${MOST_FORMULAS} formulas`);
      continue;
    }
    if (tex.length > LONGEST_FORMULA) {
      leftAsCode(code, 'Not drawn: the formula is too long');
      continue;
    }
    const display = code.dataset.math === 'display';
    const math = document.createElement(display ? 'div' : 'span');
    math.className = display
      ? 'note-preview__math note-preview__math--display'
      : 'note-preview__math';
    const error = drawFormula(math, tex, display);
    if (error === null) code.replaceWith(math);
    else leftAsCode(code, error);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
}

async function drawDiagrams(root: HTMLElement, signal: AbortSignal): Promise<void> {
  const blocks = Array.from(root.querySelectorAll<HTMLElement>('pre[data-diagram]'));
  if (blocks.length === 0) return;
  const { drawDiagram } = await import('./diagram-drawing.js');
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  for (const [index, block] of blocks.entries()) {
    if (signal.aborted) return;
    const source = block.textContent ?? '';
    if (index >= MOST_DIAGRAMS) {
      leftAsCode(block, `Not drawn: a note shows its first ${MOST_DIAGRAMS} diagrams`);
      continue;
    }
    if (source.length > DIAGRAM_LIMITS.longestSource) {
      leftAsCode(block, 'Not drawn: the diagram is too large');
      continue;
    }
    const drawn = await drawDiagram(source, dark);
    if (signal.aborted) return;
    if (drawn.type === 'failed') {
      leftAsCode(block, `Not drawn: ${drawn.error}`);
      continue;
    }
    // A picture: whatever the diagram holds cannot run, fetch or restyle the page.
    const picture = document.createElement('img');
    picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn.svg)}`;
    picture.alt = drawn.title || 'Diagram';
    if (drawn.width > 0 && drawn.height > 0) {
      picture.width = Math.ceil(drawn.width);
      picture.height = Math.ceil(drawn.height);
    }
    const figure = document.createElement('figure');
    figure.className = 'note-preview__diagram';
    figure.append(picture);
    block.replaceWith(figure);
  }
}

/**
 * Draws the formulas (KaTeX) and Mermaid diagrams of a rendered note, each library loaded the
 * first time a note has what it draws. Formulas are drawn a slice at a time so typing and
 * scrolling go on; the returned function stops the drawing (the note changed).
 */
export function drawRichContent(root: HTMLElement): () => void {
  const controller = new AbortController();
  const failed = (error: unknown) => console.error('The preview could not draw', error);
  drawFormulas(root, controller.signal).catch(failed);
  drawDiagrams(root, controller.signal).catch(failed);
  return () => controller.abort();
}
