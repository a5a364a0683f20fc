import { Fragment, useMemo, type ReactNode } from 'react';

import { cn } from '@/utils/cn';

import { parseMarkdown, type Block, type Inline } from '../utils/markdown';

export type MarkdownProps = {
  /** The assistant's text (Markdown); HTML in it is shown as text, never interpreted. */
  text: string;
  className?: string;
};

const linkClass =
  'text-primary rounded-sm font-medium underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

function renderInline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'emphasis':
        return <em key={index}>{renderInline(node.children)}</em>;
      case 'code':
        return (
          <code key={index} className="bg-muted rounded px-1 py-0.5 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            {renderInline(node.children)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        );
    }
  });
}

function renderBlocks(blocks: readonly Block[]): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'paragraph':
        return <p key={index}>{renderInline(block.children)}</p>;
      case 'heading':
        // Shown as a bold line: the page's headings keep their order.
        return (
          <p key={index} className="font-semibold">
            {renderInline(block.children)}
          </p>
        );
      case 'blockquote':
        return (
          <blockquote
            key={index}
            className="border-primary/40 text-muted-foreground flex flex-col gap-2 border-l-4 pl-3"
          >
            {renderBlocks(block.children)}
          </blockquote>
        );
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex} className="pl-1 [&>*+*]:mt-2">
            {renderBlocks(item)}
          </li>
        ));
        return block.ordered ? (
          <ol
            key={index}
            start={block.start === 1 ? undefined : block.start}
            className="ml-5 flex list-decimal flex-col gap-1"
          >
            {items}
          </ol>
        ) : (
          <ul key={index} className="ml-5 flex list-disc flex-col gap-1">
            {items}
          </ul>
        );
      }
      case 'code':
        return (
          <pre
            key={index}
            // Wrapped rather than scrolled: nothing on a phone scrolls sideways.
            className="bg-muted rounded-md p-3 font-mono text-sm break-words whitespace-pre-wrap"
          >
            <code>{block.text}</code>
          </pre>
        );
      case 'rule':
        return <hr key={index} className="border-border" />;
    }
  });
}

/**
 * The assistant's Markdown as safe React elements: a small subset (see `utils/markdown.ts`), every
 * piece of text rendered as text, links only to http(s) addresses, opening in a new tab.
 */
export function Markdown({ text, className }: MarkdownProps) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className={cn('flex min-w-0 flex-col gap-3 break-words', className)}>
      {renderBlocks(blocks)}
    </div>
  );
}
