import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { createDetector, matchesDelivery } from '../barcode';
import type { DriverTask } from '../schema';

type ScanState = { kind: 'idle' } | { kind: 'starting' } | { kind: 'loading' } | { kind: 'scanning' } | { kind: 'wrong'; value: string } | { kind: 'failed'; message: string };

/**
 * Picked up: scan the package label with the camera (the barcode holds the delivery code), or
 * confirm by hand when the label is damaged or the camera is not available.
 */
export function PickupDialog({ task, open, onClose, onPickedUp }: { task: DriverTask; open: boolean; onClose: () => void; onPickedUp: (scanned: boolean) => void }) {
  const [scan, setScan] = useState<ScanState>({ kind: 'idle' });
  const videoRef = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<(() => void) | null>(null);

  const stop = () => {
    stopRef.current?.();
    stopRef.current = null;
  };
  useEffect(() => stop, []);

  const close = () => {
    stop();
    setScan({ kind: 'idle' });
    onClose();
  };

  const start = async () => {
    setScan({ kind: 'starting' });
    if (!navigator.mediaDevices?.getUserMedia) {
      setScan({ kind: 'failed', message: 'This browser cannot use the camera. Confirm the pickup by hand.' });
      return;
    }
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (error) {
      const denied = error instanceof DOMException && error.name === 'NotAllowedError';
      setScan({
        kind: 'failed',
        message: denied
          ? 'The camera is blocked for this site. Allow it in your browser’s site settings to scan, or confirm the pickup by hand.'
          : 'No camera could be opened. Confirm the pickup by hand.',
      });
      return;
    }
    let running = true;
    stopRef.current = () => {
      running = false;
      stream.getTracks().forEach((track) => track.stop());
    };
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    setScan({ kind: 'loading' });
    try {
      const detector = await createDetector();
      if (running) setScan({ kind: 'scanning' });
      while (running) {
        const codes = await detector.detect(video).catch(() => []);
        const hit = codes.find((code) => code.rawValue);
        if (hit && matchesDelivery(hit.rawValue, task)) {
          stop();
          setScan({ kind: 'idle' });
          onPickedUp(true);
          return;
        }
        if (hit) setScan({ kind: 'wrong', value: hit.rawValue });
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } catch {
      stop();
      setScan({ kind: 'failed', message: 'The scanner could not start. Confirm the pickup by hand.' });
    }
  };

  const active = scan.kind === 'starting' || scan.kind === 'loading' || scan.kind === 'scanning' || scan.kind === 'wrong';
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Pick up ${task.delivery_code}`}
      description={`${task.package_count} ${task.package_count === 1 ? 'package' : 'packages'} from ${task.pickup_address.full_address ?? 'the pickup address'}`}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant={active ? 'secondary' : 'primary'}
            onClick={() => {
              stop();
              setScan({ kind: 'idle' });
              onPickedUp(false);
            }}
          >
            Confirm by hand
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <video ref={videoRef} muted playsInline className={active ? 'aspect-video w-full rounded-lg bg-black object-cover' : 'hidden'} aria-label="Camera view" />
        {scan.kind === 'idle' && (
          <Button onClick={() => void start()} className="w-full py-3">
            Scan barcode
          </Button>
        )}
        {scan.kind === 'starting' && <p className="text-sm text-slate-600 dark:text-slate-400">Opening the camera…</p>}
        {scan.kind === 'loading' && <p className="text-sm text-slate-600 dark:text-slate-400">Starting the scanner…</p>}
        {scan.kind === 'scanning' && <p className="text-sm text-slate-600 dark:text-slate-400">Point the camera at the label’s barcode ({task.delivery_code}).</p>}
        {scan.kind === 'wrong' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            That label is {scan.value}, not {task.delivery_code}. Scan this delivery’s package.
          </p>
        )}
        {scan.kind === 'failed' && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {scan.message}
          </p>
        )}
      </div>
    </Dialog>
  );
}
