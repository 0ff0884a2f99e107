import { LinkedText } from '../../../lib/ui/LinkedText';

/** An event's plain-text description: line breaks kept, http(s) addresses as links that open in a new tab. */
export function DescriptionText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={`event-description ${className ?? ''}`}>
      <LinkedText text={text} />
    </p>
  );
}
