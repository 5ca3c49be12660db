/**
 * CodeMirror for SKILL.md: markdown with YAML front matter, fenced blocks in the languages skills
 * use (JSON, shell, JavaScript, Python, PowerShell), colours from the theme's CSS variables.
 */
import { json } from '@codemirror/lang-json';
import { javascript } from '@codemirror/lang-javascript';
import { markdown } from '@codemirror/lang-markdown';
import { yamlFrontmatter } from '@codemirror/lang-yaml';
import {
  HighlightStyle,
  LanguageSupport,
  StreamLanguage,
  syntaxHighlighting,
  type Language,
} from '@codemirror/language';
import { powerShell } from '@codemirror/legacy-modes/mode/powershell';
import { python } from '@codemirror/legacy-modes/mode/python';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import type { Extension } from '@codemirror/state';
import { EditorView, highlightSpecialChars } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { HIDDEN_CHARACTER } from '../../shared/visible-text.js';

const shellLanguage = StreamLanguage.define(shell);
const pythonLanguage = StreamLanguage.define(python);
const powershellLanguage = StreamLanguage.define(powerShell);

function codeLanguage(info: string): Language | null {
  switch (info.trim().toLowerCase()) {
    case 'json':
    case 'jsonc':
      return json().language;
    case 'bash':
    case 'sh':
    case 'shell':
    case 'zsh':
      return shellLanguage;
    case 'js':
    case 'javascript':
    case 'node':
    case 'mjs':
      return javascript().language;
    case 'ts':
    case 'typescript':
      return javascript({ typescript: true }).language;
    case 'python':
    case 'py':
    case 'python3':
      return pythonLanguage;
    case 'powershell':
    case 'ps1':
    case 'pwsh':
      return powershellLanguage;
    default:
      return null;
  }
}

export function skillLanguage(): LanguageSupport {
  return yamlFrontmatter({ content: markdown({ codeLanguages: codeLanguage }) });
}

const highlightStyle = HighlightStyle.define([
  { tag: tags.heading, color: 'var(--syntax-heading)', fontWeight: '600' },
  { tag: [tags.strong], fontWeight: '600' },
  { tag: [tags.emphasis], fontStyle: 'italic' },
  { tag: [tags.link, tags.url], color: 'var(--syntax-link)' },
  { tag: [tags.monospace], color: 'var(--syntax-string)' },
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword], color: 'var(--syntax-keyword)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--syntax-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--syntax-number)' },
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--syntax-property)' },
  { tag: [tags.comment, tags.meta, tags.processingInstruction], color: 'var(--syntax-comment)' },
  { tag: [tags.variableName, tags.special(tags.variableName)], color: 'var(--syntax-variable)' },
  { tag: [tags.function(tags.variableName)], color: 'var(--syntax-function)' },
  { tag: [tags.contentSeparator, tags.list, tags.quote], color: 'var(--syntax-comment)' },
]);

export const editorTheme: Extension = [
  EditorView.theme({
    '&': { height: '100%', fontSize: '12.5px', backgroundColor: 'var(--bg-editor)', color: 'var(--text)' },
    '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
    '.cm-content': { caretColor: 'var(--text)' },
    '.cm-gutters': {
      backgroundColor: 'var(--bg-editor)',
      color: 'var(--text-faint)',
      borderRight: '1px solid var(--border)',
    },
    '.cm-activeLine': { backgroundColor: 'var(--bg-editor-active)' },
    '.cm-activeLineGutter': { backgroundColor: 'var(--bg-editor-active)', color: 'var(--text-muted)' },
    '&.cm-focused': { outline: 'none' },
    '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--text)' },
    '.cm-selectionBackground, &.cm-focused .cm-selectionBackground, ::selection': {
      backgroundColor: 'var(--selection) !important',
    },
    '.cm-tooltip': {
      backgroundColor: 'var(--bg-raised)',
      color: 'var(--text)',
      border: '1px solid var(--border)',
      borderRadius: '6px',
    },
    '.cm-panels': { backgroundColor: 'var(--bg-subtle)', color: 'var(--text)' },
    '.cm-searchMatch': { backgroundColor: 'var(--search-match)' },
    '.cm-foldPlaceholder': { backgroundColor: 'var(--bg-subtle)', border: 'none', color: 'var(--text-muted)' },
  }),
  syntaxHighlighting(highlightStyle),
];

/**
 * Every character a review shows as \uXXXX (visibleText) is shown in the editor too, as a marked
 * placeholder. CodeMirror's own list leaves out bidi embeddings (U+202A–U+202C), the first-strong
 * isolate (U+2068), joiners and fillers (U+3164, which JavaScript takes in a name): a script that
 * reads otherwise than it runs would look clean here, and saving it here counts as reviewing it.
 */
export const hiddenCharactersShown: Extension = highlightSpecialChars({ addSpecialChars: HIDDEN_CHARACTER });
