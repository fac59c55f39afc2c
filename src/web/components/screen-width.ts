/** The spec's breakpoint: at this width and wider the list and the note show side by side. */
const WIDE_SCREEN = '(min-width: 680px)';

/** Whether one pane shows at a time (the browser's, not a guess from the user agent). */
export const isNarrowScreen = () => !matchMedia(WIDE_SCREEN).matches;
