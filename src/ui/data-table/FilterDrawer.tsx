import { useId, type ReactNode } from 'react';
import { Button } from '../Button';
import { Drawer } from '../Drawer';
import { useT } from '../../lib/i18n/catalogue';
import { uiMessages } from '../messages';

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
export function FilterDrawer({ open, onClose, onApply, onReset, title, children }: FilterDrawerProps) {
  const t = useT(uiMessages);
  const formId = useId();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title ?? t('table.filters')}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onReset}>
            {t('filters.reset')}
          </Button>
          <Button type="submit" form={formId}>
            {t('filters.apply')}
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
