import { useId, type ReactNode } from 'react';

export interface LabelledFilterProps {
  label: string;
  /** The control, given the id its label points at. */
  children: (id: string) => ReactNode;
}

/** A filter drawer's control under the label that names it: the frame of FilterSelect, FilterText and FilterDate. */
export function LabelledFilter({ label, children }: LabelledFilterProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
