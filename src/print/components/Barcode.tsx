import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';

interface Props {
  value: string;
  /** Bar height in CSS pixels. */
  height?: number;
  /** Width of the narrowest bar in CSS pixels. */
  moduleWidth?: number;
  /** Print the value under the bars. */
  showText?: boolean;
  className?: string;
}

/**
 * A CODE128 barcode as SVG (jsbarcode): vector bars stay sharp at any printer resolution. Drawn in a
 * layout effect, so it is complete before the page reports itself ready (../ready.ts); marked
 * data-barcode-ready once drawn, data-barcode-error if the value cannot be encoded.
 */
export function Barcode({ value, height = 48, moduleWidth = 1.6, showText = true, className }: Props) {
  const ref = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    svg.removeAttribute('data-barcode-ready');
    try {
      JsBarcode(svg, value, {
        format: 'CODE128',
        width: moduleWidth,
        height,
        // Scanners need a quiet zone of ten modules on both sides; none above or below.
        margin: 0,
        marginLeft: 10 * moduleWidth,
        marginRight: 10 * moduleWidth,
        displayValue: showText,
        font: 'monospace',
        fontSize: 12,
        textMargin: 2,
        background: '#ffffff',
        lineColor: '#000000',
      });
      svg.setAttribute('data-barcode-ready', 'true');
    } catch {
      // CODE128 takes any ASCII; a value outside it is shown as text by the caller, never as bars.
      svg.setAttribute('data-barcode-error', 'true');
      svg.setAttribute('data-barcode-ready', 'true');
    }
  }, [value, height, moduleWidth, showText]);
  return <svg ref={ref} className={className} data-barcode={value} role="img" aria-label={`条码 ${value}`} />;
}
