import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cameraAvailable, createDetector as createBrowserDetector, detectorAvailable, type Detector } from '../lib/barcode-detector';
import { useT } from '../lib/i18n/catalogue';
import { Button } from './Button';
import { controlClassName, describedBy, FieldFrame } from './form/FieldFrame';
import { en as kitWords } from './messages/en';
import { uiMessages } from './messages';

/** What the scanner says when the camera cannot be used; the screen may say what to do instead. */
export interface ScannerMessages {
  /** No camera API here (an insecure page, an old browser), or no way to read barcodes: said before anything is tried. */
  noCamera: string;
  /** The user or the browser refused the camera. */
  blocked: string;
  /** The camera could not be opened (none attached, in use elsewhere). */
  cameraFailed: string;
  /** The camera opened but no barcode reader could start. */
  scannerFailed: string;
}

/** The scanner's own messages in English (the kit's catalogue speaks them in the page's language). */
export const SCANNER_MESSAGES: ScannerMessages = {
  noCamera: kitWords['scanner.noCamera'],
  blocked: kitWords['scanner.blocked'],
  cameraFailed: kitWords['scanner.cameraFailed'],
  scannerFailed: kitWords['scanner.scannerFailed'],
};

/** Where a code came from: the camera, or the text input (typed, or a hardware scanner typing it). */
export type ScanSource = 'camera' | 'keyboard';

/** What the screen answers to a code: a message refuses it (shown, and scanning goes on); anything else accepts it. */
export type ScanVerdict = string | null | undefined | void;

export interface BarcodeScannerProps {
  /** The code input's label, e.g. 'Package barcode'. */
  label: string;
  /** Each code read: from the camera (once per new value) or the input (on Enter). */
  onScan: (code: string, source: ScanSource) => ScanVerdict;
  /** The input's text when the screen holds it (a form field); otherwise the scanner keeps it and empties it after each accepted code. */
  value?: string | undefined;
  onValueChange?: ((text: string) => void) | undefined;
  onBlur?: (() => void) | undefined;
  name?: string | undefined;
  required?: boolean | undefined;
  help?: ReactNode;
  error?: string | undefined;
  disabled?: boolean | undefined;
  placeholder?: string | undefined;
  autoFocus?: boolean | undefined;
  className?: string | undefined;
  /** The camera button's words. */
  scanLabel?: string | undefined;
  /** Said while the camera looks for a barcode. */
  scanningHint?: ReactNode;
  messages?: Partial<ScannerMessages> | undefined;
  /** Told when the camera starts and stops (a screen may demote its other actions meanwhile). */
  onCameraChange?: ((on: boolean) => void) | undefined;
  /** The barcode reader; the browser's (or the bundled polyfill) unless a test gives its own. */
  createDetector?: (() => Promise<Detector>) | undefined;
  ref?: Ref<HTMLInputElement>;
}

