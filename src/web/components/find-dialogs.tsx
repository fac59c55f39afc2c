import { useAppState } from '../app-context.js';
import { useShortcuts } from '../shortcuts/use-shortcuts.js';
import { QuickSwitcher } from './quick-switcher.js';
import { ShortcutsDialog } from './shortcuts-dialog.js';

/** The keyboard shortcuts of the notes screen, and the dialogs they open. */
export function FindDialogs() {
  useShortcuts();
  const dialog = useAppState((state) => state.find.dialog);
  if (dialog === 'quickSwitcher') return <QuickSwitcher />;
  if (dialog === 'shortcuts') return <ShortcutsDialog />;
  return null;
}
