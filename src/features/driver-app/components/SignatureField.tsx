import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Button } from '../../../ui/Button';
import { labelClassName } from '../../../ui/form/FieldFrame';

/** A PNG of the canvas, or null when nothing is drawn. */
function canvasToBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/png'));
}

/**
 * The recipient signs on the phone (signature_pad: smooth strokes from touch, pen or mouse). The
 * field's value is the PNG of the drawing, updated after each stroke; Clear starts over.
 */
export function SignatureField({ required, error, onChange }: { required: boolean; error?: string | undefined; onChange: (png: Blob | null) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const id = useId();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // Draw at the screen's pixel density so the signature is sharp, with a white background (PNG without transparency).
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: 'rgb(15,23,42)' });
    padRef.current = pad;
    const ended = () => {
      void canvasToBlob(canvas).then((blob) => onChangeRef.current(pad.isEmpty() ? null : blob));
    };
    pad.addEventListener('endStroke', ended);
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(null);
  };

  return (
    <div>
      <div className="flex items-center justify-between">
        <span id={`${id}-label`} className={labelClassName(required)}>
          Signature
        </span>
        <Button variant="secondary" onClick={clear} className="px-3 py-1">
          Clear
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-help`}
        aria-invalid={error ? true : undefined}
        data-testid="signature-pad"
        className={`mt-1.5 h-40 w-full touch-none rounded-lg border bg-white ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          Ask the recipient to sign with a finger.
        </p>
      )}
    </div>
  );
}
