import { splitCodes } from '../format';

/** A comma-separated list of document codes (e.g. referCode, SPEC 3) as separate chips. */
export function CodeList({ value }: { value: string | null | undefined }) {
  const codes = splitCodes(value);
  if (codes.length === 0) return null;
  return (
    <span className="pr-codes">
      {codes.map((code) => (
        <span key={code} className="pr-code-chip">
          {code}
        </span>
      ))}
    </span>
  );
}
