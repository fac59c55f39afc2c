/**
 * The page the preview draws Mermaid diagrams in: Mermaid styles what it draws with inline
 * styles, which the app's pages forbid; this page alone allows them (docs/security.md).
 */
export const DIAGRAM_FRAME_PATH = '/diagram-frame.html';