type Camera = { kind: 'off' } | { kind: 'starting' } | { kind: 'loading' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

const FRAME_INTERVAL_MS = 250;

/**
 * A barcode input that reads codes three ways: the camera (BarcodeDetector, or its bundled polyfill),
 * a hardware scanner (a keyboard wedge: it types the code and Enter into the focused input), or
 * typing. Where the camera cannot be used it says why, once, and the input still works. The camera
 * stops when a code is accepted, when the scanner leaves the screen, and when it fails.
 */
export function BarcodeScanner({
  label,
  onScan,
  value,
  onValueChange,
  onBlur,
  name,
  required,
  help,
  error,
  disabled,
  placeholder,
  autoFocus,
  className,
  scanLabel,
  scanningHint,
  messages,
  onCameraChange,
  createDetector = createBrowserDetector,
  ref,
}: BarcodeScannerProps) {
  const t = useT(uiMessages);
  const words: ScannerMessages = {
    noCamera: t('scanner.noCamera'),
    blocked: t('scanner.blocked'),
    cameraFailed: t('scanner.cameraFailed'),
    scannerFailed: t('scanner.scannerFailed'),
    ...messages,
  };
  const id = useId();
  const [ownText, setOwnText] = useState('');
  const text = value ?? ownText;
  const [camera, setCamera] = useState<Camera>({ kind: 'off' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [canUseCamera] = useState(() => cameraAvailable() && detectorAvailable());
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const latest = useRef({ onScan, onCameraChange });
  useEffect(() => {
    latest.current = { onScan, onCameraChange };
  }, [onScan, onCameraChange]);

  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
  };
  useEffect(() => stop, []);

  const active = camera.kind === 'starting' || camera.kind === 'loading' || camera.kind === 'scanning';
  useEffect(() => {
    latest.current.onCameraChange?.(active);
  }, [active]);

  const setText = (next: string) => {
    if (value === undefined) setOwnText(next);
    onValueChange?.(next);
  };

  /** The screen's verdict on a code; true when accepted. */
  const judge = (code: string, source: ScanSource): boolean => {
    const verdict = latest.current.onScan(code, source);
    if (typeof verdict === 'string') {
      setRefusal(verdict);
      return false;
    }
    setRefusal(null);
    return true;
  };

  const start = async () => {
    setRefusal(null);
    setCamera({ kind: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (failure) {
      const denied = failure instanceof DOMException && failure.name === 'NotAllowedError';
      setCamera({ kind: 'failed', message: denied ? words.blocked : words.cameraFailed });
      return;
    }
    let running = true;
    stopRef.current = () => {
      running = false;
      stream.getTracks().forEach((track) => track.stop());
    };
    const video = videoRef.current;
    if (!video) {
      stop();
      return;
    }
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    setCamera({ kind: 'loading' });
    let detector: Detector;
    try {
      detector = await createDetector();
    } catch {
      stop();
      setCamera({ kind: 'failed', message: words.scannerFailed });
      return;
    }
    if (running) setCamera({ kind: 'scanning' });
    let refused: string | null = null;
    while (running) {
      const codes = await detector.detect(video).catch(() => []);
      const hit = codes.find((code) => code.rawValue)?.rawValue;
      // A refused label stays in view for many frames: the screen hears of it once.
      if (running && hit && hit !== refused) {
        if (judge(hit, 'camera')) {
          stop();
          setCamera({ kind: 'off' });
          return;
        }
        refused = hit;
      }
      await new Promise((resolve) => setTimeout(resolve, FRAME_INTERVAL_MS));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter ends a code here; it must not also submit a surrounding form.
    event.preventDefault();
    const code = event.currentTarget.value.trim();
    if (!code) return;
    // A code typed after the camera failed: its answer is what matters now, and the camera may be tried again.
    if (camera.kind === 'failed') setCamera({ kind: 'off' });
    if (judge(code, 'keyboard')) {
      stop();
      setCamera({ kind: 'off' });
      if (value === undefined) setOwnText('');
      else onValueChange?.(code);
    } else {
      // Selected, so the next scan replaces the refused code instead of adding to it.
      event.currentTarget.select();
    }
  };

  const statusId = `${id}-status`;
  return (
    <div className={`space-y-3 ${className ?? ''}`}>
      <video ref={videoRef} muted playsInline className={active ? 'aspect-video w-full rounded-lg bg-black object-cover' : 'hidden'} aria-label="Camera view" />
      {canUseCamera && camera.kind === 'off' && (
        <Button onClick={() => void start()} disabled={disabled} className="w-full py-3">
          {scanLabel ?? t('scanner.scan')}
        </Button>
      )}
      <div id={statusId}>
        {!canUseCamera && <p className="text-sm text-slate-600 dark:text-slate-400">{words.noCamera}</p>}
        {camera.kind === 'starting' && <p className="text-sm text-slate-600 dark:text-slate-400">Opening the camera…</p>}
        {camera.kind === 'loading' && <p className="text-sm text-slate-600 dark:text-slate-400">Starting the scanner…</p>}
        {camera.kind === 'scanning' && !refusal && <p className="text-sm text-slate-600 dark:text-slate-400">{scanningHint ?? t('scanner.scanning')}</p>}
        {camera.kind === 'failed' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {camera.message}
          </p>
        )}
        {refusal && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {refusal}
          </p>
        )}
      </div>
      <FieldFrame id={id} label={label} required={required} help={help} error={error}>
        <input
          id={id}
          ref={ref}
          name={name}
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          autoFocus={autoFocus}
          placeholder={placeholder ?? t('scanner.placeholder')}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[describedBy(id, help, error), statusId].filter(Boolean).join(' ')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          className={controlClassName(error)}
        />
      </FieldFrame>
    </div>
  );
}
