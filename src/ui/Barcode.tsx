import bwipjs from 'bwip-js/browser';
import { useMemo } from 'react';
import { useT } from '../lib/i18n/catalogue';
import { uiMessages } from './messages';

/**
 * A Code 128 barcode of `text` as an inline SVG (bwip-js, vector: sharp on screen and on paper),
 * with the text under it for people. A text bwip-js cannot encode shows the text alone.
 */
export function Barcode({ text, height = 12, className }: { text: string; height?: number; className?: string }) {
  const t = useT(uiMessages);
  const svg = useMemo(() => {
    try {
      return bwipjs.toSVG({ bcid: 'code128', text, scale: 2, height, includetext: false });
    } catch {
      return null;
    }
  }, [text, height]);
  return (
    <figure className={className}>
      {svg && (
        <div
          role="img"
          aria-label={t('barcode.label', { code: text })}
          className="h-14 w-56 [&>svg]:h-full [&>svg]:w-full"
          // bwip-js's own SVG of a checked text: no markup of ours or the user's goes in.
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      <figcaption className="mt-1 font-mono text-xs tracking-widest">{text}</figcaption>
    </figure>
  );
}
