import { useState } from 'react';
import { BarcodeScanner } from '../../../ui/BarcodeScanner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { matchesDelivery } from '../barcode';
import type { DriverTask } from '../schema';
import { useT } from '../../../lib/i18n/catalogue';
import { driverMessages } from '../messages';

/**
 * Picked up: scan the package label with the camera or a hardware scanner, or type its code (the
 * barcode holds the delivery code), or confirm by hand when the label is damaged or unreadable.
 */
export function PickupDialog({ task, open, onClose, onPickedUp }: { task: DriverTask; open: boolean; onClose: () => void; onPickedUp: (scanned: boolean) => void }) {
  const t = useT(driverMessages);
  const [scanning, setScanning] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('pickup.title', { code: task.delivery_code })}
      description={t('pickup.description', { count: task.package_count, address: task.pickup_address.full_address ?? t('pickup.theAddress') })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('deliver.cancel')}
          </Button>
          <Button variant={scanning ? 'secondary' : 'primary'} onClick={() => onPickedUp(false)}>
            {t('pickup.byHand')}
          </Button>
        </>
      }
    >
      {/* The dialog unmounts with the sheet, and the scanner stops its camera as it goes. */}
      <BarcodeScanner
        label={t('pickup.barcode')}
        onCameraChange={setScanning}
        scanningHint={t('pickup.hint', { code: task.delivery_code })}
        messages={{
          noCamera: t('pickup.noCamera'),
          blocked: t('pickup.blocked'),
          cameraFailed: t('pickup.cameraFailed'),
          scannerFailed: t('pickup.scannerFailed'),
        }}
        onScan={(code) => {
          if (!matchesDelivery(code, task)) return t('pickup.wrongLabel', { scanned: code, code: task.delivery_code });
          onPickedUp(true);
        }}
      />
    </Dialog>
  );
}
