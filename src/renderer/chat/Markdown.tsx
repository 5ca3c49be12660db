/** A reply as markdown (GitHub flavour), code blocks highlighted, links opened outside the app. */
import { isValidElement, memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useT } from '../i18n.js';
import { Icon } from '../ui/icons.js';
import { useCopy } from '../ui/useCopy.js';
import { highlight } from './highlight.js';

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

const components: Components = {
  pre({ children }) {
    const child = Array.isArray(children) ? children[0] : children;
    const className = isValidElement<{ className?: string }>(child) ? (child.props.className ?? '') : '';
    const language = /language-([\w+#-]+)/.exec(className)?.[1]?.toLowerCase();
    return <FencedCode code={textOf(children).replace(/\n$/, '')} language={language} />;
  },
  a({ href, children }) {
    return (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {children}
      </a>
    );
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

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={plugins} components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
