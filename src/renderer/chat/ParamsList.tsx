/** An approval's parameters, readably: one row per top-level key, long values in full. */
import { prettyJson } from '../ui/format.js';

export function ParamsList({ params }: { params: unknown }) {
  if (!params || typeof params !== 'object' || Array.isArray(params)) {
    return <pre className="params-raw">{prettyJson(params)}</pre>;
  }
  const entries = Object.entries(params as Record<string, unknown>);
  if (entries.length === 0) return null;
  return (
    <dl className="params">
      {entries.map(([key, value]) => (
        <div key={key} className="params-row">
          <dt>{key}</dt>
          <dd>{typeof value === 'string' ? value : prettyJson(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
