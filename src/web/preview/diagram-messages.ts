/** What the preview asks the diagram page to draw. */
export interface DrawDiagram {
  type: 'draw';
  id: number;
  source: string;
  dark: boolean;
}

/** The page's answer: the diagram as SVG and its size, or why it could not be drawn. */
export type DiagramAnswer =
  | { type: 'ready' }
  | { type: 'drawn'; id: number; svg: string; width: number; height: number; title: string }
  | { type: 'failed'; id: number; error: string };

/** Past these a diagram is not drawn: it shows as its code. */
export const DIAGRAM_LIMITS = { longestSource: 10_000, mostEdges: 300 } as const;
