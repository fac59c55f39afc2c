import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A panel opened by a button: once open, the focus goes to the panel's first `focusFirst`
 * element, and a press anywhere outside the two closes it.
 */
export function usePopover<Panel extends HTMLElement>(
  focusFirst: string,
): {
  open: boolean;
  setOpen: (open: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
  panel: RefObject<Panel | null>;
} {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<Panel>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(focusFirst)?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, focusFirst]);
  return { open, setOpen, button, panel };
}
