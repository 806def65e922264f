import type { FieldPath, FieldValues } from 'react-hook-form';
import { BarcodeScanner, type BarcodeScannerProps, type ScanSource, type ScanVerdict } from '../BarcodeScanner';
import { useBoundText, type BoundFieldProps } from './bind';

export interface BarcodeFieldProps<T extends FieldValues, N extends FieldPath<T>, O>
  extends BoundFieldProps<T, N, O>,
    Pick<BarcodeScannerProps, 'placeholder' | 'autoFocus' | 'scanLabel' | 'scanningHint' | 'messages' | 'onCameraChange' | 'createDetector'> {
  /** Checks a code before it becomes the value: a message refuses it (shown, the value stays). */
  onScan?: ((code: string, source: ScanSource) => ScanVerdict) | undefined;
}

/**
 * A code read by camera, hardware scanner or typing, bound to the form; holds a string ('' when
 * empty). Typing edits the value as a text field does; a code from the camera or ended by Enter
 * replaces it (trimmed), unless `onScan` refuses it.
 */
export function BarcodeField<T extends FieldValues, N extends FieldPath<T>, O = T>({ name, control, onScan, ...props }: BarcodeFieldProps<T, N, O>) {
  const { fieldRef, onChange, text } = useBoundText({ name, control });
  return (
    <BarcodeScanner
      {...props}
      ref={fieldRef}
      {...text}
      onValueChange={onChange}
      onScan={(code, source) => {
        const verdict = onScan?.(code, source);
        if (typeof verdict !== 'string') onChange(code);
        return verdict;
      }}
    />
  );
}
