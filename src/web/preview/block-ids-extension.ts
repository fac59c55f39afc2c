import type { MarkedExtension } from 'marked';

/** A block's id at the end of its line, as Obsidian writes it for `[[Note#^id]]` links. */
const BLOCK_ID = /^[ \t]*\^[A-Za-z0-9-]+[ \t]*(?=\n|$)/;

/**
 * Block ids (`text ^b15695`, or `^id` alone under a list or table) are marks for links, not
 * text: the preview leaves them out, as Obsidian does.
 */
export const blockIds: MarkedExtension = {
  extensions: [
    {
      name: 'blockId',
      level: 'inline',
      start(src) {
        const at = src.search(/[ \t]\^[A-Za-z0-9-]/);
        return at === -1 ? undefined : at;
      },
      tokenizer(src) {
        const id = BLOCK_ID.exec(src);
        return id ? { type: 'blockId', raw: id[0] } : undefined;
      },
      renderer: () => '',
    },
  ],
};
