/** Whether a scanned value is this delivery's label (the barcode holds the delivery code). */
export function matchesDelivery(scanned: string, delivery: { barcode: string; delivery_code: string }): boolean {
  const value = scanned.trim().toUpperCase();
  return value === delivery.barcode.trim().toUpperCase() || value === delivery.delivery_code.trim().toUpperCase();
}
