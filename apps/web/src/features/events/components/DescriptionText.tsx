import { linkParts } from '../linkify';

/** An event's plain-text description: line breaks kept, http(s) addresses as links that open in a new tab. */
export function DescriptionText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={`event-description ${className ?? ''}`}>
      {linkParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
