import { parseRichText } from '@app/domain';
import { cn } from './cn';

/**
 * A content body (the API's markdown subset) as plain React elements. Text is never parsed as HTML,
 * so a body cannot inject markup.
 */
export function RichText({ source, className }: { source: string; className?: string }) {
  const blocks = parseRichText(source);
  return (
    <div className={cn('space-y-4 leading-relaxed', className)}>
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        if (block.type === 'heading') {
          return (
            <h2 key={key} className="pt-2 text-xl font-bold">
              {block.text}
            </h2>
          );
        }
        if (block.type === 'list') {
          return (
            <ul key={key} className="list-disc space-y-1 pl-6">
              {block.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: items are static text in a fixed order.
                <li key={i}>{item}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
