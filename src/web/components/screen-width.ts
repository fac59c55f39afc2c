/** From this width list and note show side by side (docs/interface.md#layout-by-screen-width). */
const WIDE_SCREEN = '(min-width: 680px)';

/** Whether one pane shows at a time (the browser's, not a guess from the user agent). */
export const isNarrowScreen = () => !matchMedia(WIDE_SCREEN).matches;
