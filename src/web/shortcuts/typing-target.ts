/**
 * Whether a key press goes to something that takes text: an input, a text area, a select or any
 * contenteditable. Read from the event's composed path, since an event from inside a shadow root
 * (the editor lives in one) reaches window listeners retargeted to the shadow host.
 */
export function isTypingTarget(event: Pick<Event, 'composedPath' | 'target'>): boolean {
  const path = event.composedPath();
  return (path.length > 0 ? path : [event.target]).some(
    (node) =>
      node instanceof HTMLElement &&
      (node.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(node.tagName)),
  );
}
