import { describe, expect, it } from 'vitest';
import { parseRichText, richTextToPlain } from './rich-text.ts';

describe('parseRichText', () => {
  it('splits paragraphs at blank lines', () => {
    expect(parseRichText('First paragraph.\n\nSecond paragraph.')).toEqual([
      { type: 'paragraph', text: 'First paragraph.' },
      { type: 'paragraph', text: 'Second paragraph.' },
    ]);
  });

  it('joins the lines of one paragraph with a space', () => {
    expect(parseRichText('Line one\nline two')).toEqual([{ type: 'paragraph', text: 'Line one line two' }]);
  });

  it('reads "## " lines as headings', () => {
    expect(parseRichText('## Delivery\n\nWe deliver daily.')).toEqual([
      { type: 'heading', text: 'Delivery' },
      { type: 'paragraph', text: 'We deliver daily.' },
    ]);
  });

  it('a heading needs no blank line around it', () => {
    expect(parseRichText('Intro\n## Title\nBody')).toEqual([
      { type: 'paragraph', text: 'Intro' },
      { type: 'heading', text: 'Title' },
      { type: 'paragraph', text: 'Body' },
    ]);
  });

  it('collects consecutive "- " items into one list', () => {
    expect(parseRichText('Ingredients:\n- rice\n- carrots\n- lamb\n\nCook well.')).toEqual([
      { type: 'paragraph', text: 'Ingredients:' },
      { type: 'list', items: ['rice', 'carrots', 'lamb'] },
      { type: 'paragraph', text: 'Cook well.' },
    ]);
  });

  it('a blank line between items starts a new list', () => {
    expect(parseRichText('- a\n- b\n\n- c')).toEqual([
      { type: 'list', items: ['a', 'b'] },
      { type: 'list', items: ['c'] },
    ]);
  });

  it('text right after a list starts a paragraph', () => {
    expect(parseRichText('- a\nafter')).toEqual([
      { type: 'list', items: ['a'] },
      { type: 'paragraph', text: 'after' },
    ]);
  });

  it('keeps everything else literal', () => {
    expect(parseRichText('# Not a heading\n\n###Nor this\n\n-not an item\n\n<b>x</b> **y**')).toEqual([
      { type: 'paragraph', text: '# Not a heading' },
      { type: 'paragraph', text: '###Nor this' },
      { type: 'paragraph', text: '-not an item' },
      { type: 'paragraph', text: '<b>x</b> **y**' },
    ]);
  });

  it('handles CRLF, surrounding blank lines, extra spaces and empty markers', () => {
    expect(parseRichText('\r\n\r\n##   Title  \r\n-  item  \r\n- \r\n## \r\n\r\n\r\n  text  \r\n')).toEqual([
      { type: 'heading', text: 'Title' },
      { type: 'list', items: ['item'] },
      { type: 'paragraph', text: 'text' },
    ]);
  });

  it('an empty body has no blocks', () => {
    expect(parseRichText('')).toEqual([]);
    expect(parseRichText('\n \n')).toEqual([]);
  });

  it('works in every script', () => {
    expect(parseRichText("## Yetkazib berish\n\n- Toshkent bo'ylab\n- Bepul")).toEqual([
      { type: 'heading', text: 'Yetkazib berish' },
      { type: 'list', items: ["Toshkent bo'ylab", 'Bepul'] },
    ]);
  });
});

describe('richTextToPlain', () => {
  it('joins the blocks text', () => {
    expect(richTextToPlain('## Title\n\nBody text.\n- one\n- two')).toBe('Title Body text. one two');
  });
});
