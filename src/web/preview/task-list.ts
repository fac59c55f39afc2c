import { markdownLanguage } from '@codemirror/lang-markdown';

/** A task box written in a note: where its `[ ]` or `[x]` starts, and whether it is ticked. */
export interface WrittenTask {
  from: number;
  checked: boolean;
}

/**
 * The task boxes of a note in document order, found by the editor's own GitHub-flavoured
 * Markdown parser, so the preview and the editor agree on what is a task.
 */
export function writtenTasks(text: string): WrittenTask[] {
  const tasks: WrittenTask[] = [];
  markdownLanguage.parser.parse(text).iterate({
    enter(node) {
      if (node.name === 'TaskMarker') {
        tasks.push({ from: node.from, checked: text.slice(node.from, node.to) !== '[ ]' });
      }
    },
  });
  return tasks;
}

/**
 * The text with the `index`th task box ticked or unticked, when the text still holds the task
 * boxes that were shown (`shown`, each ticked or not); null when it does not, so a box drawn
 * from an older text never edits the wrong line.
 */
export function toggleTask(text: string, index: number, shown: readonly boolean[]): string | null {
  const tasks = writtenTasks(text);
  const task = tasks[index];
  if (!task || tasks.length !== shown.length || tasks.some((t, i) => t.checked !== shown[i])) {
    return null;
  }
  const mark = task.checked ? ' ' : 'x';
  return `${text.slice(0, task.from + 1)}${mark}${text.slice(task.from + 2)}`;
}
