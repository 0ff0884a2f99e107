/** A run of plain text, or a link found in it. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address: "see https://example.com." links without the dot.
const TRAILING = /[.,;:!?'")\]}]+$/;

/** The address as a link target when it is a well-formed http or https URL; null otherwise. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits plain text into text and http(s) links, for rendering as text nodes and anchors. Nothing
 * is parsed as markup, so `<script>` stays text; only http and https addresses become links.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING, '');
    const href = safeHref(raw);
    if (!href) continue;
    const at = match.index;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    parts.push({ kind: 'link', text: raw, href });
    last = at + raw.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
