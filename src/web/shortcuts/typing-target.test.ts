// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isTypingTarget } from './typing-target.js';

/** Whether a window listener in the capture phase, as the shortcuts use, sees typing. */
function pressIn(target: HTMLElement): boolean {
  let typing: boolean | undefined;
  const listener = (event: KeyboardEvent) => {
    // A browser retargets the event to the shadow host; only its composed path goes inside.
    typing = isTypingTarget({ target: document.body, composedPath: () => event.composedPath() });
  };
  window.addEventListener('keydown', listener, { capture: true });
  target.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, composed: true }));
  window.removeEventListener('keydown', listener, { capture: true });
  if (typing === undefined) throw new Error('the key press did not reach window');
  return typing;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('isTypingTarget', () => {
  it('sees a contenteditable inside a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const content = document.createElement('div');
    content.contentEditable = 'true';
    host.attachShadow({ mode: 'open' }).append(content);
    expect(pressIn(content)).toBe(true);
  });

  it('sees inputs and text areas, and not buttons or links', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      const field = document.createElement(tag);
      document.body.append(field);
      expect(pressIn(field)).toBe(true);
    }
    for (const tag of ['button', 'a']) {
      const control = document.createElement(tag);
      document.body.append(control);
      expect(pressIn(control)).toBe(false);
    }
  });
});
