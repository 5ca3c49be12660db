/**
 * A skill's review: every file its version covers, as the core read them (text shown, every hidden
 * character visible; binary and large files named with their size), and "Mark as reviewed", which
 * marks exactly the version shown: the core refuses it if the folder has changed since.
 */
import { useEffect, useRef, useState } from 'react';
import type { SkillVersion } from '../../shared/contract.js';
import { visibleLine, visibleText } from '../../shared/visible-text.js';
import { client, errorText } from '../api/client.js';
import { useToast } from '../app/Toasts.js';
import { useT } from '../i18n.js';
import { Dialog } from '../ui/Dialog.js';
import { Spinner } from '../ui/Spinner.js';

interface Props {
  /** The skill to review; the dialog is closed without one. */
  name: string | undefined;
  onClose: () => void;
  /** After a review was asked for, marked or refused: the skills' state has changed or is stale. */
  onDone: () => void;
  /** The skill it shows was marked as reviewed: told just before the dialog closes. */
  onMarked?: (name: string) => void;
}

export function ReviewDialog({ name, onClose, onDone, onMarked }: Props) {
  const t = useT();
  const toast = useToast();
  const [version, setVersion] = useState<SkillVersion>();
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [busy, setBusy] = useState(false);
  /** The skill the dialog shows now, for a mark answered later. */
  const shownName = useRef(name);
  useEffect(() => {
    shownName.current = name;
  });

  useEffect(() => {
    setVersion(undefined);
    setFailure(undefined);
    if (name === undefined) return;
    let live = true;
    client.call.showSkillVersion(name).then(
      (shown) => {
        if (live) setVersion(shown);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [name]);

  const mark = async () => {
    if (!version || busy) return;
    setBusy(true);
    let marked = false;
    try {
      // The hash of the files shown: marked only if the folder still holds exactly them.
      await client.call.reviewSkill(version.name, version.hash);
      toast({ tone: 'success', title: t.skills.reviewedToast(version.name) });
      marked = true;
    } catch (err) {
      toast({ tone: 'error', title: t.skills.reviewFailed, body: errorText(t, err) });
    } finally {
      setBusy(false);
      // Closed only if it still shows that skill: one closed meanwhile, and another opened, stays open.
      if (shownName.current === version.name) {
        if (marked) onMarked?.(version.name);
        onClose();
      }
      onDone();
    }
  };

  return (
    <Dialog
      open={name !== undefined}
      title={t.skills.reviewTitle(name ?? '')}
      onClose={onClose}
      onSubmit={() => void mark()}
      testId="skill-review-dialog"
      wide
      footer={
        <>
          <button type="button" className="button" onClick={onClose} data-testid="skill-review-cancel">
            {t.common.cancel}
          </button>
          <button
            type="submit"
            className="button button-primary"
            data-testid="skill-review-mark"
            disabled={!version || busy}
          >
            {busy && <Spinner size={12} />} {t.skills.markReviewed}
          </button>
        </>
      }
    >
      {failure && (
        <p className="notice notice-error" role="alert">
          {t.skills.reviewLoadFailed}: {errorText(t, failure.error)}
        </p>
      )}
      {!version && !failure && <Spinner />}
      {version && (
        <div className="review-version" data-testid="skill-review-version" data-hash={version.hash}>
          <p>{t.skills.reviewIntro}</p>
          <p className="muted review-dir" dir="ltr">
            {visibleLine(version.dir)}
          </p>
          <h3>{t.skills.reviewFiles(version.files.length)}</h3>
          <ul className="review-file-list">
            {version.files.map((file) => (
              <li key={file.path} data-testid="skill-review-file" data-path={file.path}>
                <code dir="ltr">{visibleLine(file.path)}</code>
                {file.size !== null && <span className="muted"> · {t.skills.fileSize(file.size)}</span>}
                {file.notShown && (
                  <span className="review-not-shown" data-testid="skill-review-not-shown">
                    {' '}
                    ({t.skills.notShown[file.notShown]})
                  </span>
                )}
              </li>
            ))}
          </ul>
          {version.files.map(
            (file) =>
              file.text !== undefined && (
                <section key={file.path} className="review-file" data-testid="skill-review-text" data-path={file.path}>
                  <h4 dir="ltr">{visibleLine(file.path)}</h4>
                  <pre dir="ltr">{visibleText(file.text)}</pre>
                </section>
              ),
          )}
          <p className="muted review-hash">{t.skills.reviewVersion(version.hash)}</p>
        </div>
      )}
    </Dialog>
  );
}
