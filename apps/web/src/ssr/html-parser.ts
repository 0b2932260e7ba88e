import { parse, type DefaultTreeAdapterMap } from 'parse5';
import type { HtmlBodyParser } from '../lib/rich-text';

type P5Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['parentNode'];

/**
 * The few DOM members lib/rich-text.ts reads (nodeType, localName, childNodes, nodeValue, textContent,
 * getAttribute), over a parse5 tree. parse5 follows the HTML standard's parsing algorithm, like the browser's
 * DOMParser, so a trip text (even a malformed one) becomes the same tree on both sides of hydration.
 */
class NodeView {
  constructor(private readonly node: P5Node) {}

  get nodeType(): number {
    if (this.node.nodeName === '#text') return 3;
    return 'tagName' in this.node ? 1 : 8;
  }

  get localName(): string {
    return 'tagName' in this.node ? this.node.tagName : '';
  }

  get nodeValue(): string | null {
    return this.node.nodeName === '#text' ? (this.node as DefaultTreeAdapterMap['textNode']).value : null;
  }

  get childNodes(): NodeView[] {
    const kids = 'childNodes' in this.node ? this.node.childNodes : [];
    // <template> keeps its children in `content`; rich-text drops templates, so its children never matter.
    return kids.map((k) => new NodeView(k));
  }

  get textContent(): string {
    const v = this.nodeValue;
    if (v !== null) return v;
    return this.childNodes.map((c) => (c.nodeType === 8 ? '' : c.textContent)).join('');
  }

  getAttribute(name: string): string | null {
    if (!('attrs' in this.node)) return null;
    return this.node.attrs.find((a) => a.name === name)?.value ?? null;
  }
}

/** The document's <body>, as rich-text.ts expects it from DOMParser. */
export const parse5Body: HtmlBodyParser = (html) => {
  const doc = parse(html);
  const htmlEl = doc.childNodes.find((n) => n.nodeName === 'html');
  const body = htmlEl && 'childNodes' in htmlEl ? htmlEl.childNodes.find((n) => n.nodeName === 'body') : undefined;
  if (!body) throw new Error('parse5 gave no body');
  return new NodeView(body) as unknown as Node;
};
