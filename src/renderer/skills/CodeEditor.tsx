/**
 * The SKILL.md editor: CodeMirror 6, uncontrolled (remount with a new `key` to load another file).
 * Problems from validation show in the gutter and under the text; Ctrl/Cmd+S saves.
 */
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import type { SkillProblemInfo } from '../../shared/contract.js';
import { useT, type Strings } from '../i18n.js';
import { problemText } from './problem-text.js';
import { editorTheme, hiddenCharactersShown, skillLanguage } from './editor-setup.js';

export interface CodeEditorHandle {
  goToLine: (line: number) => void;
  /** The editor has the keyboard focus. */
  hasFocus: () => boolean;
}

interface Props {
  initial: string;
  readOnly: boolean;
  label: string;
  problems: SkillProblemInfo[];
  onChange: (text: string) => void;
  onSave: () => void;
  handle?: (handle: CodeEditorHandle) => void;
  /** Takes the focus once made (a new skill's template, to write in at once; the one it replaces had it). */
  autoFocus?: boolean;
}

function toDiagnostics(t: Strings, state: EditorState, problems: SkillProblemInfo[]): Diagnostic[] {
  return problems.map((problem) => {
    const line = state.doc.line(Math.max(1, Math.min(state.doc.lines, problem.line ?? 1)));
    return { from: line.from, to: line.to, severity: problem.severity, message: problemText(t, problem) };
  });
}

export function CodeEditor({ initial, readOnly, label, problems, onChange, onSave, handle, autoFocus }: Props) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(undefined);
  const callbacks = useRef({ onChange, onSave });
  useEffect(() => {
    callbacks.current = { onChange, onSave };
  });

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial,
        extensions: [
          basicSetup,
          hiddenCharactersShown,
          skillLanguage(),
          editorTheme,
          lintGutter(),
          EditorView.lineWrapping,
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                callbacks.current.onSave();
                return true;
              },
            },
          ]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    if (autoFocus) editor.focus();
    handle?.({
      goToLine(line: number) {
        const target = editor.state.doc.line(Math.max(1, Math.min(editor.state.doc.lines, line)));
        editor.dispatch({ selection: { anchor: target.from }, scrollIntoView: true });
        editor.focus();
      },
      hasFocus: () => editor.hasFocus,
    });
    return () => {
      editor.destroy();
      view.current = undefined;
    };
    // The editor is created once per mount: the parent remounts it to load another file.
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, toDiagnostics(t, editor.state, problems)));
  }, [problems, t]);

  return <div className="code-editor" ref={host} data-testid="skill-editor" />;
}
