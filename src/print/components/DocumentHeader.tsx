import type { ReactNode } from 'react';
import { Barcode } from './Barcode';

export const COMPANY = '鲜丰生鲜';

interface Props {
  /** Document title, e.g. 拣货单. */
  title: string;
  /** Document code: printed and encoded as the barcode. */
  code: string;
  /** A second line under the company, e.g. the legal entity of a transfer. */
  companySub?: string | null;
  /** Status or type stamp under the company. */
  stamp?: ReactNode;
}

/** Company, title and the code's barcode: the first lines of every document. */
export function DocumentHeader({ title, code, companySub, stamp }: Props) {
  return (
    <header className="pr-head">
      <div>
        <div className="pr-company">{COMPANY}</div>
        {companySub ? <div className="pr-company-sub">{companySub}</div> : null}
        {stamp ? <div className="pr-stamp">{stamp}</div> : null}
      </div>
      <h1 className="pr-title">{title}</h1>
      <div className="pr-head-code">
        <Barcode value={code} height={42} moduleWidth={1.5} />
      </div>
    </header>
  );
}
