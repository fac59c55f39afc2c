import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html.js';

const NOTES: Record<string, string> = {
  other: '# Other\nSome **text**\n\n![[Third]]\n\n$x^2$',
  third: '# Third\nDeep',
};
const textOf = (target: string) => NOTES[target.toLowerCase()];
const render = (text: string) => markdownToHtml(text, textOf);

describe('note embeds in the preview', () => {
  it("shows a line's ![[Note]] as that note's text in place, with a link to it", () => {
    expect(render('Before\n\n![[Other]]\n\nAfter')).toBe(
      '<p>Before</p>\n<div data-embed=""><p><a href="#note:Other">Other</a></p>\n' +
        '<h1>Other</h1>\n<p>Some <strong>text</strong></p>\n' +
        '<p><a href="#note:Third">Third</a></p>\n' +
        '<p><code data-math="inline">x^2</code></p>\n</div>\n<p>After</p>\n',
    );
  });

  it('goes one level deep: an embed inside an embedded note is a link', () => {
    const html = render('![[Other]]');
    expect(html).toContain('<a href="#note:Third">Third</a>');
    expect(html).not.toContain('Deep');
    // A note embedding itself shows itself once.
    NOTES.self = '# Self\n![[Self]]';
    expect(render('![[Self]]').match(/data-embed/g)).toHaveLength(1);
  });

  it('leaves a name that is no note (a picture, a file) as it was written', () => {
    expect(render('![[picture.png]]')).toBe(
      '<p>!<a href="#note:picture.png">picture.png</a></p>\n',
    );
    expect(render('![[picture.png]]')).toBe(markdownToHtml('![[picture.png]]'));
  });

  it('embeds only a line of its own; in a sentence or in code it stays as written', () => {
    expect(render('See ![[Other]] here')).toBe(
      '<p>See !<a href="#note:Other">Other</a> here</p>\n',
    );
    expect(render('```\n![[Other]]\n```')).toBe('<pre><code>![[Other]]\n</code></pre>\n');
    expect(render('- ![[Third]]')).toContain('<div data-embed="">');
  });

  it('shows only the section or block an embed names, and a link when there is none', () => {
    NOTES.guide = '# Guide\nIntro\n## Day 2\nTram 28 ^tram\n## Day 3\nRest';
    const section = render('![[Guide#Day 2]]');
    expect(section).toContain('<h2>Day 2</h2>\n<p>Tram 28</p>');
    expect(section).not.toContain('Intro');
    expect(section).not.toContain('Rest');
    expect(render('![[Guide#^tram|the tram]]')).toBe(
      '<div data-embed=""><p><a href="#note:Guide">the tram</a></p>\n<p>Tram 28</p>\n</div>\n',
    );
    expect(render('![[Guide#Day 9]]')).toBe('<p><a href="#note:Guide">Guide#Day 9</a></p>\n');
  });

  it('shows the first embeds of a note and links the rest', () => {
    const html = render(Array.from({ length: 25 }, () => '![[Third]]').join('\n\n'));
    expect(html.match(/data-embed/g)).toHaveLength(20);
    expect(html.match(/<p><a href="#note:Third">Third<\/a><\/p>/g)).toHaveLength(25);
  });
});
