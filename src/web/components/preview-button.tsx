import { useAppState, useController } from '../app-context.js';
import { EyeIcon } from './find-icons.js';
import './preview-button.css';

export const PREVIEW_BUTTON_ID = 'preview-button';

/** "Preview" in the detail toolbar: shows the note rendered, pressed again goes back to editing. */
export function PreviewButton() {
  const controller = useController();
  const isOpen = useAppState((state) => state.find.isPreviewOpen);
  return (
    <button
      id={PREVIEW_BUTTON_ID}
      className="button"
      type="button"
      aria-pressed={isOpen}
      title="Preview"
      onClick={() => controller.find.togglePreview()}
    >
      <EyeIcon />
      <span className="button__label">Preview</span>
    </button>
  );
}
