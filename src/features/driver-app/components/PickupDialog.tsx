import { useState } from 'react';
import { BarcodeScanner } from '../../../ui/BarcodeScanner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { matchesDelivery } from '../barcode';
import type { DriverTask } from '../schema';

/**
 * Picked up: scan the package label with the camera or a hardware scanner, or type its code (the
 * barcode holds the delivery code), or confirm by hand when the label is damaged or unreadable.
 */
export function PickupDialog({ task, open, onClose, onPickedUp }: { task: DriverTask; open: boolean; onClose: () => void; onPickedUp: (scanned: boolean) => void }) {
  const [scanning, setScanning] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Pick up ${task.delivery_code}`}
      description={`${task.package_count} ${task.package_count === 1 ? 'package' : 'packages'} from ${task.pickup_address.full_address ?? 'the pickup address'}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={scanning ? 'secondary' : 'primary'} onClick={() => onPickedUp(false)}>
            Confirm by hand
          </Button>
        </>
      }
    >
      {/* The dialog unmounts with the sheet, and the scanner stops its camera as it goes. */}
      <BarcodeScanner
        label="Package barcode"
        onCameraChange={setScanning}
        scanningHint={`Point the camera at the label’s barcode (${task.delivery_code}).`}
        messages={{
          noCamera: 'This browser cannot use the camera. Type the label’s code, or confirm the pickup by hand.',
          blocked: 'The camera is blocked for this site. Allow it in your browser’s site settings to scan, or confirm the pickup by hand.',
          cameraFailed: 'No camera could be opened. Confirm the pickup by hand.',
          scannerFailed: 'The scanner could not start. Confirm the pickup by hand.',
        }}
        onScan={(code) => {
          if (!matchesDelivery(code, task)) return `That label is ${code}, not ${task.delivery_code}. Scan this delivery’s package.`;
          onPickedUp(true);
        }}
      />
    </Dialog>
  );
}
