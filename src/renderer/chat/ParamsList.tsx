/**
 * An approval's parameters, readably: one row per top-level key, long values in full, and every
 * character visible for what it is (a mark that reorders text, or a letter of another script passing
 * for a Latin one, shows as \uXXXX, as in WeChat), and long runs of blank lines or spaces counted.
 */
import { shownToDecide, visibleText, withLookAlikesShown } from '../../shared/visible-text.js';
import { prettyJson } from '../ui/format.js';

export function ParamsList({ params }: { params: unknown }) {
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    return <pre className="params-raw">{shownToDecide(prettyJson(params))}</pre>;
  }
  const entries = Object.entries(params as Record<string, unknown>);
  if (entries.length === 0) return null;
  return (
    <dl className="params">
      {entries.map(([key, value]) => (
        <div key={key} className="params-row">
          <dt>{withLookAlikesShown(visibleText(key))}</dt>
          <dd>{shownToDecide(typeof value === 'string' ? value : prettyJson(value))}</dd>
        </div>
      ))}
    </dl>
  );
}
