import { useId, type ReactNode } from 'react';
import { Button } from '../Button';
import { Drawer } from '../Drawer';

export interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Writes the drawer's values to the list (and closes it). */
  onApply: () => void;
  /** Clears every filter of the list (and closes it). */
  onReset: () => void;
  title?: string;
  children: ReactNode;
}

/** The screen's filter fields in a side drawer, applied together so the list reloads once. */
export function FilterDrawer({ open, onClose, onApply, onReset, title = 'Filters', children }: FilterDrawerProps) {
  const formId = useId();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onReset}>
            Reset
          </Button>
          <Button type="submit" form={formId}>
            Apply
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        {children}
      </form>
    </Drawer>
  );
}
