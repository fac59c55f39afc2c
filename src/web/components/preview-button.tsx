import { useAppState, useController } from '../app-context.js';
import { EyeIcon } from './find-icons.js';
import './preview-button.css';

/** "Preview" in the detail toolbar: shows the note rendered, pressed again goes back to editing. */
export function PreviewButton() {
  const controller = useController();
  const isOpen = useAppState((state) => state.find.isPreviewOpen);
  return (
    <button
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
