import { useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import SmoothSignature from 'signature_pad';
import { useT } from '../lib/i18n/catalogue';
import { Button } from './Button';
import { controlClassName, describedBy, FieldNotes, labelClassName } from './form/FieldFrame';
import { uiMessages } from './messages';

const PEN = 'rgb(15,23,42)';

/**
 * A PNG of the canvas as it is now, or null when the browser cannot make one. Synchronous
 * (toDataURL, not toBlob): the value is the form's the moment a stroke ends or a letter is typed, so
 * a submit pressed right after (Enter on a typed name) never goes without the signature it shows.
 */
function canvasPng(canvas: HTMLCanvasElement): Blob | null {
  let url: string;
  try {
    url = canvas.toDataURL('image/png');
  } catch {
    return null;
  }
  const comma = url.indexOf(',');
  if (!url.startsWith('data:image/png') || comma < 0) return null;
  const bytes = atob(url.slice(comma + 1));
  const png = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) png[i] = bytes.charCodeAt(i);
  return new Blob([png], { type: 'image/png' });
}

export interface SignaturePadProps {
  label: string;
  /** Marks the label; the screen's check is what enforces it. */
  required?: boolean | undefined;
  /** A hint under the pad, announced with it (e.g. 'Ask the recipient to sign with a finger.'). */
  help?: ReactNode;
  /** Shown under the pad and announced with it; marks the pad invalid. */
  error?: string | undefined;
  /** The PNG of the drawing after each stroke; null once cleared. */
  onChange: (png: Blob | null) => void;
  /** After each stroke and after Clear: where a form marks the field as touched. */
  onBlur?: (() => void) | undefined;
  /** The value the screen holds: null clears the pad (a form reset). A drawing cannot be set from outside. */
  value?: Blob | null | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** The canvas, focusable by script only: a form moves focus to it when its value is refused. */
  ref?: Ref<HTMLCanvasElement>;
}

/**
 * A signature drawn on the screen (signature_pad: smooth strokes from touch, pen or mouse), at the
 * screen's pixel density on white, so the PNG is sharp and has no transparency. Clear starts over.
 * Whoever cannot draw (a keyboard, a screen reader) types the signer's name instead: it is written on
 * the pad in a handwriting face and handed over as the same kind of PNG. A stroke replaces it.
 */
export function SignaturePad({ label, required, help, error, onChange, onBlur, value, disabled, className, ref }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SmoothSignature | null>(null);
  const id = useId();
  const t = useT(uiMessages);
  const [typed, setTyped] = useState('');
  const typedRef = useRef('');
  useImperativeHandle(ref, () => canvasRef.current as HTMLCanvasElement, []);
  const handlers = useRef({ onChange, onBlur });
  useEffect(() => {
    handlers.current = { onChange, onBlur };
  }, [onChange, onBlur]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SmoothSignature(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: PEN });
    padRef.current = pad;
    // A drawing replaces a typed name: the pad starts clean for the first stroke.
    const began = () => {
      if (!typedRef.current) return;
      typedRef.current = '';
      setTyped('');
        pad.clear();
    };
    pad.addEventListener('beginStroke', began);
    const ended = () => {
      handlers.current.onChange(pad.isEmpty() ? null : canvasPng(canvas));
      handlers.current.onBlur?.();
    };
    pad.addEventListener('endStroke', ended);
    return () => {
      pad.removeEventListener('beginStroke', began);
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  useEffect(() => {
    if (value !== null) return;
    if (padRef.current && !padRef.current.isEmpty()) padRef.current.clear();
    if (typedRef.current) {
      typedRef.current = '';
      setTyped('');
      padRef.current?.clear();
    }
  }, [value]);

  const clear = () => {
    padRef.current?.clear();
    typedRef.current = '';
    setTyped('');
    handlers.current.onChange(null);
    handlers.current.onBlur?.();
  };

  const type = (name: string) => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    typedRef.current = name;
    setTyped(name);
    if (!canvas || !pad) return;
    pad.clear();
    if (!name.trim()) {
      handlers.current.onChange(null);
      return;
    }
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = PEN;
      context.font = 'italic 2rem "Segoe Script", "Brush Script MT", "URW Chancery L", cursive';
      context.textBaseline = 'middle';
      context.fillText(name.trim(), 16, canvas.offsetHeight / 2, Math.max(canvas.offsetWidth - 32, 1));
    }
    handlers.current.onChange(canvasPng(canvas));
  };

  return (
    <div className={className}>
      <div className="flex items-center justify-between">
        <span id={`${id}-label`} className={labelClassName(required)}>
          {label}
        </span>
        <Button variant="secondary" onClick={clear} disabled={disabled} className="px-3 py-1">
          {t('signature.clear')}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        id={id}
        role="img"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy(id, help, error)}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        data-testid="signature-pad"
        className={`mt-1.5 h-40 w-full touch-none rounded-lg border bg-white ${error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'} ${disabled ? 'opacity-60' : ''}`}
      />
      <FieldNotes id={id} help={help} error={error} />
      <label htmlFor={`${id}-typed`} className="mt-2 block text-xs font-medium text-slate-700 dark:text-slate-200">
        {t('signature.typed')}
      </label>
      <input
        id={`${id}-typed`}
        type="text"
        autoComplete="off"
        value={typed}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => type(event.target.value)}
        onBlur={() => handlers.current.onBlur?.()}
        className={`mt-1 ${controlClassName(error)}`}
      />
    </div>
  );
}
