/**
 * A reply as markdown (GitHub flavour), code blocks highlighted, web links opened outside the app.
 * Its URLs are the model's: only those `replyUrl` keeps stay, and no image is ever loaded (a web
 * one becomes a link to open in the browser, any other its words alone).
 */
import { createContext, isValidElement, memo, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { useCopy } from '../ui/useCopy.js';
import { highlight } from './highlight.js';
import { isAppRoute, isFootnoteLink, replyUrl } from './reply-urls.js';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function FencedCode({ code, language }: { code: string; language?: string }) {
  const t = useT();
  const html = useMemo(() => highlight(code, language), [code, language]);
  const { copied, copy } = useCopy();
  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span>{language ?? ''}</span>
        <button type="button" className="link-button" onClick={() => copy(code)} aria-label={t.common.copyCode}>
          <Icon name={copied ? 'check' : 'copy'} size={13} />
          {copied ? t.common.copied : t.common.copy}
        </button>
      </div>
      {html !== undefined ? (
        <pre>
          <code className={`hljs language-${language}`} dangerouslySetInnerHTML={{ __html: html }} />
        </pre>
      ) : (
        <pre>
          <code>{code}</code>
        </pre>
      )}
    </div>
  );
}

/**
 * A footnote's link scrolls to its note (or back) within the same reply: the page's hash is the
 * app's route, and another reply may have a note of the same number.
 */
function toFootnote(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  event.preventDefault();
  let id = href.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not decodable: looked for as written.
  }
  const reply = event.currentTarget.closest('.markdown');
  const target = [...(reply?.querySelectorAll('[id]') ?? [])].find((element) => element.id === id);
  target?.scrollIntoView({ block: 'nearest' });
}

/** Whether what renders sits inside a link (an image there is its words, never a link in a link). */
const InLink = createContext(false);

interface LinkProps {
  href?: string;
  children?: ReactNode;
  /** A footnote's links: the way back's name, and the note's heading describing a reference. */
  'aria-label'?: string;
  'aria-describedby'?: string;
}

function ReplyLink({ href, children, ...aria }: LinkProps) {
  const t = useT();
  if (!href)
    return (
      <span className="md-refused" title={t.chat.linkRefused}>
        {children}
      </span>
    );
  if (isFootnoteLink(href))
    return (
      <a href={href} {...aria} onClick={(event) => toFootnote(event, href)}>
        {children}
      </a>
    );
  const outside = isAppRoute(href) ? {} : { target: '_blank', rel: 'noreferrer noopener' };
  return (
    <a href={href} {...outside}>
      <InLink.Provider value={true}>{children}</InLink.Provider>
    </a>
  );
}

function ReplyImage({ src, alt }: { src?: unknown; alt?: string }) {
  const t = useT();
  const inLink = useContext(InLink);
  const words = alt?.trim() || t.chat.image;
  const web = typeof src === 'string' && /^https?:/i.test(src) ? src : undefined;
  if (!web || inLink)
    return (
      <span
        className={inLink ? 'md-image' : 'md-image md-refused'}
        title={t.chat.imageRefused}
        data-testid="reply-image"
      >
        {words}
      </span>
    );
  return (
    <a
      className="md-image"
      href={web}
      target="_blank"
      rel="noreferrer noopener"
      title={t.chat.imageLink}
      data-testid="reply-image"
    >
      <Icon name="external" size={12} />
      {words}
    </a>
  );
}

const components: Components = {
  pre({ children }) {
    const child = Array.isArray(children) ? children[0] : children;
    const className = isValidElement<{ className?: string }>(child) ? (child.props.className ?? '') : '';
    const language = /language-([\w+#-]+)/.exec(className)?.[1]?.toLowerCase();
    return <FencedCode code={textOf(children).replace(/\n$/, '')} language={language} />;
  },
  a({ href, children, 'aria-label': label, 'aria-describedby': describedBy }) {
    return (
      <ReplyLink href={href} aria-label={label} aria-describedby={describedBy}>
        {children}
      </ReplyLink>
    );
  },
  img({ src, alt }) {
    return <ReplyImage src={src} alt={alt} />;
  },
  table({ children }) {
    return (
      <div className="md-table">
        <table>{children}</table>
      </div>
    );
  },
};

const plugins = [remarkGfm];

/** A reply's footnotes: their heading for a screen reader only, it and their ways back in the UI's language. */
function useFootnoteWords(): Options['remarkRehypeOptions'] {
  const t = useT();
  return useMemo(
    () => ({
      footnoteLabel: t.chat.footnotes,
      footnoteLabelProperties: { className: ['visually-hidden'] },
      footnoteBackLabel: (index: number, again: number) =>
        t.chat.footnoteBack(again > 1 ? `${index + 1}-${again}` : String(index + 1)),
    }),
    [t],
  );
}

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const footnotes = useFootnoteWords();
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={plugins}
        remarkRehypeOptions={footnotes}
        components={components}
        urlTransform={replyUrl}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
