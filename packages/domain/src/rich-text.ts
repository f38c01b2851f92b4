/**
 * The content bodies' markdown subset, parsed into blocks the storefront renders as plain React
 * elements (no dangerouslySetInnerHTML, so a body can never inject markup):
 * - '## ' starts a heading (one line);
 * - '- ' starts a list item; consecutive items form one list;
 * - any other non-blank lines form a paragraph, its lines joined with a space;
 * - a blank line ends the current paragraph or list.
 * A marker with nothing after it ('##', '-') is dropped rather than shown as a stray symbol.
 * Everything else is literal text: '#', '**', '<b>' stay as typed.
 */
export type RichTextBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] };

const HEADING = /^##(?:[ \t]+(.*))?$/;
const LIST_ITEM = /^-(?:[ \t]+(.*))?$/;

export const parseRichText = (source: string): RichTextBlock[] => {
  const blocks: RichTextBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list.length > 0) blocks.push({ type: 'list', items: list });
    paragraph = [];
    list = [];
  };

  for (const rawLine of source.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const text = heading[1]?.trim() ?? '';
      if (text) blocks.push({ type: 'heading', text });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      // Paragraph text just before stays its own block: flush emits a paragraph before the list.
      const text = item[1]?.trim() ?? '';
      if (text) list.push(text);
      continue;
    }
    // Text right after a list ends the list and starts a paragraph.
    if (list.length > 0) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
};

/** The plain text of a body (for meta descriptions and JSON-LD): blocks joined by spaces. */
export const richTextToPlain = (source: string): string =>
  parseRichText(source)
    .map((b) => (b.type === 'list' ? b.items.join(' ') : b.text))
    .join(' ');
