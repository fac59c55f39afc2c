import katex from 'katex';
import 'katex/dist/katex.min.css';

// KaTeX's styles and fonts come with this chunk, from Quire's own origin. Drawing into the page
// (not into an HTML string) sets KaTeX's sizes through the DOM, which the policy allows.

/** Draws a formula into `into`; the reason when the TeX cannot be read. */
export function drawFormula(into: HTMLElement, tex: string, display: boolean): string | null {
  try {
    katex.render(tex, into, {
      displayMode: display,
      throwOnError: true,
      // No \href, \url, \includegraphics or HTML from a formula.
      trust: false,
      strict: 'ignore',
      maxExpand: 500,
      maxSize: 50,
    });
    return null;
  } catch (error) {
    into.replaceChildren();
    return error instanceof Error ? error.message : String(error);
  }
}
