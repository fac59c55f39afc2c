import { describe, expect, it } from 'vitest';
import { readImportFile } from './read-import-file.js';

const limits = { maxUnpacked: 1024 * 1024, maxEntries: 100 };
const GUID_A = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const GUID_B = '22222222-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const link = (guid: string, text: string) =>
  `<a href="evernote:///view/5/s1/${guid}/${guid}/">${text}</a>`;

function enex(notes: { title: string; html: string }[]): string {
  const items = notes.map(
    ({ title, html }) =>
      `<note><title>${title}</title><content><![CDATA[<en-note><div>${html}</div></en-note>]]></content></note>`,
  );
  return `<?xml version="1.0"?><en-export>${items.join('')}</en-export>`;
}

const bodies = async (text: string) =>
  (await readImportFile('linked.enex', Buffer.from(text), limits)).notes.map((note) => note.body);

describe('Evernote note links', () => {
  it('lead two notes of one title to each other, and titles become unique', async () => {
    expect(
      await bodies(
        enex([
          { title: 'Same', html: `first, see ${link(GUID_B, 'Same')}` },
          { title: 'Same', html: `second, see ${link(GUID_A, 'Same')}` },
          { title: 'Hub', html: `${link(GUID_A, 'Same')} ${link(GUID_B, 'the other')}` },
        ]),
      ),
    ).toEqual([
      'Same\n\nfirst, see [[Same (2)|Same]]',
      'Same (2)\n\nsecond, see [[Same]]',
      'Hub\n\n[[Same]] [[Same (2)|the other]]',
    ]);
  });

  it('send two ids of one text to two notes, and leave a link to no note as it was', async () => {
    expect(
      await bodies(
        enex([
          {
            title: 'Hub',
            html: `${link(GUID_A, 'Same')} ${link(GUID_B, 'Same')} ${link(GUID_A, 'Same')}`,
          },
          { title: 'Same', html: 'one' },
          { title: 'Same', html: 'two' },
          { title: 'Lost', html: link('33333333-cccc-4ccc-8ccc-cccccccccccc', 'Gone') },
        ]),
      ),
    ).toEqual([
      'Hub\n\n[[Same]] [[Same (2)|Same]] [[Same]]',
      'Same\n\none',
      'Same (2)\n\ntwo',
      'Lost\n\n[Gone](evernote:///view/5/s1/33333333-cccc-4ccc-8ccc-cccccccccccc/33333333-cccc-4ccc-8ccc-cccccccccccc/)',
    ]);
  });
});
